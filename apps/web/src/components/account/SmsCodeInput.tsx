import { SafetyOutlined } from '@ant-design/icons';
import { AccountMessages as M, SMS_CODE, type SmsMode } from '@odp/contracts';
import { Button, type FormInstance, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { sendSms } from '@/api/account';
import { getCaptcha } from '@/api/auth';
import { feedback } from '@/api/feedback';

const newCheckKey = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

type Props = {
  form: FormInstance;
  /** The form field holding the number the code goes to (validated before the captcha opens). */
  mobileField: string;
  smsmode: SmsMode;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
};

/**
 * An SMS code field with its 获取验证码 button: the number is checked, an image captcha is asked in a
 * small dialog, the code is sent, and the button counts down 60 s (验证码发送中.. while sending).
 */
export function SmsCodeInput({ form, mobileField, smsmode, value, onChange, id }: Props) {
  const [left, setLeft] = useState(0);
  const [asking, setAsking] = useState<{ key: string; image?: string } | null>(null);
  const [captcha, setCaptcha] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const refresh = async () => {
    const key = newCheckKey();
    setAsking({ key });
    setCaptcha('');
    try {
      setAsking({ key, image: await getCaptcha(key) });
    } catch {
      // The image stays empty; a click asks again.
    }
  };

  const open = async () => {
    try {
      await form.validateFields([mobileField]);
    } catch {
      return;
    }
    setError(null);
    await refresh();
  };

  const countDown = () => {
    setLeft(SMS_CODE.resendMs / 1000);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1 && timer.current) clearInterval(timer.current);
        return s - 1;
      });
    }, 1000);
  };

  const send = async () => {
    if (!asking) return;
    if (!captcha.trim()) {
      setError(M.captchaRequired);
      return;
    }
    setSending(true);
    try {
      await sendSms({
        mobile: form.getFieldValue(mobileField),
        smsmode,
        captcha: captcha.trim(),
        checkKey: asking.key,
      });
      setAsking(null);
      feedback.message.success(M.smsSent);
      countDown();
    } catch (e) {
      const message = e instanceof Error ? e.message : M.smsTooFast;
      if (message === M.captchaWrong) {
        setError(message);
        void refresh();
      } else {
        setAsking(null);
        feedback.message.error(message);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="sms-code">
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        prefix={<SafetyOutlined />}
        placeholder="短信验证码"
        aria-label="短信验证码"
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <Button onClick={open} disabled={left > 0 || sending} loading={sending} className="sms-code-button">
        {sending ? '验证码发送中..' : left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
      </Button>
      <Modal
        title="请输入图形验证码"
        open={Boolean(asking)}
        onCancel={() => setAsking(null)}
        onOk={send}
        okText="发送验证码"
        cancelText="取 消"
        confirmLoading={sending}
        width={360}
        destroyOnHidden
      >
        <div className="login-captcha">
          <Input
            value={captcha}
            onChange={(e) => {
              setCaptcha(e.target.value);
              setError(null);
            }}
            onPressEnter={send}
            placeholder="图形验证码"
            aria-label="图形验证码"
            maxLength={8}
            autoComplete="off"
            status={error ? 'error' : undefined}
            autoFocus
          />
          <button type="button" className="login-captcha-image" onClick={refresh} title="看不清？换一张">
            {asking?.image ? <img src={asking.image} alt="图形验证码" /> : '获取验证码'}
          </button>
        </div>
        {error && (
          <div role="alert" className="sms-code-error">
            {error}
          </div>
        )}
      </Modal>
    </div>
  );
}
