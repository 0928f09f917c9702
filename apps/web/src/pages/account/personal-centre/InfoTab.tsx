import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import {
  ACCOUNT_TYPES,
  type AccountProfile,
  ChangePhoneInput,
  AccountMessages as M,
  ProfileUpdateInput,
  REAL_NAME_STATUS,
  RealNameInput,
} from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Descriptions, Empty, Form, Input, Modal, Skeleton, Space, Tag, Upload } from 'antd';
import { lazy, Suspense, useState } from 'react';
import {
  changePhone,
  endOtherSessions,
  endSession,
  getProfile,
  getSessions,
  submitRealName,
  updateProfile,
  uploadAvatar,
} from '@/api/account';
import { feedback } from '@/api/feedback';
import { SmsCodeInput } from '@/components/account/SmsCodeInput';
import { zodRule } from '@/components/ResourcePage/zod-rule';
import { getSession, saveUserInfo } from '@/session';

const PasswordModal = lazy(() => import('@/components/account/PasswordModal'));

const PROFILE_KEY = ['account', 'profile'] as const;
const SESSIONS_KEY = ['account', 'sessions'] as const;
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

/** Keeps the header's name and avatar in step with the account. */
function remember(profile: AccountProfile) {
  const { userInfo } = getSession();
  if (userInfo)
    saveUserInfo({
      ...userInfo,
      nickname: profile.nickname,
      avatar: profile.avatar,
      email: profile.email,
      realname: profile.realname,
    });
}

/** A device as people say it, from the browser's user agent. */
function deviceOf(userAgent: string | null) {
  if (!userAgent) return '未知设备';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '其他系统';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '浏览器';
  return `${os} · ${browser}`;
}

/**
 * 个人中心 › 基本信息 (`current=1`): the account (masked phone and 身份证 number, type, company), its
 * 实名认证 with the verify form, editing nickname / avatar / email, changing the phone with a code to the
 * new number; and 安全: the password and the live sessions.
 */
