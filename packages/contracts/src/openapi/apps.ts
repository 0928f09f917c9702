import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalText, requiredText, trimmedText } from '../core/fields.js';

/** Permission codes of 我的应用 (open-API applications); every signed-in role has them. */
export const OpenAppPerm = {
  list: 'openApp:list',
  add: 'openApp:add',
  edit: 'openApp:edit',
  /** Rotate the secret or revoke the application. */
  key: 'openApp:key',
} as const;

/** '1' 启用, '0' 已停用 (revoked: its key answers 401 from then on, and it cannot be enabled again). */
export const OPEN_APP_STATUS = { active: '1', revoked: '0' } as const;
export const OPEN_APP_STATUS_LABEL: Record<string, string> = { '1': '启用', '0': '已停用' };

export const OpenAppPageQuery = PageQuery.extend({ name: trimmedText(50) });
export type OpenAppPageQuery = z.infer<typeof OpenAppPageQuery>;

const OpenAppFields = {
  name: requiredText('应用名称', 50, { missing: true }),
  description: optionalText(200, '应用描述'),
};

export const OpenAppCreateInput = z.object(OpenAppFields);
export type OpenAppCreateInput = z.infer<typeof OpenAppCreateInput>;

export const OpenAppUpdateInput = z.object({ id: idOf('应用'), ...OpenAppFields });
export type OpenAppUpdateInput = z.infer<typeof OpenAppUpdateInput>;

export const OpenAppIdInput = z.object({ id: idOf('应用') });
export type OpenAppIdInput = z.infer<typeof OpenAppIdInput>;

/** A dataset an application may read beyond the public ones (有条件开放, granted by an application). */
export type OpenAppGrantItem = {
  catalogId: string;
  catalogName: string;
  /** The granted data items by name; null = every item. */
  fields: string[] | null;
  unmasked: boolean;
  startsAt: string;
  endsAt: string | null;
};

export type OpenAppItem = {
  id: string;
  name: string;
  description: string | null;
  /** The public identifier sent as X-App-Key; never secret. */
  appKey: string;
  status: string;
  createdAt: string;
  secretRotatedAt: string;
  grants: OpenAppGrantItem[];
  /** Calls in the last 30 days. */
  calls30d: number;
};

/** Answered once, when the application is created or its secret rotated: the secret is not kept readable. */
export type OpenAppSecret = { id: string; appKey: string; secret: string };
