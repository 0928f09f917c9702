import { useState } from 'react';
import { useSession } from '@/session';
import { LoginRequiredModal } from './LoginRequiredModal';

/** Runs an action that needs a signed-in user, or shows the login prompt instead (spec §4). */
export function useLoginGate() {
  const { token } = useSession();
  const [open, setOpen] = useState(false);
  const gate = (action: () => void) => (token ? action() : setOpen(true));
  const prompt = <LoginRequiredModal open={open} onClose={() => setOpen(false)} />;
  return { gate, prompt };
}
