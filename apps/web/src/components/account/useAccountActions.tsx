import { Constants, Messages, Perm } from '@odp/contracts';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { signOut, useHasAuth } from '@/session';

// Loaded on first use so the portal's first screen does not carry the forms.
const PasswordModal = lazy(() => import('./PasswordModal'));
const DepartSelectModal = lazy(() => import('./DepartSelectModal'));

type Dialog = 'password' | 'depart' | null;

/** 修改密码 / 切换部门 / 退出登录, shared by the portal header and the back-office header. */
export function useAccountActions() {
  const navigate = useNavigate();
  const { modal } = feedback;
  const [dialog, setDialog] = useState<Dialog>(null);
  const canSwitchDepart = useHasAuth(Perm.departSwitch);
  const close = useCallback(() => setDialog(null), []);

  const confirmLogout = () =>
    modal.confirm({
      title: '提示',
      content: Messages.logoutConfirm,
      onOk: async () => {
        await signOut();
        navigate(Constants.portalHomePath, { replace: true });
      },
    });

  const dialogs = (
    <Suspense fallback={null}>
      {dialog === 'password' && <PasswordModal onClose={close} />}
      {dialog === 'depart' && <DepartSelectModal onClose={close} />}
    </Suspense>
  );

  return {
    canSwitchDepart,
    openPassword: () => setDialog('password'),
    openDepart: () => setDialog('depart'),
    confirmLogout,
    dialogs,
  };
}
