/** Links the editor may insert: the same schemes the server keeps (http, https, mailto) or a site path. */
export function normaliseLink(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  if (/^\/(?!\/)/.test(value)) return value;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return value;
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  if (/^[\w-]+(\.[\w-]+)+(\/[^\s]*)?$/.test(value)) return `https://${value}`;
  return null;
}

/** True when the editor holds no visible text (an empty paragraph or a lone line break counts as empty). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
