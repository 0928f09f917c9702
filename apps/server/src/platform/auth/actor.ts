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
};

export const can = (actor: Actor, code: string) => actor.perms.has(code);
