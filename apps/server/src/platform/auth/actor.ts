/** Who is calling, as every service sees it; built from the session row on each request. */
export type Actor = {
  userId: string;
  username: string;
  realname: string;
  orgCode: string | null;
  sessionId: string;
  tenantId: number;
  perms: ReadonlySet<string>;
  roleCodes: readonly string[];
  ip: string;
  /** The HTTP request acting, for the operation log's method, address and duration. */
  request?: { method: string; url: string; startedAt: number };
};

export const can = (actor: Actor, code: string) => actor.perms.has(code);
