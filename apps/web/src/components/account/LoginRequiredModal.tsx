import { Constants, Messages } from '@odp/contracts';
import { Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import { feedback } from '@/api/feedback';

/** The login prompt of spec §2.3: confirm goes to the sign-in page, closing asks first. */
export function LoginRequiredModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { modal } = feedback;
  const askClose = () => modal.confirm({ title: '提示', content: Messages.closeLoginConfirm, onOk: onClose });
  return (
    <Modal
      open={open}
      title="提示"
      width="25%"
      style={{ minWidth: 320 }}
      okText="确定"
      cancelText="取消"
      onOk={() => {
        onClose();
        navigate(Constants.loginPath);
      }}
      onCancel={askClose}
      maskClosable={false}
    >
      <p>{Messages.notLoggedIn}</p>
    </Modal>
  );
}
