import { z } from 'zod';
import { uuidOf } from '../core/fields.js';

/** data: CSV, XLSX, XLS, JSON (parsed into rows); doc: PDF, DOCX (kept as they are). */
export const FileKind = z.enum(['data', 'doc'], { error: '附件类型须为 data 或 doc' });
export type FileKind = z.infer<typeof FileKind>;

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** For the upload control's `accept`, per kind. */
export const FILE_ACCEPT: Record<FileKind, string> = { data: '.csv,.xlsx,.xls,.json', doc: '.pdf,.docx' };

/**
 * The row (1-based) of a CSV or Excel sheet that holds the header, when the officer corrects the detected
 * one (title rows above the header); whether the file has that many rows is checked when it is read.
 */
export const HeaderRowParam = z.coerce
  .number({ error: '表头所在行必须是数字' })
  .int('表头所在行必须是整数')
  .min(1, '表头所在行必须大于 0')
  .max(10000, '表头所在行不能超过 10000')
  .optional();

export const FileUploadQuery = z.object({
  catalogId: uuidOf('目录 ID'),
  kind: FileKind.default('data'),
  headerRow: HeaderRowParam,
});
export type FileUploadQuery = z.infer<typeof FileUploadQuery>;

export const FileListQuery = z.object({ catalogId: uuidOf('目录 ID'), _t: z.unknown().optional() });
export const FileIdQuery = z.object({ id: uuidOf('文件 ID'), _t: z.unknown().optional() });
export const FileDeleteInput = z.object({ id: uuidOf('文件 ID') });

export const PREVIEW_MAX_ROWS = 50;
export const FilePreviewQuery = z.object({
  id: uuidOf('文件 ID'),
  limit: z.coerce
    .number()
    .int()
    .min(1, '行数须大于 0')
    .max(PREVIEW_MAX_ROWS, `最多预览 ${PREVIEW_MAX_ROWS} 行`)
    .default(50),
  headerRow: HeaderRowParam,
  _t: z.unknown().optional(),
});

/** The first rows of a data file: header, rows (cells as text), and how many rows the file has. */
export type FilePreview = {
  columns: string[];
  rows: string[][];
  total: number;
  /** CSV and XLSX: the row (1-based) the header was read from, detected or as asked. */
  headerRow?: number;
};
