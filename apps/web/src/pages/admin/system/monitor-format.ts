const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in the largest unit that keeps the number at or above 1, e.g. 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  return `${exponent === 0 ? value : value.toFixed(1)} ${UNITS[exponent]}`;
}

/** Seconds as 天 / 小时 / 分钟, e.g. 90061 → "1 天 1 小时 1 分钟"; under a minute → "不足 1 分钟". */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const parts = [days && `${days} 天`, hours && `${hours} 小时`, minutes && `${minutes} 分钟`].filter(Boolean);
  return parts.length ? parts.join(' ') : '不足 1 分钟';
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A user agent as a short browser and system name for the online list; the full text stays in a tooltip. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return '-';
  const names = [BROWSERS, SYSTEMS].flatMap((list) => list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? []);
  return names.length ? names.join(' / ') : userAgent.slice(0, 40);
}
