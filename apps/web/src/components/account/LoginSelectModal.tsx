import type { LoginResult } from '@odp/contracts';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { selectDepart } from '@/api/auth';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import { saveTenant, saveUserInfo } from '@/session';

type Props = { login: LoginResult; onDone: () => void; onFailed: () => void };

/**
 * After sign-in (spec §2.3, §4, §5): the user must pick a tenant when there are several and a
 * department when multi_depart is 2. An empty choice marks the field and blocks confirming.
 */
export function LoginSelectModal({ login, onDone, onFailed }: Props) {
  const { message } = feedback;
  const askTenant = login.tenantList.length > 1;
  const askDepart = login.multi_depart === 2;
  const [tenant, setTenant] = useState<number>();
  const [orgCode, setOrgCode] = useState<string>();
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  const confirm = async () => {
    setTouched(true);
    if ((askTenant && tenant === undefined) || (askDepart && !orgCode)) return;
    if (tenant !== undefined) saveTenant(String(tenant));
    if (!orgCode) return onDone();
    setSaving(true);
    try {
      const { userInfo } = await selectDepart({ orgCode, username: login.userInfo.username });
      saveUserInfo(userInfo);
      onDone();
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : '切换部门失败');
      onFailed();
    } finally {
      setSaving(false);
    }
  };

  const status = (missing: boolean) => (touched && missing ? 'error' : undefined);
  const title = askTenant && askDepart ? '请选择租户和部门' : askTenant ? '请选择租户' : '请选择部门';

  return (
    <Modal
      open
      title={title}
      width={450}
      closable={false}
      maskClosable={false}
      keyboard={false}
      onOk={confirm}
      confirmLoading={saving}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Form layout="vertical">
        {askTenant && (
          <Form.Item label="租户" required validateStatus={status(tenant === undefined)}>
            <Select
              value={tenant}
              onChange={setTenant}
              placeholder="请选择租户"
              options={login.tenantList.map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
        )}
        {askDepart && (
          <Form.Item label="部门" required validateStatus={status(!orgCode)}>
            <Select
              value={orgCode}
              onChange={setOrgCode}
              placeholder="请选择部门"
              options={login.departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
