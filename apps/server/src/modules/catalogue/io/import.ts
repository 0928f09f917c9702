import {
  CatalogueCreateInput,
  IMPORT_MAX_ROWS,
  type ImportResult,
  type ImportRowError,
  SERVICE_MATTER_LABEL,
} from '@odp/contracts';
import ExcelJS from 'exceljs';
import type { Db } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest } from '../../../platform/http/errors.js';
import { EntryMessages, insertEntry, sourceSystemKnown } from '../entry/service.js';
import { departNameOf } from '../labels.js';
import { ScopeMessages, seesAllDepartments } from '../scope.js';
import {
  type ColumnSpec,
  DICTS_USED,
  ENTRY_COLUMNS,
  ENTRY_SHEET,
  ITEM_COLUMNS,
  ITEM_OWNER_HEADER,
  ITEM_SHEET,
  normaliseHeader,
  SERVICE_COLUMNS,
} from './columns.js';
import { dictItemsOf } from './dicts.js';
import { selectCategoryNodes, selectLiveDeparts, selectTakenNames } from './repository.js';

type Raw = Record<string, unknown>;
/** A row as read: its spreadsheet row number and the values by field. */
type SheetRow = { row: number; values: Raw };

export const ImportMessages = {
  notXlsx: '文件不是有效的 .xlsx 文件，请使用导入模板',
  noEntrySheet: `缺少“${ENTRY_SHEET}”工作表，请使用导入模板`,
  empty: '文件中没有目录数据',
  tooMany: `一次最多导入 ${IMPORT_MAX_ROWS} 条目录`,
} as const;

/** The text of a cell whatever Excel stored: rich text, formula results, hyperlinks, dates, numbers. */
function cellValue(cell: ExcelJS.Cell): unknown {
  const v = cell.value;
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'object') {
    if ('richText' in v)
      return (
        v.richText
          .map((t) => t.text)
          .join('')
          .trim() || null
      );
    if ('result' in v) return v.result instanceof Date ? v.result : v.result != null ? String(v.result).trim() : null;
    if ('text' in v) return String(v.text).trim() || null;
  }
  return String(v);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Reads the named columns of a sheet; headers are matched by name, so column order does not matter. */
function readSheet<F extends string>(
  sheet: ExcelJS.Worksheet,
  columns: Pick<ColumnSpec<F>, 'header' | 'field' | 'required'>[],
  errors: ImportRowError[],
): SheetRow[] {
  const byHeader = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const h = cellValue(cell);
    if (typeof h === 'string') byHeader.set(normaliseHeader(h), col);
  });
  for (const c of columns) {
    if (c.required && !byHeader.has(c.header)) {
      errors.push({ sheet: sheet.name, row: 1, field: c.header, message: `缺少“${c.header}”列` });
    }
  }
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Raw = {};
    let any = false;
    for (const c of columns) {
      const col = byHeader.get(c.header);
      const v = col ? cellValue(row.getCell(col)) : null;
      if (v !== null) any = true;
      values[c.field] = v;
    }
    if (any) rows.push({ row: rowNumber, values });
  });
  return rows;
}

type Lookups = {
  dicts: Record<string, { value: string; text: string }[]>;
  categories: Map<string, string>;
  departs: Map<string, string>;
};

/**
 * Turns a cell into what the contract expects: a code from a code or a label, a boolean from 是/否,
 * an ISO time from a date. Answers an error message when the cell cannot be understood.
 */
function convert(c: ColumnSpec<string>, v: unknown, lookups: Lookups): { value: unknown } | { error: string } {
  // An empty cell is an absent field, so that the contract's defaults apply.
  if (v === null) return { value: undefined };
  const s = v instanceof Date ? v.toISOString() : String(v).trim();
  switch (c.kind) {
    case 'dict': {
      const items = lookups.dicts[c.dict] ?? [];
      const hit = items.find((i) => i.value === s) ?? items.find((i) => i.text === s);
      return hit ? { value: hit.value } : { error: `“${s}”不是有效的${c.header}` };
    }
    case 'yesno':
      if (v === true || ['是', '1', 'Y', 'y'].includes(s)) return { value: '1' };
      if (v === false || ['否', '0', 'N', 'n'].includes(s)) return { value: '0' };
      return { error: `${c.header}请填写“是”或“否”` };
    case 'dicts': {
      const items = lookups.dicts[c.dict] ?? [];
      const codes: string[] = [];
      for (const part of s
        .split(/[、,，;；]/)
        .map((p) => p.trim())
        .filter(Boolean)) {
        const hit = items.find((i) => i.value === part) ?? items.find((i) => i.text === part);
        if (!hit) return { error: `“${part}”不是有效的${c.header}` };
        codes.push(hit.value);
      }
      return { value: codes };
    }
    case 'bool':
      if (v === true || ['是', 'Y', 'y', '1', 'true', 'TRUE'].includes(s)) return { value: true };
      if (v === false || ['否', 'N', 'n', '0', 'false', 'FALSE'].includes(s)) return { value: false };
      return { error: `${c.header}请填写“是”或“否”` };
    case 'int':
      return { value: typeof v === 'number' ? v : s };
    case 'date': {
      if (v instanceof Date) return { value: v.toISOString() };
      const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
      if (m) return { value: `${m[1]}-${pad2(Number(m[2]))}-${pad2(Number(m[3]))}T00:00:00+08:00` };
      return { value: s };
    }
    case 'time':
      // Excel keeps a time of day as a date on 1899-12-30.
      if (v instanceof Date) return { value: `${pad2(v.getUTCHours())}:${pad2(v.getUTCMinutes())}` };
      return { value: s };
    case 'category': {
      const id = lookups.categories.get(s);
      return id ? { value: id } : { error: `资源分类“${s}”不存在` };
    }
    case 'depart': {
      const code = lookups.departs.get(s);
      return code ? { value: code } : { error: `数源单位“${s}”不存在` };
    }
    default:
      return { value: s };
  }
}

