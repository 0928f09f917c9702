import { Constants, Messages } from '@odp/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getCurrentUserDeparts, selectDepart } from '@/api/auth';
import { feedback } from '@/api/feedback';
import { queryKeys } from '@/api/query-keys';
import { saveUserInfo, signOut, useSession } from '@/session';

/** 切换部门 (spec §2.3, §4, §5): success reloads the page; a failure signs the user out. */
export default function DepartSelectModal({ onClose }: { onClose: () => void }) {
  const { message } = feedback;
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [orgCode, setOrgCode] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const departs = useQuery({ queryKey: queryKeys.departs.current, queryFn: getCurrentUserDeparts, staleTime: 0 });

  useEffect(() => {
    if (!departs.data) return;
    if (departs.data.list.length === 0) {
      message.warning(Messages.noDepart);
      onClose();
      return;
    }
    setOrgCode(departs.data.orgCode ?? undefined);
  }, [departs.data, onClose]);

  const choose = useMutation({
    mutationFn: selectDepart,
    onSuccess: ({ userInfo: next }) => {
      saveUserInfo(next);
      message.success(Messages.switchSuccess);
      // Everything on screen belongs to the old department's scope, so start over.
      setTimeout(() => window.location.reload(), 800);
    },
    onError: async (error) => {
      message.error(error.message || Messages.requestFailed);
      await signOut();
      navigate(Constants.portalHomePath);
    },
  });

  const confirm = () => {
    if (!orgCode) {
      setInvalid(true);
      return;
    }
    choose.mutate({ orgCode, username: userInfo?.username ?? '' });
  };

  return (
    <Modal
      open
      title="切换部门"
      width={450}
      onOk={confirm}
      onCancel={onClose}
      // Stays busy after success too, until the page reloads.
      confirmLoading={choose.isPending || choose.isSuccess}
      okButtonProps={{ disabled: !departs.data?.list.length }}
    >
      <Form layout="vertical">
        <Form.Item label="部门" required validateStatus={invalid ? 'error' : undefined}>
          <Select
            value={orgCode}
            onChange={(value: string) => {
              setOrgCode(value);
              setInvalid(false);
            }}
            loading={departs.isLoading}
            placeholder="请选择部门"
            options={departs.data?.list.map((d) => ({ value: d.orgCode, label: d.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
