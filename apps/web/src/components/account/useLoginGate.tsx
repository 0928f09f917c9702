import { lazy, Suspense, useState } from 'react';
import { useSession } from '@/session';

// Loaded when first needed: most visits never see it.
const LoginRequiredModal = lazy(() => import('./LoginRequiredModal').then((m) => ({ default: m.LoginRequiredModal })));

/** Runs an action that needs a signed-in user, or shows the login prompt instead (spec §4). */
export function useLoginGate() {
  const { token } = useSession();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const gate = (action: () => void) => {
    if (token) return action();
    setAsked(true);
    setOpen(true);
  };
  const prompt = asked && (
    <Suspense fallback={null}>
      <LoginRequiredModal open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
  return { gate, prompt };
}
