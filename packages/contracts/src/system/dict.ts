import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';

/** A dictionary code as it arrives in a path: looked up among the stored codes, never used as a name. */
export const DictCodeParams = z.object({
  code: z.string().trim().min(1, '请指定字典编码').max(100, '字典编码不能超过 100 个字符'),
});
export type DictCodeParams = z.infer<typeof DictCodeParams>;

/** 1 enabled, 0 disabled: only enabled items reach `getDictItems` and the sign-in cache. */
export const DICT_ITEM_STATUS = { enabled: 1, disabled: 0 } as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `不能超过 ${max} 个字符`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const Id = z.string().uuid('ID 格式不正确');

export const DictIdQuery = z.object({ id: Id });
export type DictIdQuery = z.infer<typeof DictIdQuery>;

const DictFields = {
  dictName: z.string().trim().min(1, '请输入字典名称').max(100, '字典名称不能超过 100 个字符'),
  dictCode: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,63}$/, '字典编码须以小写字母开头，只含小写字母、数字和下划线，2 到 64 个字符'),
  description: optionalText(255),
};

export const DictCreateInput = z.object(DictFields);
export type DictCreateInput = z.infer<typeof DictCreateInput>;

export const DictUpdateInput = z.object({ id: Id, ...DictFields });
export type DictUpdateInput = z.infer<typeof DictUpdateInput>;

export const DictListQuery = PageQuery.extend({
  dictName: z.string().trim().max(100).optional(),
  dictCode: z.string().trim().max(100).optional(),
});
export type DictListQuery = z.infer<typeof DictListQuery>;

export type DictRecord = {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  createTime: string;
};

const itemStatus = z.coerce
  .number()
  .int()
  .refine((v) => v === DICT_ITEM_STATUS.enabled || v === DICT_ITEM_STATUS.disabled, '状态只能是 1（启用）或 0（停用）');

const DictItemFields = {
  itemText: z.string().trim().min(1, '请输入名称').max(100, '名称不能超过 100 个字符'),
  itemValue: z.string().trim().min(1, '请输入数据值').max(100, '数据值不能超过 100 个字符'),
  /** An antd tag colour: a preset name (success, blue…) or a hex colour. */
  itemColor: optionalText(20).refine((v) => v === null || /^(#[0-9a-fA-F]{3,8}|[a-z][a-z-]{1,19})$/.test(v), {
    message: '颜色须为预设颜色名或 #RRGGBB',
  }),
  description: optionalText(255),
  sortOrder: z.coerce
    .number({ error: '排序必须是数字' })
    .int('排序必须是整数')
    .min(0, '排序不能小于 0')
    .max(99999, '排序不能超过 99999')
    .default(1),
  status: itemStatus.default(DICT_ITEM_STATUS.enabled),
};

export const DictItemCreateInput = z.object({ dictId: Id, ...DictItemFields });
export type DictItemCreateInput = z.infer<typeof DictItemCreateInput>;

/** An item stays in its dictionary: the edit names the item only. */
export const DictItemUpdateInput = z.object({ id: Id, ...DictItemFields });
export type DictItemUpdateInput = z.infer<typeof DictItemUpdateInput>;

export const DictItemListQuery = PageQuery.extend({
  dictId: Id,
  itemText: z.string().trim().max(100).optional(),
  status: itemStatus.optional(),
});
export type DictItemListQuery = z.infer<typeof DictItemListQuery>;

export type DictItemRecord = {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  itemColor: string | null;
  description: string | null;
  sortOrder: number;
  status: number;
};

export const DictMessages = {
  unknownCode: '字典编码不存在',
  codeTaken: '字典编码已存在',
  valueTaken: '数据值已存在',
  systemDict: '系统字典不能删除',
  systemCode: '系统字典的编码不能修改',
  dictMissing: '字典不存在或已删除',
} as const;
