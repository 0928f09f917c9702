import { z } from 'zod';
import { commaList, idOf, optionalMatching, optionalText, requiredText } from '../core/fields.js';
import type { MenuType } from './permission.js';

/** 0 目录, 1 菜单, 2 按钮. */
export const MENU_TYPE = { directory: 0, menu: 1, button: 2 } as const;

/** A permission code such as `system:user:add`: colon-separated segments, at least two. */
export const PERMS_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(:[A-Za-z0-9_*-]+)+$/;

/** The fields of a menu, directory or button (spec §3), as the add and edit forms send them. */
export const PermissionFields = z.object({
  parentId: idOf('上级菜单')
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  name: requiredText('菜单名称', 100),
  menuType: z.coerce
    .number()
    .int()
    .refine((v): v is MenuType => v === 0 || v === 1 || v === 2, '菜单类型只能是 0（目录）、1（菜单）或 2（按钮）'),
  path: optionalText(255, '路由地址'),
  component: optionalText(255, '前端组件'),
  redirect: optionalText(255, '默认跳转地址'),
  icon: optionalText(100, '图标'),
  url: optionalText(500, '外部链接'),
  perms: optionalMatching(PERMS_PATTERN, '授权标识格式不正确，应为冒号分隔的编码，如 system:user:add', 255, '授权标识'),
  hidden: z.boolean().default(false),
  alwaysShow: z.boolean().default(false),
  keepAlive: z.boolean().default(false),
  /** true opens `url` outside the back office. */
  internalOrExternal: z.boolean().default(false),
  sortNo: z.coerce.number().int('排序必须是整数').min(0, '排序不能小于 0').max(99999, '排序不能超过 99999').default(0),
  /** '0' enabled, '1' disabled (spec §3). */
  status: z.enum(['0', '1'], { error: '状态只能是 0（启用）或 1（停用）' }).default('0'),
});

type Fields = z.infer<typeof PermissionFields>;

/** Directories and menus are routes and need a path; buttons are checked by their code and need one. */
function refineByType(v: Fields, ctx: z.RefinementCtx) {
  if (v.menuType !== MENU_TYPE.button && !v.path) {
    ctx.addIssue({ code: 'custom', path: ['path'], message: '目录和菜单必须填写路由地址' });
  }
  if (v.menuType === MENU_TYPE.button && !v.perms) {
    ctx.addIssue({ code: 'custom', path: ['perms'], message: '按钮必须填写授权标识' });
  }
}

export const PermissionCreateInput = PermissionFields.superRefine(refineByType);
export type PermissionCreateInput = z.infer<typeof PermissionCreateInput>;

export const PermissionUpdateInput = PermissionFields.extend({ id: idOf('菜单') }).superRefine(refineByType);
export type PermissionUpdateInput = z.infer<typeof PermissionUpdateInput>;

/** A row of the menu management tree (`/sys/permission/list`): every stored field plus its children. */
export type PermissionNode = Fields & {
  id: string;
  menuType: MenuType;
  createTime: string;
  children?: PermissionNode[];
};

/** The slim tree to tick per role (`/sys/permission/queryTreeList`); `key` and `value` are the id. */
export type PermissionTreeNode = {
  key: string;
  value: string;
  title: string;
  menuType: MenuType;
  perms: string | null;
  children: PermissionTreeNode[];
};

const idList = commaList().pipe(z.array(idOf('权限')).max(2000, '一次最多授权 2000 项'));

/** Replaces every grant of a role; ids come as an array or the original client's comma-separated string. */
export const SaveRolePermissionInput = z.object({
  roleId: idOf('角色'),
  permissionIds: idList,
});
export type SaveRolePermissionInput = z.infer<typeof SaveRolePermissionInput>;
