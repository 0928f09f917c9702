import { z } from 'zod';
import { IdList, PageQuery } from '../core/envelope.js';
import { idOf, optionalText, requiredText, trimmedText } from '../core/fields.js';

/** 状态 of an application system: '1' 启用, '0' 关闭 (a new system starts closed, as in the original). */
export const APP_SYSTEM_STATE = { enabled: '1', disabled: '0' } as const;
export const APP_SYSTEM_STATE_LABEL: Record<string, string> = { '1': '启用', '0': '关闭' };

const State = z.enum(['0', '1'], { error: '状态只能是启用或关闭' });

export const AppSystemPageQuery = PageQuery.extend({
  appName: trimmedText(100),
  /** 责任单位 (department code). */
  orgCode: trimmedText(64),
  state: State.optional(),
});
export type AppSystemPageQuery = z.infer<typeof AppSystemPageQuery>;

const AppSystemFields = {
  appName: requiredText('应用名称', 100, { missing: true }),
  remark: optionalText(500, '应用描述'),
};

/** The dialog has only 应用名称 and 应用描述; 责任单位 is the current department (an administrator may name another). */
export const AppSystemCreateInput = z.object({
  ...AppSystemFields,
  orgCode: optionalText(64, '责任单位'),
});
export type AppSystemCreateInput = z.infer<typeof AppSystemCreateInput>;

export const AppSystemUpdateInput = z.object({ id: idOf('应用'), ...AppSystemFields });
export type AppSystemUpdateInput = z.infer<typeof AppSystemUpdateInput>;

export const AppSystemStateInput = z.object({ id: idOf('应用'), state: State });
export type AppSystemStateInput = z.infer<typeof AppSystemStateInput>;

export const AppSystemIdInput = z.object({ id: idOf('应用') });
export const AppSystemIdsInput = z.object({ ids: IdList.pipe(z.array(idOf('应用'))) });
export type AppSystemIdsInput = z.infer<typeof AppSystemIdsInput>;

/** `queryAppName`: the enabled systems of a department (the caller's own unless they see all departments). */
export const AppNameQuery = z.object({ orgCode: trimmedText(64), _t: z.unknown().optional() });
export type AppNameQuery = z.infer<typeof AppNameQuery>;

export type AppSystemItem = {
  id: string;
  appName: string;
  remark: string | null;
  orgCode: string;
  /** 责任单位 */
  departName: string | null;
  state: '0' | '1';
  createBy: string | null;
  /** 添加时间 */
  createTime: string;
  updatedTime: string;
};

export type AppNameOption = { id: string; appName: string };
