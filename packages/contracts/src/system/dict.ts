import { z } from 'zod';

/** A dictionary code as it arrives in a path: looked up among the stored codes, never used as a name. */
export const DictCodeParams = z.object({
  code: z.string().trim().min(1, '请指定字典编码').max(100, '字典编码不能超过 100 个字符'),
});
export type DictCodeParams = z.infer<typeof DictCodeParams>;

export const DictMessages = {
  unknownCode: '字典编码不存在',
} as const;
