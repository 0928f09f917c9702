import { describe, expect, it } from 'vitest';
import { columnIndex, readFirstSheet, sheetRows } from './xlsx-reader';

/** A zip of stored (uncompressed) entries: enough to exercise the reader without a zip library. */
function storedZip(files: Record<string, string>): ArrayBuffer {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = encoder.encode(name);
    const data = encoder.encode(text);
    const local = new Uint8Array(30 + nameBytes.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    local.set(data, 30 + nameBytes.length);
    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const centralSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, end];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out.buffer;
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

describe('xlsx reader', () => {
  it('turns cell references into column numbers', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('C7')).toBe(2);
    expect(columnIndex('AA10')).toBe(26);
  });

  it('reads shared, inline, numeric and boolean cells and fills gaps', () => {
    const xml = `<worksheet ${NS}><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>长度</t></is></c></row>
      <row r="3"><c r="A3"><v>12</v></c><c r="B3" t="b"><v>1</v></c></row>
    </sheetData></worksheet>`;
    expect(sheetRows(xml, ['信息项名称'])).toEqual([['信息项名称', '', '长度'], [], ['12', 'TRUE']]);
  });

  it('reads the first sheet of a workbook through its relationships', async () => {
    const zip = storedZip({
      'xl/workbook.xml': `<workbook ${NS} ${REL_NS}><sheets><sheet name="信息项" sheetId="1" r:id="rId2"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Target="worksheets/items.xml"/></Relationships>`,
      'xl/sharedStrings.xml': `<sst ${NS}><si><t>信息项名称</t></si><si><r><t>站点</t></r><r><t>名称</t></r><rPh><t>ZD</t></rPh></si></sst>`,
      'xl/worksheets/items.xml': `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>`,
    });
    expect(await readFirstSheet(zip)).toEqual([['信息项名称'], ['站点名称']]);
  });

  it('refuses what is not a zip', async () => {
    await expect(readFirstSheet(new TextEncoder().encode('名称,类型\n').buffer as ArrayBuffer)).rejects.toThrow(
      '不是有效的 .xlsx 文件',
    );
  });
});
