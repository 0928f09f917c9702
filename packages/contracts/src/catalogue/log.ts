import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { trimmedText } from '../core/fields.js';
import { type CatalogueAction, TRANSITIONS } from './lifecycle.js';

/** 编目日志 actions: the lifecycle transitions plus the edits that do not change a state. */
export type CatalogueLogAction = CatalogueAction | 'create' | 'update' | 'copy' | 'import';

export const CATALOGUE_LOG_ACTION_LABEL: Record<CatalogueLogAction, string> = {
  create: '新建目录',
  update: '编辑目录',
  copy: '复制目录',
  import: '导入目录',
  ...(Object.fromEntries(TRANSITIONS.map((t) => [t.action, t.label])) as Record<CatalogueAction, string>),
};

export type CatalogueLogItem = {
  id: string;
  catalogId: string;
  catalogName: string;
  catalogCode: string;
  action: string;
  actionLabel: string;
  fromCatalogStatus: number | null;
  toCatalogStatus: number | null;
  fromShelfStatus: number | null;
  toShelfStatus: number | null;
  comment: string | null;
  username: string | null;
  realname: string | null;
  orgCode: string | null;
  departName: string | null;
  createTime: string;
};

const isoDate = z.iso.datetime({ offset: true, error: '时间格式不正确' }).or(z.iso.date({ error: '日期格式不正确' }));

export const CatalogueLogQuery = PageQuery.extend({
  catalogName: trimmedText(100),
  /** Entries of this department (reviewers); others always see their own department's entries. */
  orgCode: trimmedText(64),
  action: trimmedText(32),
  /** Who acted: matched against the real name or the username. */
  operator: trimmedText(64),
  startTime: isoDate.optional(),
  endTime: isoDate.optional(),
});
export type CatalogueLogQuery = z.infer<typeof CatalogueLogQuery>;
