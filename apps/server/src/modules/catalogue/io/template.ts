import ExcelJS from 'exceljs';
import type { Db } from '../../../db/client.js';
import {
  type ColumnSpec,
  DICTS_USED,
  ENTRY_COLUMNS,
  ENTRY_SHEET,
  GUIDE_SHEET,
  ITEM_COLUMNS,
  ITEM_OWNER_HEADER,
  ITEM_SHEET,
  SERVICE_COLUMNS,
} from './columns.js';
import { dictItemsOf } from './dicts.js';
import { selectCategoryNodes } from './repository.js';

/** Rows of the template that get the drop-down lists. */
const LIST_ROWS = 1000;

function headerRow<F extends string>(
  sheet: ExcelJS.Worksheet,
  columns: (Pick<ColumnSpec<F>, 'header' | 'required' | 'width' | 'note'> & { list?: string[] })[],
) {
  sheet.columns = columns.map((c) => ({ header: `${c.required ? '*' : ''}${c.header}`, width: c.width ?? 14 }));
  const row = sheet.getRow(1);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F0FF' } };
  columns.forEach((c, i) => {
    const cell = row.getCell(i + 1);
    if (c.note) cell.note = c.note;
    // A list longer than Excel's 255-character limit stays free text; the 说明 sheet lists it.
    const list = c.list?.join(',');
    if (list && list.length < 250) {
      for (let r = 2; r <= LIST_ROWS; r++) {
        sheet.getCell(r, i + 1).dataValidation = {
          type: 'list',
          allowBlank: true,
          showErrorMessage: false,
          formulae: [`"${list}"`],
        };
      }
    }
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/** The import template: 目录 and 信息项 to fill in, 说明 with the rules and every code. */
export async function buildTemplate(db: Db): Promise<Buffer> {
  const dicts = await dictItemsOf(db, DICTS_USED);
  const listOf = (c: ColumnSpec<string>) =>
    c.kind === 'dict'
      ? dicts[c.dict]?.map((i) => i.text)
      : c.kind === 'bool' || c.kind === 'yesno'
        ? ['是', '否']
        : undefined;
  const wb = new ExcelJS.Workbook();
  wb.creator = '滨江市公共数据开放平台';
  headerRow(
    wb.addWorksheet(ENTRY_SHEET),
    [...ENTRY_COLUMNS, ...SERVICE_COLUMNS].map((c) => ({ ...c, list: listOf(c as ColumnSpec<string>) })),
  );
  headerRow(wb.addWorksheet(ITEM_SHEET), [
    { header: ITEM_OWNER_HEADER, required: true, width: 30, note: '与“目录”工作表的信息资源名称一致' },
    ...ITEM_COLUMNS.map((c) => ({ ...c, list: listOf(c) })),
  ]);

  const guide = wb.addWorksheet(GUIDE_SHEET);
  guide.columns = [
    { header: '字段', width: 18 },
    { header: '代码', width: 12 },
    { header: '名称', width: 40 },
  ];
  guide.getRow(1).font = { bold: true };
  const lines = [
    '1. 带 * 的列为必填；每个目录占“目录”工作表的一行。',
    '2. 信息项填在“信息项”工作表，每行一个，按“目录名称”归属到目录，顺序即序号。',
    '3. 代码列可填写代码或名称（如 开放类型 填 1 或 无条件开放）；是/否 列填 是 或 否。',
    '4. 文件中任何一行有误时不会导入任何目录，并逐行列出错误。',
    '5. 导入的目录为草稿，信息资源代码由系统按编码规则生成。',
    '6. 服务事项列：关联政务服务填“是”时，业务办理项编码/名称、实施清单编码/名称和事项类型必填；提供渠道可填多个，用“、”分隔。',
  ];
  for (const line of lines) guide.addRow([line]);
  guide.addRow([]);
  for (const c of [...ENTRY_COLUMNS, ...SERVICE_COLUMNS, ...ITEM_COLUMNS] as ColumnSpec<string>[]) {
    if (c.kind !== 'dict' && c.kind !== 'dicts') continue;
    for (const item of dicts[c.dict] ?? []) guide.addRow([c.header, item.value, item.text]);
  }
  for (const n of await selectCategoryNodes(db)) guide.addRow(['资源分类', n.code, n.name]);

  return Buffer.from(await wb.xlsx.writeBuffer());
}
