import { z } from 'zod';
import { NewPassword } from '../auth/login.js';
import { PageQuery } from '../core/envelope.js';
import { INT4_MAX, idOf, optionalMatching, optionalText, trimmedText } from '../core/fields.js';

export const USER_STATUS = { normal: 1, frozen: 2 } as const;

const phone = optionalMatching(/^1[3-9]\d{9}$/, '手机号码格式不正确');

const email = optionalMatching(/^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/, '邮箱格式不正确');

const idList = z.array(idOf()).max(100, '一次最多选择 100 项');

const UserFields = {
  realname: z.string().trim().min(1, '请输入用户姓名').max(64, '姓名不能超过 64 个字符'),
  nickname: optionalText(64),
  phone,
  email,
  sex: z.enum(['0', '1', '2']).optional().nullable(),
  avatar: optionalText(500),
  /** Omitted means "leave as they are"; assigning needs system:user:assign. */
  roleIds: idList.optional(),
  departIds: idList.optional(),
  /** The tenants the user may act for; several mean a choice at sign-in. Omitted leaves them as they are. */
  tenantIds: z
    .array(
      z
        .number({ error: '租户编号必须是数字' })
        .int('租户编号必须是整数')
        .min(0, '租户编号不能小于 0')
        .max(INT4_MAX, `租户编号不能超过 ${INT4_MAX}`),
    )
    .max(50, '租户不能超过 50 个')
    .optional(),
};

export const UserCreateInput = z.object({
  username: z
    .string()
    .trim()
    .min(2, '用户账号至少 2 个字符')
    .max(32, '用户账号不能超过 32 个字符')
    .regex(/^[A-Za-z0-9_.-]+$/, '用户账号只能包含字母、数字、下划线、点和横线'),
  password: NewPassword,
  ...UserFields,
});
export type UserCreateInput = z.infer<typeof UserCreateInput>;

export const UserUpdateInput = z.object({ id: idOf('用户'), ...UserFields });
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;

export const UserListQuery = PageQuery.extend({
  username: trimmedText(64),
  realname: trimmedText(64),
  phone: trimmedText(20),
  status: z.coerce.number().int().min(1).max(2).optional(),
  orgCode: trimmedText(64),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export type UserItem = {
  id: string;
  username: string;
  realname: string;
  nickname: string | null;
  phone: string | null;
  email: string | null;
  sex: string | null;
  avatar: string | null;
  status: number;
  orgCode: string | null;
  departNames: string[];
  departIds: string[];
  roleIds: string[];
  roleNames: string[];
  tenantIds: number[];
  createTime: string;
};

export const FreezeInput = z.object({
  ids: z
    .union([z.array(z.string().min(1)), z.string().min(1)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter(Boolean))),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, '状态只能是 1（正常）或 2（冻结）'),
});

export const ResetPasswordInput = z
  .object({ username: z.string().trim().min(1, '请选择用户'), password: NewPassword, confirmpassword: z.string() })
  .refine((v) => v.password === v.confirmpassword, { message: '两次输入的密码不一样！', path: ['confirmpassword'] });

export type RoleOption = { id: string; roleName: string; roleCode: string };
