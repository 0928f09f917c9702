import { logout } from '@/api/auth';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import { queryClient } from '@/app/query-client';
import { clearSession } from './session';

/**
 * Ends the session on the server, then forgets it here: token, user info, dictionary cache and the
 * permission list (held in the query cache). A failed logout call is reported, and the user is
 * still signed out on this device, which is what they asked for.
 */
export async function signOut() {
  try {
    await logout();
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) feedback.message.error(error.message);
  }
  clearSession();
  queryClient.clear();
}

/** Forgets the session without asking the server, e.g. when the server already refused the token. */
export function dropSession() {
  clearSession();
  queryClient.clear();
}
