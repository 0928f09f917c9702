import { z } from 'zod';

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
