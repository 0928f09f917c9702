/**
 * Links and redirects the platform stores or follows (the sign-in `redirect`, a notice's 打开页面,
 * a message's link) may only lead to a page of this site. Browsers are lenient in ways an attacker
 * uses: `//host` and `/\host` are other hosts, tabs and newlines inside a URL are dropped, `\` is
 * read as `/`, and a router may decode `%2F`. So a value is a same-site path only when it starts
 * with one `/`, holds no backslash, control character or whitespace, stays so once percent-decoded,
 * and resolves to the same origin.
 */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  let current = value;
  // Decoded until stable (a few rounds cover double encoding); undecodable input is refused.
  for (let round = 0; round < 4; round++) {
    if (!isPlainPath(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return resolvesHere(value);
    current = decoded;
  }
  return false;
}

// Control characters (URL parsers drop tabs and newlines), unusual spaces and backslashes. A plain
// space is harmless inside a path (`/a%20b`) and cannot start one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSAFE = /[\u0000-\u001f\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;

const isPlainPath = (v: string) => v.startsWith('/') && !v.startsWith('//') && !UNSAFE.test(v);

const resolvesHere = (v: string) => {
  const base = 'http://same-site.invalid';
  try {
    return new URL(v, base).origin === base;
  } catch {
    return false;
  }
};

/** The path itself when it is same-site, else `fallback` (for a redirect read from the address bar). */
export const sameSitePathOr = (value: string | null | undefined, fallback: string) =>
  isSameSitePath(value) ? value : fallback;

export const sameSiteMessage = (label: string) => `${label}须为本站路径（以 / 开头，不能指向其他网站）`;
