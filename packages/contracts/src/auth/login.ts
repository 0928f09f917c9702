import { z } from 'zod';
import { trimmedText } from '../core/fields.js';
import { Messages } from '../core/messages.js';

export const LoginInput = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64, '用户名过长'),
  password: z.string().min(1, '请输入密码').max(128, '密码过长'),
  captcha: trimmedText(8),
  checkKey: z.string().max(64).optional(),
  remember_me: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export type Depart = { id: string; orgCode: string; departName: string; orgType?: string };
export type Tenant = { id: number; name: string };

/** The user as the web stores it (spec §3, stored user info). */
export type UserInfo = {
  id: string;
  username: string;
  realname: string;
  nickname: string | null;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  orgCode: string | null;
  departName: string | null;
  relTenantIds: string;
  status: number;
};

export type DictOption = { value: string; text: string; label: string; color?: string | null };
export type AllDictItems = Record<string, DictOption[]>;

export type LoginResult = {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems: AllDictItems;
  departs: Depart[];
  /** 0 no department, 1 exactly one, 2 several (the user must choose). */
  multi_depart: 0 | 1 | 2;
  tenantList: Tenant[];
};

/** What the server says when a sign-in attempt is refused, so the form can show a captcha. */
export type LoginFailure = { captchaRequired: boolean; lockedMinutes?: number };

export const SelectDepartInput = z.object({
  orgCode: z.string().trim().min(1, '请选择部门').max(64),
  username: trimmedText(64),
});
export type SelectDepartInput = z.infer<typeof SelectDepartInput>;

/** ≥ 8 characters with letters and digits. */
export const PASSWORD_POLICY = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
export const NewPassword = z.string().regex(PASSWORD_POLICY, Messages.passwordPolicy);

export const UpdatePasswordInput = z
  .object({
    username: z.string().trim().min(1, Messages.noLoginUser),
    oldpassword: z.string().min(1, Messages.oldPasswordRequired),
    password: z.string().min(1, Messages.newPasswordRequired).pipe(NewPassword),
    confirmpassword: z.string().min(1, Messages.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmpassword, { message: Messages.passwordMismatch, path: ['confirmpassword'] });
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordInput>;
