import { readFile } from 'node:fs/promises';

/**
 * The downloadable templates of an open application, as Word documents: the 申请表 (DB37/T 3523.5
 * 附录 B's fields) and the 安全承诺书 (附录 C). Made once with LibreOffice from the HTML beside them
 * (`libreoffice --headless --convert-to docx:"MS Word 2007 XML" *.html` in apps/server/assets/open-apply);
 * change the HTML and convert again to change a template.
 */
const FOLDER = new URL('../../../assets/open-apply/', import.meta.url);

export const TEMPLATES = {
  application: { file: 'application-form.docx', fileName: '有条件开放数据使用申请表.docx' },
  pledge: { file: 'security-pledge.docx', fileName: '公共数据安全承诺书.docx' },
} as const;
export type TemplateKind = keyof typeof TEMPLATES;

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const loaded = new Map<TemplateKind, Buffer>();

/** A template's bytes, read once per process. */
export async function templateOf(kind: TemplateKind): Promise<{ fileName: string; bytes: Buffer }> {
  let bytes = loaded.get(kind);
  if (!bytes) {
    bytes = await readFile(new URL(TEMPLATES[kind].file, FOLDER));
    loaded.set(kind, bytes);
  }
  return { fileName: TEMPLATES[kind].fileName, bytes };
}
