/**
 * 使用数据 of a share application in use (next-capabilities §12): what the applying department sees of
 * the data it was granted, the interface it calls and the key it calls with. Answers only; the calls
 * take `applyId` (ShareIdQuery).
 */

/** `getDataUseInfo`: the entry's basics and a preview of the granted items (masked values masked). */
export type ShareUseInfo = {
  catalogId: string;
  catalogName: string;
  /** dict data_format: file, table, api */
  dataFormat: string | null;
  updateFrequency: string | null;
  informationSummary: string | null;
  /** 数源部门 */
  sourceUnit: string | null;
  /** 库表类型: the mounted table's name, for table entries. */
  databaseTableType: string | null;
  /** 最近更新时间 of the data. */
  updateTime: string | null;
  /** The granted columns as the rows API names them (`code`), with their Chinese names. */
  titleList: { code: string; title: string; masked: boolean }[];
  /** The first rows, by `code`. */
  tableList: Record<string, string | null>[];
  /** Rows of the resource previewed. */
  total: number;
  /** `*号表示该数据已脱敏无法展示` when a granted column is masked, else null. */
  maskNote: string | null;
  startTime: string | null;
  endTime: string | null;
  ifForever: boolean;
};

export type ShareApiParameter = {
  name: string;
  required: boolean;
  parameterType: string | null;
  defaultValue: string | null;
  description: string | null;
  /** 参数位置: query, header, body */
  position: string | null;
};

/** `getDataUseApiInterfaceInfo`: the mounted interface as developers call it through the gateway. */
export type ShareApiInfo = {
  /** The gateway's address, or the rows API's when the entry has no mounted interface. */
  apiAddress: string;
  requestType: string | null;
  requestMethod: string | null;
  requestParams: ShareApiParameter[];
  responseParams: ShareApiParameter[];
  requestExample: string | null;
  responseExample: string | null;
  /** The rows API of the entry (tables and files), whatever the interface. */
  rowsAddress: string;
};

/** `getAuthorizeInfo`: the grant's key (never its secret) and where it works. */
export type ShareAuthorizeInfo = {
  appId: string | null;
  appKey: string | null;
  appName: string | null;
  endpoints: { label: string; url: string; method: string }[];
  /** How a call proves it holds the secret. */
  signature: string;
  /** The granted items the key reads. */
  fields: string[];
  startsAt: string | null;
  /** null: 永久 */
  expiresAt: string | null;
};

export const SHARE_MASK_NOTE = '*号表示该数据已脱敏无法展示';
