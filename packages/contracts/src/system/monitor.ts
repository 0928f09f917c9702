import { z } from 'zod';

/** A live session: not revoked and seen within the idle window. */
export type OnlineUser = {
  sessionId: string;
  username: string;
  realname: string;
  ip: string | null;
  userAgent: string | null;
  loginTime: string;
  lastSeenAt: string;
  /** The caller's own session, which cannot be forced out. */
  current: boolean;
};

export const ForceLogoutInput = z.object({
  sessionId: z.string({ error: '请选择会话' }).uuid('会话 ID 格式不正确'),
});
export type ForceLogoutInput = z.infer<typeof ForceLogoutInput>;

export const Monitor = { cannotForceSelf: '不能强制退出当前会话', sessionGone: '会话不存在或已退出' } as const;

export type SystemInfo = {
  version: string;
  nodeVersion: string;
  uptimeSeconds: number;
  databaseKind: 'PGlite' | 'PostgreSQL';
  databaseSizeBytes: number;
  memory: { rss: number; heapUsed: number };
  counts: { users: number; departs: number; catalogues: number; files: number; logs: number };
};