export default function InfoTab() {
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: getProfile });
  const [dialog, setDialog] = useState<'edit' | 'phone' | 'password' | null>(null);
  const close = () => setDialog(null);
  const updated = (p: AccountProfile) => {
    queryClient.setQueryData(PROFILE_KEY, p);
    remember(p);
  };

  if (profile.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!profile.data) return <Empty description="无法读取账号信息，请刷新重试" />;
  const p = profile.data;
  const company = p.accountType === '2';

  return (
    <div className="centre-panel centre-info">
      <section aria-labelledby="info-basic">
        <div className="centre-toolbar">
          <h2 id="info-basic">基本信息</h2>
          <Space wrap>
            <Button onClick={() => setDialog('edit')}>编辑资料</Button>
            <Button onClick={() => setDialog('phone')}>更换手机号</Button>
          </Space>
        </div>
        <div className="centre-info-head">
          <Avatar size={72} src={p.avatar || undefined} icon={<UserOutlined />} alt="头像" />
          <div>
            <div className="centre-info-name">{p.nickname || p.realname}</div>
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              customRequest={async ({ file, onSuccess, onError }) => {
                try {
                  const next = await uploadAvatar(file as File);
                  updated(next);
                  feedback.message.success(M.avatarSaved);
                  onSuccess?.(next);
                } catch (e) {
                  onError?.(e as Error);
                }
              }}
            >
              <Button size="small" icon={<UploadOutlined />}>
                更换头像
              </Button>
            </Upload>
            <div className="centre-info-hint">JPG、PNG 或 WebP，不超过 5MB</div>
          </div>
        </div>
        <Descriptions
          bordered
          size="middle"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            { key: 'username', label: '用户名', children: p.username },
            { key: 'type', label: '账号类型', children: `${ACCOUNT_TYPES[p.accountType]}用户` },
            { key: 'realname', label: company ? '单位名称' : '姓名', children: company ? p.companyName : p.realname },
            ...(company ? [{ key: 'credit', label: '统一社会信用代码', children: p.creditCode ?? '—' }] : []),
            { key: 'nickname', label: '昵称', children: p.nickname ?? '—' },
            { key: 'phone', label: '手机号码', children: p.phoneMasked ?? '未绑定' },
            { key: 'email', label: '电子邮箱', children: p.email ?? '—' },
            {
              key: 'status',
              label: '实名认证',
              children: (
                <Tag color={p.realNameStatus === 1 ? 'success' : 'default'}>{REAL_NAME_STATUS[p.realNameStatus]}</Tag>
              ),
            },
            ...(p.idNumberMasked
              ? [
                  { key: 'idName', label: '认证姓名', children: p.idName },
                  { key: 'idNumber', label: '身份证号码', children: p.idNumberMasked },
                ]
              : []),
            ...(p.departName ? [{ key: 'depart', label: '所属部门', children: p.departName }] : []),
            { key: 'created', label: '注册时间', children: time(p.createdAt) },
          ]}
        />
        {p.realNameStatus !== 1 && <RealNameForm profile={p} onDone={updated} />}
      </section>

      <section aria-labelledby="info-security" className="centre-security">
        <div className="centre-toolbar">
          <h2 id="info-security">安全</h2>
          <Button onClick={() => setDialog('password')}>修改密码</Button>
        </div>
        <SessionList />
      </section>

      {dialog === 'edit' && <EditDialog profile={p} onClose={close} onDone={updated} />}
      {dialog === 'phone' && <PhoneDialog onClose={close} onDone={updated} />}
      {dialog === 'password' && (
        <Suspense fallback={null}>
          <PasswordModal onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

const realNameShape = RealNameInput.shape;

function RealNameForm({ profile, onDone }: { profile: AccountProfile; onDone: (p: AccountProfile) => void }) {
  const [form] = Form.useForm<{ name: string; idNumber: string }>();
  const submit = useMutation({
    mutationFn: submitRealName,
    onSuccess: (next) => {
      onDone(next);
      form.resetFields();
      feedback.message.success(next.realNameStatus === 1 ? M.verifiedOk : M.verifyPending);
    },
  });
  return (
    <div className="centre-realname">
      <h3>实名认证</h3>
      {profile.realNameSubmittedAt ? (
        <Alert
          type="info"
          showIcon
          message={`已于 ${time(profile.realNameSubmittedAt)} 提交实名信息，待身份核验服务确认后生效；如信息有误可重新提交。`}
        />
      ) : (
        <p className="centre-info-hint">
          部分有条件开放数据须完成实名认证后方可申请。身份证号码仅用于核验，页面上脱敏显示。
        </p>
      )}
      <Form form={form} layout="inline" onFinish={(v) => submit.mutate(v)} className="centre-realname-form">
        <Form.Item name="name" label="真实姓名" rules={[zodRule(realNameShape.name)]}>
          <Input placeholder="与身份证一致" autoComplete="name" maxLength={32} />
        </Form.Item>
        <Form.Item name="idNumber" label="身份证号码" rules={[zodRule(realNameShape.idNumber)]}>
          <Input placeholder="18 位身份证号码" maxLength={18} autoComplete="off" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            提交认证
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}

const profileShape = ProfileUpdateInput.shape;

function EditDialog(props: { profile: AccountProfile; onClose: () => void; onDone: (p: AccountProfile) => void }) {
  const [form] = Form.useForm<{ nickname: string; email: string }>();
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (next) => {
      props.onDone(next);
      feedback.message.success(M.profileSaved);
      props.onClose();
    },
  });
  return (
    <Modal
      open
      title="编辑资料"
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取 消"
      confirmLoading={save.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ nickname: props.profile.nickname ?? '', email: props.profile.email ?? '' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="nickname" label="昵称" rules={[zodRule(profileShape.nickname)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="email" label="电子邮箱" rules={[zodRule(profileShape.email)]}>
          <Input autoComplete="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PhoneDialog(props: { onClose: () => void; onDone: (p: AccountProfile) => void }) {
  const [form] = Form.useForm<{ mobile: string; smscode: string }>();
  const save = useMutation({
    mutationFn: changePhone,
    onSuccess: (next) => {
      props.onDone(next);
      feedback.message.success(M.phoneChanged);
      props.onClose();
    },
  });
  return (
    <Modal
      open
      title="更换手机号"
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText="确认更换"
      cancelText="取 消"
      confirmLoading={save.isPending}
    >
      <p className="centre-info-hint">验证码将发送到新手机号，验证通过后账号改用新手机号登录与找回密码。</p>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item name="mobile" label="新手机号" rules={[zodRule(ChangePhoneInput.shape.mobile)]}>
          <Input maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="smscode" label="短信验证码" rules={[{ required: true, message: M.smsRequired }]}>
          <SmsCodeInput form={form} mobileField="mobile" smsmode="3" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SessionList() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: getSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const endOne = useMutation({
    mutationFn: endSession,
    onSuccess: () => {
      feedback.message.success(M.sessionEnded);
      void refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => {
      feedback.message.success(M.othersEnded);
      void refresh();
    },
  });
  if (sessions.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <div className="centre-sessions">
      <div className="centre-sessions-head">
        <h3>登录设备</h3>
        <Button
          danger
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() =>
            feedback.modal.confirm({
              title: '退出其他设备',
              content: `确定要退出其他 ${others} 台设备上的登录吗？`,
              okText: '退 出',
              cancelText: '取 消',
              onOk: () => endOthers.mutateAsync(),
            })
          }
        >
          退出其他设备
        </Button>
      </div>
      {list.length === 0 ? (
        <Empty description="没有有效的登录" />
      ) : (
        <ul className="centre-session-list">
          {list.map((s) => (
            <li key={s.id}>
              <div>
                <strong>{deviceOf(s.userAgent)}</strong> {s.current && <Tag color="blue">当前设备</Tag>}
                <div className="centre-info-hint">
                  {s.ip ?? '未知地址'} · 登录于 {time(s.createdAt)} · 最近活动 {time(s.lastSeenAt)}
                </div>
              </div>
              {!s.current && (
                <Button
                  size="small"
                  onClick={() =>
                    feedback.modal.confirm({
                      title: '退出该设备',
                      content: `确定要退出 ${deviceOf(s.userAgent)}（${s.ip ?? '未知地址'}）上的登录吗？`,
                      okText: '退 出',
                      cancelText: '取 消',
                      onOk: () => endOne.mutateAsync(s.id),
                    })
                  }
                >
                  退出
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
