const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * HTML-escapes a text and wraps every occurrence of the terms in <em>…</em>. Matching runs on the
 * raw text (so a term never matches inside an entity such as &amp;), longest term first,
 * ignoring case.
 */
export function highlight(text: string | null | undefined, terms: readonly string[]): string {
  const source = text ?? '';
  const usable = terms.filter(Boolean);
  if (!usable.length || !source) return escapeHtml(source);
  const pattern = new RegExp(
    [...usable]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'giu',
  );
  let out = '';
  let last = 0;
  for (const m of source.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (!m[0]) continue;
    out += `${escapeHtml(source.slice(last, at))}<em>${escapeHtml(m[0])}</em>`;
    last = at + m[0].length;
  }
  return out + escapeHtml(source.slice(last));
}
