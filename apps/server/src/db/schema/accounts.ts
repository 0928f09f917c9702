import { index, integer, pgTable, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * What a self-registered account adds to `sys_user`: the account type, a company's name and 统一社会信用
 * 代码, the accepted agreement, the avatar file and the 实名认证. A user without a row (staff created by
 * an administrator, accounts older than registration) reads as 个人 and 未认证. The 身份证 number is
 * kept masked only: it is checked when submitted and never shown again in full.
 */
export const userProfiles = pgTable(
  'sys_user_profile',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 个人, 2 法人 */
    accountType: varchar('account_type', { length: 1 }).notNull().default('1'),
    companyName: varchar('company_name', { length: 100 }),
    creditCode: varchar('credit_code', { length: 18 }),
    agreementVersion: varchar('agreement_version', { length: 20 }),
    /** The stored name of the avatar picture (platform/storage), served by `/user/avatar/:file`. */
    avatarFile: varchar('avatar_file', { length: 80 }),
    /** 0 未认证, 1 已认证 */
    realNameStatus: smallint('real_name_status').notNull().default(0),
    idName: varchar('id_name', { length: 32 }),
    idNumberMasked: varchar('id_number_masked', { length: 18 }),
    realNameSubmittedAt: timestamp('real_name_submitted_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Which identity verifier decided (IDENTITY_VERIFIER), for the audit. */
    verifiedBy: varchar('verified_by', { length: 32 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sys_user_profile_credit_idx').on(t.creditCode), index('sys_user_profile_avatar_idx').on(t.avatarFile)],
);

/**
 * SMS codes, one row per code sent (or, for a number that has no account where the answer must not
 * say so, per code pretended to be sent). Only an HMAC of the code is kept. The rows also count the
 * daily caps per number and per client address.
 */
export const smsCodes = pgTable(
  'sys_sms_code',
  {
    id: id(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    /** `smsmode`: 0 登录, 1 注册, 2 忘记密码, 3 更换手机号 */
    purpose: varchar('purpose', { length: 1 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    /** Whether a message actually went out (false: no account behind a login or recovery request). */
    delivered: smallint('delivered').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** 忘记密码: the code was checked by 手机验证 and may now be spent by the new password. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Spent, replaced by a newer code or dead after too many tries. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sys_sms_code_mobile_idx').on(t.mobile, t.purpose, t.createdAt),
    index('sys_sms_code_ip_idx').on(t.ip, t.createdAt),
  ],
);
