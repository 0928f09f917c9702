import type { ProColumns } from '@ant-design/pro-components';
import type { Page } from '@odp/contracts';
import type { ReactNode } from 'react';

/** What every list call receives: the spec's paging and sorting, plus the search form's filters. */
export type ListParams = {
  pageNo: number;
  pageSize: number;
  /** A field name from the server's sort allowlist. */
  sort?: string;
  order?: 'asc' | 'desc';
} & Record<string, unknown>;

/** The keys a resource is cached under (see `resourceKeys` in api/); every mutation invalidates `all`. */
export type ResourceQueryKeys = {
  all: readonly unknown[];
  list: (params: ListParams) => readonly unknown[];
};

export type ResourceApi<Item, Create, Update> = {
  list: (params: ListParams) => Promise<Page<Item>>;
  create?: (input: Create) => Promise<unknown>;
  update?: (input: Update) => Promise<unknown>;
  remove?: (ids: string[]) => Promise<unknown>;
};

export type ResourceColumn<Item> = ProColumns<Item> & {
  /**
   * Offer this column in the search form. Off by default, unlike ProTable: the server filters only
   * what its list query names, and a field it ignores would mislead.
   */
  searchable?: boolean;
  /** Dictionary code: cells show the item's Chinese label and the search field is a DictSelect. */
  dict?: string;
  /** Shows the label as a tag in these colours per value, e.g. `{ '1': 'success', '2': 'error' }` for a status. */
  dictColors?: Record<string, string>;
  /** Left out of the table until the user ticks it in 列设置 (for secondary columns of wide lists). */
  defaultHidden?: boolean;
};

type ActionBase<Item> = {
  key: string;
  /** Permission code the button needs; without it everyone sees the button (the server still checks). */
  permission?: string;
  visible?: (record: Item) => boolean;
};

/** A row action that changes data: optionally confirmed, then the resource's keys are invalidated. */
export type MutationRowAction<Item> = ActionBase<Item> & {
  label: string | ((record: Item) => string);
  /** Asks this question in a Popconfirm first; give it for every destructive action. */
  confirm?: (record: Item) => string;
  danger?: boolean;
  run: (record: Item) => Promise<unknown>;
  success: string | ((record: Item) => string);
};

/** A row action with its own UI (e.g. a dialog with a form); `done` invalidates the resource. */
export type RenderRowAction<Item> = ActionBase<Item> & {
  render: (record: Item, done: () => Promise<void>) => ReactNode;
};

export type RowAction<Item> = MutationRowAction<Item> | RenderRowAction<Item>;

/** An action on the selected rows, shown in the selection bar above the table. */
export type MutationBatchAction<Item> = {
  key: string;
  label: string;
  permission?: string;
  danger?: boolean;
  confirm?: (rows: Item[]) => string;
  run: (rows: Item[]) => Promise<unknown>;
  success: string | ((rows: Item[]) => string);
};

/**
 * A batch action with its own UI (e.g. a dialog asking for a comment, then a per-row result);
 * `done` clears the selection and invalidates the resource.
 */
export type OpenBatchAction<Item> = {
  key: string;
  label: string;
  permission?: string;
  danger?: boolean;
  open: (rows: Item[], done: () => Promise<void>) => void;
};

export type BatchAction<Item> = MutationBatchAction<Item> | OpenBatchAction<Item>;

export type FormMode = 'create' | 'edit';

export type ResourceForm<Item, Create, Update, Values> = {
  /** A modal for a handful of fields, a drawer for long forms. */
  container?: 'modal' | 'drawer';
  width?: number;
  /** ProForm fields; `mode` lets a field show on add only or be read-only on edit. */
  fields: (context: { mode: FormMode; record?: Item }) => ReactNode;
  initialValues?: Partial<Values>;
  /** The form's values for a record being edited; may load more than the list row holds. */
  toValues: (record: Item) => Values | Promise<Values>;
  toCreate: (values: Values) => Create;
  toUpdate: (values: Values, record: Item) => Update;
  /**
   * A check the values must pass before 确定 is enabled, such as a data source's 测试: a button with
   * this label runs it on the validated values and shows what it answers; any change disables 确定 again.
   */
  gate?: { label: string; run: (values: Values, record?: Item) => Promise<string> };
};

/**
 * The declaration of one admin list: the table, its search form, its add/edit form and its
 * actions. `ResourcePage` renders it; see `defineResourceView`.
 */
export type ResourceView<Item, Create = never, Update = never, Values = Create> = {
  /** Page title, e.g. 用户管理. */
  title: string;
  /** What one record is called, e.g. 用户: used in 新增用户, 编辑用户 and confirmations. */
  noun: string;
  rowKey: keyof Item & string;
  queryKeys: ResourceQueryKeys;
  /** Further keys a change of this resource makes stale (e.g. a tree showing counts). */
  alsoInvalidates?: ReadonlyArray<readonly unknown[]>;
  api: ResourceApi<Item, Create, Update>;
  columns: ResourceColumn<Item>[];
  form?: ResourceForm<Item, Create, Update, Values>;
  permissions?: { add?: string; edit?: string; delete?: string };
  rowActions?: RowAction<Item>[];
  batchActions?: BatchAction<Item>[];
  /** Width of the 操作 column, when the row actions render more (or less) than one link each. */
  actionWidth?: number;
  pageSize?: number;
};

/**
 * Declares an admin list. An identity function: it exists so TypeScript checks the declaration
 * against the record, input and form-value types in one place.
 */
export function defineResourceView<Item, Create = never, Update = never, Values = Create>(
  view: ResourceView<Item, Create, Update, Values>,
): ResourceView<Item, Create, Update, Values> {
  return view;
}
