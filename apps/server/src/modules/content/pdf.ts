/**
 * A small PDF writer for Chinese text documents (the demo's help documents and standards). The text
 * uses the standard Adobe CJK font `STSong-Light` with the `UniGB-UCS2-H` encoding, which PDF viewers
 * (browsers included) supply themselves, so the file embeds no font and stays a few kilobytes.
 */

export type PdfBlock = { kind: 'h1' | 'h2' | 'p'; text: string };

const PAGE = { width: 595, height: 842, margin: 56 };
const SIZE: Record<PdfBlock['kind'], number> = { h1: 20, h2: 14, p: 11 };
const LEADING = 1.7;

/** Width of a character in ems: half for ASCII (the font's proportional Latin), whole otherwise. */
const widthOf = (ch: string) => (ch.charCodeAt(0) < 0x80 ? 0.5 : 1);

function wrap(text: string, size: number): string[] {
  const max = (PAGE.width - PAGE.margin * 2) / size;
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const ch of text) {
    const w = widthOf(ch);
    if (width + w > max) {
      lines.push(line);
      line = '';
      width = 0;
    }
    line += ch;
    width += w;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** UTF-16BE as hex: the string operand of the UCS2 encoding. */
const hex = (text: string) =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0x3f;
      return (code > 0xffff ? 0x3f : code).toString(16).padStart(4, '0');
    })
    .join('');

/** Lays the blocks out on A4 pages and answers the PDF's bytes. */
export function chinesePdf(title: string, blocks: PdfBlock[]): Buffer {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const block of blocks) {
    const size = SIZE[block.kind];
    const gap = block.kind === 'p' ? size * 0.6 : size;
    if (block.kind !== 'h1') y -= gap;
    for (const line of wrap(block.text, size)) {
      y -= size * LEADING;
      if (y < PAGE.margin) {
        pages.push([]);
        y = PAGE.height - PAGE.margin - size * LEADING;
      }
      pages[pages.length - 1].push(`BT /F1 ${size} Tf ${PAGE.margin} ${y.toFixed(1)} Td <${hex(line)}> Tj ET`);
    }
  }

  const objects: string[] = [];
  const add = (body: string) => objects.push(body) + 0;
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  const pagesIndex = add('');
  const font = add(
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>',
  );
  add(
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>',
  );
  add(
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  );
  const info = add(`<< /Title <feff${hex(title)}> /Producer (Binjiang Open Data Platform) >>`);
  const kids: number[] = [];
  for (const lines of pages) {
    const stream = lines.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[pagesIndex - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
