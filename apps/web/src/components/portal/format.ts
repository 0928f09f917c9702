/** "共 N 条": the total, or "10000+" when the server stopped counting at its cap. */
export function formatTotal(total: number | undefined | null, capped?: boolean): string {
  const n = Math.max(0, Math.floor(Number(total) || 0));
  return capped ? `${n}+` : String(n);
}

/** Counters on cards: 9999, 1.2万, 3.5亿. */
export function formatCounter(value: number | string | undefined | null): string {
  const n = Number(value) || 0;
  if (n >= 1e8) return `${trim(n / 1e8, 1)}亿`;
  if (n >= 1e4) return `${trim(n / 1e4, 1)}万`;
  return String(n);
}

/** The date part of a server timestamp (YYYY-MM-DD), or '-' when there is none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 1536 → "1.5 KB". */
export function formatSize(bytes: number | null | undefined): string {
  const n = Number(bytes) || 0;
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${trim(n / 1024, 1)} KB`;
  if (n < 1024 ** 3) return `${trim(n / 1024 ** 2, 1)} MB`;
  return `${trim(n / 1024 ** 3, 2)} GB`;
}

/** A 0–5 score as a number with one decimal ("4.5"); the server may send it as a numeric string. */
export const scoreOf = (value: number | string | null | undefined) => Math.round((Number(value) || 0) * 10) / 10;

function trim(v: number, digits: number) {
  return v.toFixed(digits).replace(/\.?0+$/, '');
}