function convertRow<F extends string>(
  sheetName: string,
  r: SheetRow,
  columns: ColumnSpec<F>[],
  lookups: Lookups,
  errors: ImportRowError[],
): Raw {
  const out: Raw = {};
  for (const c of columns) {
    const result = convert(c as ColumnSpec<string>, r.values[c.field], lookups);
    if ('error' in result) errors.push({ sheet: sheetName, row: r.row, field: c.header, message: result.error });
    else if (result.value !== undefined) out[c.field] = result.value;
  }
  return out;
}

async function loadLookups(db: Db): Promise<Lookups> {
  const [dicts, cats, deps] = await Promise.all([
    dictItemsOf(db, DICTS_USED),
    selectCategoryNodes(db),
    selectLiveDeparts(db),
  ]);
  const categoryMap = new Map<string, string>();
  for (const c of cats) {
    categoryMap.set(c.code, c.id);
    categoryMap.set(c.name, c.id);
  }
  const departMap = new Map<string, string>();
  for (const d of deps) {
    departMap.set(d.orgCode, d.orgCode);
    departMap.set(d.name, d.orgCode);
    if (d.abbr) departMap.set(d.abbr, d.orgCode);
  }
  return { dicts, categories: categoryMap, departs: departMap };
}

const HEADER_OF: Record<string, string> = Object.fromEntries(ENTRY_COLUMNS.map((c) => [c.field, c.header]));
const SERVICE_HEADER_OF: Record<string, string> = Object.fromEntries(SERVICE_COLUMNS.map((c) => [c.field, c.header]));
const ITEM_HEADER_OF: Record<string, string> = Object.fromEntries(ITEM_COLUMNS.map((c) => [c.field, c.header]));

/**
 * Imports entries from the template: every row is validated with the same contract as the form; if
 * any row is wrong nothing is written and every error is answered (400, result.errors), else all
 * entries are created as drafts in one transaction.
 */
