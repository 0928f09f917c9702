/** Pure helpers of the 定时任务 page: the parameter editor's JSON and the run times as shown. */

export type ParsedParameter = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** The textarea's text as the parameter object; blank means no parameter (the handler's defaults). */
export function parseParameter(text: string | undefined | null): ParsedParameter {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { ok: false, error: '参数须为合法的 JSON，例如 {"days": 180}' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: '参数须为 JSON 对象，例如 {"days": 180}' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** A parameter for the editor: indented JSON, `{}` when there is none. */
export function formatParameter(value: Record<string, unknown> | null | undefined): string {
  if (!value || Object.keys(value).length === 0) return '{}';
  return JSON.stringify(value, null, 2);
}

/** A parameter in one table cell. */
export function compactParameter(value: Record<string, unknown> | null | undefined): string {
  if (!value || Object.keys(value).length === 0) return '无';
  return JSON.stringify(value);
}

/** An instant as Beijing wall time, `YYYY-MM-DD HH:mm:ss`: jobs are scheduled on Beijing time. */
export function beijingTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai', hour12: false });
}

/** How long a run took: 毫秒 under a second, else 秒 (or 分钟); 执行中 while it has no end. */
export function runDuration(startIso: string, endIso: string | null): string {
  if (!endIso) return '执行中';
  const ms = Math.max(0, Date.parse(endIso) - Date.parse(startIso));
  if (ms < 1000) return `${ms} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} 秒`;
  return `${Math.floor(ms / 60_000)} 分 ${Math.round((ms % 60_000) / 1000)} 秒`;
}
