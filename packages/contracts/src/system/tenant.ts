import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { int4Of, requiredText, trimmedText } from '../core/fields.js';

export const MAX_TENANT_IDS = 50;

/** `ids` as the client sends it: "0" or "0,1". */
export const TenantListQuery = z.object({
  ids: z
    .string({ error: '请指定租户' })
    .trim()
    .min(1, '请指定租户')
    .max(600, '租户编号过多')
    .transform((v) => v.split(',').map((s) => s.trim()))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,9}$/, '租户编号必须是整数')
            .transform(Number),
        )
        .max(MAX_TENANT_IDS, `一次最多查询 ${MAX_TENANT_IDS} 个租户`),
    ),
  _t: z.unknown().optional(),
});
export type TenantListQuery = z.infer<typeof TenantListQuery>;

/** 1 正常, 0 冻结: a frozen tenant is no longer offered at sign-in. */
export const TENANT_STATUS = { normal: 1, frozen: 0 } as const;

const TenantFields = {
  name: requiredText('租户名称', 100),
  status: z.coerce
    .number({ error: '请选择状态' })
    .refine((v) => v === TENANT_STATUS.normal || v === TENANT_STATUS.frozen, '状态只能是正常或冻结'),
};

export const TenantPageQuery = PageQuery.extend({
  name: trimmedText(100),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export type TenantPageQuery = z.infer<typeof TenantPageQuery>;

/** The id is a small integer sent as the `tenant_id` header; the server picks the next free one. */
export const TenantCreateInput = z.object(TenantFields);
export type TenantCreateInput = z.infer<typeof TenantCreateInput>;

export const TenantUpdateInput = z.object({
  id: int4Of('租户编号'),
  ...TenantFields,
});
export type TenantUpdateInput = z.infer<typeof TenantUpdateInput>;

export type TenantItem = {
  id: number;
  name: string;
  status: number;
  /** Users whose relTenantIds name the tenant. */
  userCount: number;
  createTime: string;
};
