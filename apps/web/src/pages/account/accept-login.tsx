import { type LoginResult, Messages } from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { queryKeys } from '@/api/query-keys';
import { LoginSelectModal } from '@/components/account/LoginSelectModal';
import { saveLogin, saveTenant, signOut } from '@/session';
import { isPortalPath, landingPath } from './landing';

/**
 * What every way of signing in does with the login answer (password, single sign-on, the sibling
 * system's hand-off): store it, let the user choose a tenant or department when there are several,
 * and go where they were going (`redirect`, same-site only) or to their landing page. Render `chooser`.
 */
export function useAcceptLogin(redirect: string | null): { accept: (result: LoginResult) => void; chooser: ReactNode } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState<LoginResult | null>(null);

  const finish = (result: LoginResult) => {
    const target = landingPath(redirect, result.multi_depart !== 0);
    // Said only to someone sent into the back office, where the lack of a department matters.
    if (result.multi_depart === 0 && !isPortalPath(target)) {
      feedback.notification.warning({ message: '提示', description: Messages.noDepartBelong, duration: 3 });
    }
    // The menu depends on the department chosen, so it is fetched afresh.
    queryClient.removeQueries({ queryKey: queryKeys.permission });
    navigate(target, { replace: true });
  };

  const accept = (result: LoginResult) => {
    saveLogin(result.token, result.userInfo, result.sysAllDictItems);
    if (result.tenantList.length === 1) saveTenant(String(result.tenantList[0].id));
    if (result.tenantList.length > 1 || result.multi_depart === 2) setChoosing(result);
    else finish(result);
  };

  const chooser = choosing ? (
    <LoginSelectModal
      login={choosing}
      onDone={() => {
        setChoosing(null);
        finish(choosing);
      }}
      onFailed={() => {
        setChoosing(null);
        void signOut();
      }}
    />
  ) : null;

  return { accept, chooser };
}
