import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalMatching, optionalText, requiredText, sortNumber, trimmedText } from '../core/fields.js';

/** A dictionary code as it arrives in a path: looked up among the stored codes, never used as a name. */
export const DictCodeParams = z.object({
  code: z.string().trim().min(1, '请指定字典编码').max(100, '字典编码不能超过 100 个字符'),
});
export type DictCodeParams = z.infer<typeof DictCodeParams>;

/** 1 enabled, 0 disabled: only enabled items reach `getDictItems` and the sign-in cache. */
export const DICT_ITEM_STATUS = { enabled: 1, disabled: 0 } as const;

const Id = idOf();

export const DictIdQuery = z.object({ id: Id });
export type DictIdQuery = z.infer<typeof DictIdQuery>;

const DictFields = {
  dictName: requiredText('字典名称', 100),
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
  dictName: trimmedText(100),
  dictCode: trimmedText(100),
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
  itemText: requiredText('名称', 100),
  itemValue: requiredText('数据值', 100),
  /** An antd tag colour: a preset name (success, blue…) or a hex colour. */
  itemColor: optionalMatching(/^(#[0-9a-fA-F]{3,8}|[a-z][a-z-]{1,19})$/, '颜色须为预设颜色名或 #RRGGBB', 20),
  description: optionalText(255),
  sortOrder: sortNumber(1),
  status: itemStatus.default(DICT_ITEM_STATUS.enabled),
};

export const DictItemCreateInput = z.object({ dictId: Id, ...DictItemFields });
export type DictItemCreateInput = z.infer<typeof DictItemCreateInput>;

/** An item stays in its dictionary: the edit names the item only. */
export const DictItemUpdateInput = z.object({ id: Id, ...DictItemFields });
export type DictItemUpdateInput = z.infer<typeof DictItemUpdateInput>;

export const DictItemListQuery = PageQuery.extend({
  dictId: Id,
  itemText: trimmedText(100),
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
