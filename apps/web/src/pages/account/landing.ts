import { Constants, isSameSitePath, PUBLIC_ROUTES } from '@odp/contracts';

/** Only paths of this site, so a crafted link cannot send the user elsewhere after sign-in. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  return value && isSameSitePath(value) ? value : undefined;
}

const publicPaths = new Set<string>(PUBLIC_ROUTES);

export const isPortalPath = (path: string) => publicPaths.has(path.split(/[?#]/)[0]);

/**
 * Where a sign-in lands: the page the visitor came for, else the back office for someone who belongs to
 * a department and the portal for everyone else (a registered member of the public has no work there,
 * only 您尚未归属部门).
 */
export function landingPath(redirect: string | null | undefined, hasDepart: boolean): string {
  return safeRedirect(redirect) ?? (hasDepart ? Constants.homePath : Constants.portalHomePath);
}

/**
 * The sign-in page with a way back to `returnTo` (the page a visitor was on when an action asked them
 * to sign in); a return address of another site is dropped, so the sign-in lands as usual.
 */
export function signInPath(returnTo: string | null | undefined): string {
  const back = safeRedirect(returnTo);
  return back ? `${Constants.loginPath}?redirect=${encodeURIComponent(back)}` : Constants.loginPath;
}
