import { Cron, type CronCallback } from 'croner';

/** Jobs run on Beijing time, whatever the server's own time zone. */
export const JOB_TIMEZONE = 'Asia/Shanghai';

const FIELD_NAMES: Record<string, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  dayOfWeek: '周',
};

const FORMAT_HINT = '须为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周），以空格分隔';

/** Croner's English reasons in Chinese; anything unrecognised falls back to the format hint. */
function explain(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const invalid = /Invalid value for (\w+): (.+)$/.exec(text);
  if (invalid) return `${FIELD_NAMES[invalid[1]] ?? invalid[1]}的取值 ${invalid[2]} 超出范围`;
  const illegal = /configuration entry (\d+) \((.*)\) contains illegal characters/.exec(text);
  if (illegal) return `第 ${illegal[1]} 段（${illegal[2]}）包含非法字符`;
  return FORMAT_HINT;
}

export type ParsedCron = { ok: true; cron: Cron } | { ok: false; error: string };

/**
 * A paused croner instance for the expression (5 or 6 fields, Beijing time), or the Chinese reason
 * it is not acceptable. An expression that never fires (30 February) is refused too.
 */
export function parseCron(expression: string): ParsedCron {
  const expr = expression.trim();
  if (!expr) return { ok: false, error: '请输入 Cron 表达式' };
  let cron: Cron;
  try {
    cron = new Cron(expr, { paused: true, timezone: JOB_TIMEZONE, mode: '5-or-6-parts' });
  } catch (e) {
    return { ok: false, error: explain(e) };
  }
  if (!cron.nextRun()) {
    cron.stop();
    return { ok: false, error: '该表达式没有将来的执行时间' };
  }
  return { ok: true, cron };
}

/** The next `n` run times after `from`, or the reason the expression is not acceptable. */
export function nextRunTimes(
  expression: string,
  n: number,
  from = new Date(),
): { ok: true; times: Date[] } | { ok: false; error: string } {
  const parsed = parseCron(expression);
  if (!parsed.ok) return parsed;
  const times = parsed.cron.nextRuns(n, from);
  parsed.cron.stop();
  return { ok: true, times };
}

/**
 * A running schedule. `protect` skips a tick while the previous run of the same job in this instance
 * is still busy; `catch` keeps an error in the callback from becoming an unhandled rejection.
 */
export function schedule(expression: string, fire: CronCallback): Cron {
  return new Cron(
    expression.trim(),
    { timezone: JOB_TIMEZONE, mode: '5-or-6-parts', protect: true, catch: true, unref: true },
    fire,
  );
}

/**
 * The cron tick a firing belongs to, truncated to the second: normally the current second, but a
 * callback delayed past the second (a busy event loop) still claims the tick it was scheduled for.
 */
export function tickOf(cron: Cron, firedAt: Date): Date {
  const second = new Date(Math.floor(firedAt.getTime() / 1000) * 1000);
  if (cron.match(second)) return second;
  const [previous] = cron.previousRuns(1, second);
  return previous ? new Date(Math.floor(previous.getTime() / 1000) * 1000) : second;
}