export async function importEntries(
  db: Db,
  actor: Actor,
  file: { fileName: string; buffer: Buffer },
): Promise<ImportResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file.buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest(ImportMessages.notXlsx);
  }
  const entrySheet = wb.getWorksheet(ENTRY_SHEET);
  if (!entrySheet) throw badRequest(ImportMessages.noEntrySheet);
  const reviewer = seesAllDepartments(actor);
  if (!reviewer && !actor.orgCode) throw badRequest(ScopeMessages.noDepart);

  const errors: ImportRowError[] = [];
  const entryRows = readSheet(entrySheet, [...ENTRY_COLUMNS, ...SERVICE_COLUMNS], errors);
  const itemSheet = wb.getWorksheet(ITEM_SHEET);
  const itemRows = itemSheet
    ? readSheet(itemSheet, [{ header: ITEM_OWNER_HEADER, field: 'owner', required: true }, ...ITEM_COLUMNS], errors)
    : [];
  if (errors.length) throw badRequest(errors[0].message, { errors });
  if (entryRows.length === 0) throw badRequest(ImportMessages.empty);
  if (entryRows.length > IMPORT_MAX_ROWS) throw badRequest(ImportMessages.tooMany);

  const lookups = await loadLookups(db);
  const itemsByOwner = new Map<string, { row: number; raw: Raw }[]>();
  const entryNames = new Set(entryRows.map((r) => String(r.values.catalogName ?? '')));
  for (const r of itemRows) {
    const owner = r.values.owner === null ? '' : String(r.values.owner);
    if (!entryNames.has(owner)) {
      errors.push({
        sheet: ITEM_SHEET,
        row: r.row,
        field: ITEM_OWNER_HEADER,
        message: owner ? `“目录”工作表中没有名为“${owner}”的目录` : '请填写目录名称',
      });
      continue;
    }
    const list = itemsByOwner.get(owner) ?? [];
    list.push({ row: r.row, raw: convertRow(ITEM_SHEET, r, ITEM_COLUMNS, lookups, errors) });
    itemsByOwner.set(owner, list);
  }

  const parsed: { input: CatalogueCreateInput; orgCode: string; row: number }[] = [];
  const seen = new Map<string, number>();
  for (const r of entryRows) {
    const errorsBefore = errors.length;
    const raw = convertRow(ENTRY_SHEET, r, ENTRY_COLUMNS, lookups, errors);
    const matter = convertRow(ENTRY_SHEET, r, SERVICE_COLUMNS, lookups, errors);
    // A row with 服务事项 cells carries the section (关联政务服务 是 unless it says 否); one without keeps none.
    if (Object.keys(matter).length > 0) raw.serviceMatter = { relatedGovernment: '1', ...matter };
    const failedFields = new Set(errors.slice(errorsBefore).map((e) => e.field));
    const name = String(r.values.catalogName ?? '');
    const items = itemsByOwner.get(name) ?? [];
    const orgCode = (reviewer && typeof raw.orgCode === 'string' ? raw.orgCode : actor.orgCode) ?? '';
    if (reviewer && !orgCode) {
      errors.push({ sheet: ENTRY_SHEET, row: r.row, field: HEADER_OF.orgCode, message: '请填写数源单位' });
    }
    const key = `${orgCode}\u0000${name}`;
    if (name && seen.has(key)) {
      errors.push({
        sheet: ENTRY_SHEET,
        row: r.row,
        field: HEADER_OF.catalogName,
        message: `与第 ${seen.get(key)} 行的目录同名`,
      });
    }
    seen.set(key, r.row);
    const result = CatalogueCreateInput.safeParse({ ...raw, orgCode, dataList: items.map((i) => i.raw) });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const [head, index, itemField] = issue.path;
        if (head === 'dataList' && typeof index === 'number' && items[index]) {
          const field = ITEM_HEADER_OF[String(itemField)] ?? '信息项';
          errors.push({ sheet: ITEM_SHEET, row: items[index].row, field, message: readable(issue, field) });
        } else if (head === 'serviceMatter') {
          const field = SERVICE_HEADER_OF[String(index)] ?? SERVICE_MATTER_LABEL.relatedGovernment;
          if (!failedFields.has(field))
            errors.push({ sheet: ENTRY_SHEET, row: r.row, field, message: readable(issue, field) });
        } else {
          const field = HEADER_OF[String(head)] ?? String(head ?? '');
          if (!failedFields.has(field))
            errors.push({ sheet: ENTRY_SHEET, row: r.row, field, message: readable(issue, field) });
        }
      }
      continue;
    }
    parsed.push({ input: result.data, orgCode, row: r.row });
  }

  // Names already taken in the departments, found in one query.
  const names = parsed.map((p) => p.input.catalogName);
  if (names.length) {
    const taken = await selectTakenNames(db, names);
    const takenKeys = new Set(taken.map((t) => `${t.orgCode}\u0000${t.name}`));
    for (const p of parsed) {
      if (takenKeys.has(`${p.orgCode}\u0000${p.input.catalogName}`)) {
        errors.push({ sheet: ENTRY_SHEET, row: p.row, field: HEADER_OF.catalogName, message: '本部门已存在同名目录' });
      }
    }
  }

  // 数源应用系统 must be an enabled system of the row's department.
  for (const p of parsed) {
    if (!(await sourceSystemKnown(db, p.orgCode, p.input.sourceSystem))) {
      errors.push({
        sheet: ENTRY_SHEET,
        row: p.row,
        field: HEADER_OF.sourceSystem,
        message: EntryMessages.unknownSystem,
      });
    }
  }

  if (errors.length) {
    errors.sort((a, b) => (a.sheet === b.sheet ? a.row - b.row : a.sheet === ENTRY_SHEET ? -1 : 1));
    const first = errors[0];
    throw badRequest(
      `导入失败，共 ${errors.length} 处错误：${first.sheet}第 ${first.row} 行 ${first.field}：${first.message}`,
      {
        errors,
      },
    );
  }

  const author = { actor, departName: await departNameOf(db, actor.orgCode) };
  await db.transaction(async (tx) => {
    for (const p of parsed) {
      await insertEntry(tx, author, p.input, p.orgCode, {
        action: 'import',
        comment: `从 ${file.fileName} 导入`,
      });
    }
    await logOperation(tx, actor, {
      content: `导入目录 ${parsed.length} 条：${file.fileName}`,
      operateType: 'catalog:import',
      target: null,
    });
  });
  return { created: parsed.length };
}

/** A cell left empty reads as "请填写…" rather than the validator's type wording. */
function readable(issue: { code: string; message: string }, field: string): string {
  return issue.code === 'invalid_type' ? `请填写“${field}”` : issue.message;
}
