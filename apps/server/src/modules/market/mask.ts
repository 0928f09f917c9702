const CJK_NAME = /^[\u3400-\u9fff·]{2,6}$/u;
const MOBILE = /^1\d{10}$/;
const ID_CARD = /^\d{17}[\dXx]$/;
const EMAIL = /^([^@\s]+)@([^@\s]+)$/;

/**
 * Masks one value of a 脱敏 column for the public: names keep the family name (张**), mobile numbers
 * their first 3 and last 4 digits (138****0000), ID numbers their region and last 4, e-mail the
 * first character and the domain; anything else becomes ****, so that its length is not revealed.
 */
export function maskValue(value: string): string {
  const v = value.trim();
  if (!v) return v;
  if (CJK_NAME.test(v)) {
    const chars = [...v];
    return chars[0] + '*'.repeat(chars.length - 1);
  }
  if (MOBILE.test(v)) return `${v.slice(0, 3)}****${v.slice(7)}`;
  if (ID_CARD.test(v)) return `${v.slice(0, 6)}********${v.slice(14)}`;
  const email = EMAIL.exec(v);
  if (email) return `${email[1][0]}***@${email[2]}`;
  return '****';
}

/** The indexes of the columns whose header names a masked data item (Chinese or English name). */
export function maskedColumns(
  columns: readonly string[],
  items: readonly { name: string; enName: string | null; masked: boolean }[],
) {
  const names = new Set<string>();
  for (const i of items) {
    if (!i.masked) continue;
    names.add(i.name.trim().toLowerCase());
    if (i.enName) names.add(i.enName.trim().toLowerCase());
  }
  const indexes: number[] = [];
  columns.forEach((col, i) => {
    if (names.has(col.trim().toLowerCase())) indexes.push(i);
  });
  return indexes;
}

export function maskRow(row: readonly string[], indexes: readonly number[]): string[] {
  if (!indexes.length) return [...row];
  const out = [...row];
  for (const i of indexes) if (i < out.length && out[i]) out[i] = maskValue(out[i]);
  return out;
}
