/**
 * PostgreSQL errors that mean the input was bad, not the server: each SQLSTATE the database raises
 * on a value it cannot take, with what the client is told. The failing statement aborts its
 * transaction, so nothing of the request is written. Anything not listed stays a 500.
 */
const INPUT_ERRORS: Record<string, { status: number; message: string }> = {
  '22001': { status: 400, message: '内容过长，超出了字段允许的长度' },
  '22003': { status: 400, message: '数值超出了允许的范围' },
  '22007': { status: 400, message: '日期时间格式不正确' },
  '22008': { status: 400, message: '日期时间超出了允许的范围' },
  '22021': { status: 400, message: '内容包含不允许的字符' },
  '22P02': { status: 400, message: '参数格式不正确' },
  '22P05': { status: 400, message: '内容包含不允许的字符' },
  '2201B': { status: 400, message: '正则表达式不正确' },
  '23502': { status: 400, message: '缺少必填的内容' },
  '23503': { status: 400, message: '关联的数据不存在，或仍被其他数据引用' },
  // The platform answers conflicts with 400 like its other refusals (see `conflict` in errors.ts).
  '23505': { status: 400, message: '数据已存在，请勿重复提交' },
  '23514': { status: 400, message: '内容不符合要求' },
  '54000': { status: 400, message: '内容过大，超出了数据库允许的范围' },
};

/** Any other data exception (class 22) is still the client's input. */
const DATA_EXCEPTION = { status: 400, message: '参数不正确' };

/** Every message a database refusal may carry: tests tell by it which inputs only the database caught. */
export const DATABASE_REFUSALS: ReadonlySet<string> = new Set(
  [...Object.values(INPUT_ERRORS), DATA_EXCEPTION].map((e) => e.message),
);

/** The SQLSTATE of a database error, looked for through the causes drivers and Drizzle wrap it in. */
export function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The answer for a database error caused by bad input, or null when the error is the server's own. */
export function inputErrorOf(error: unknown): { status: number; message: string; sqlState: string } | null {
  const sqlState = sqlStateOf(error);
  if (!sqlState) return null;
  const known = INPUT_ERRORS[sqlState] ?? (sqlState.startsWith('22') ? DATA_EXCEPTION : null);
  return known ? { ...known, sqlState } : null;
}

/** A unique violation of the given index: the race a service's pre-check cannot see. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: c, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (c === constraint || message?.includes(constraint))) return true;
  }
  return false;
}
