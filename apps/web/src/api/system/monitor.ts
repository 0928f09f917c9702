import type { OnlineUser, SystemInfo } from '@odp/contracts';
import { http } from '../client';

export const monitorKeys = {
  online: ['system', 'online'] as const,
  info: ['system', 'info'] as const,
};

export const listOnlineUsers = () => http.get<OnlineUser[]>('/sys/online/list');

/** Ends the session at once; the server refuses the caller's own. */
export const forceLogout = (sessionId: string) => http.post<null>('/sys/online/forceLogout', { sessionId });

export const getSystemInfo = () => http.get<SystemInfo>('/sys/info');
