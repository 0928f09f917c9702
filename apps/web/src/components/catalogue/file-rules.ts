import { FILE_ACCEPT, type FileKind, MAX_UPLOAD_BYTES } from '@odp/contracts';

const extensionsOf = (kind: FileKind) => FILE_ACCEPT[kind].split(',').map((e) => e.replace(/^\./, ''));

export const FILE_KINDS: Record<FileKind, { title: string; extensions: string[]; hint: string }> = {
  data: {
    title: '数据文件',
    extensions: extensionsOf('data'),
    hint: '支持 CSV（UTF-8 或 GBK）、XLSX、XLS、JSON，单个文件不超过 100 MB',
  },
  doc: { title: '说明文档', extensions: extensionsOf('doc'), hint: '支持 PDF、DOCX，如数据字典、说明文档' },
};

/** Why the browser refuses the file before sending it, or null (the server checks again, by content). */
export function fileRefusal(kind: FileKind, file: { name: string; size: number }): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const { extensions } = FILE_KINDS[kind];
  if (!extensions.includes(ext)) {
    return `${FILE_KINDS[kind].title}仅支持 ${extensions.map((e) => e.toUpperCase()).join('、')} 格式`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return '文件不能超过 100 MB';
  if (file.size === 0) return '文件为空';
  return null;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
