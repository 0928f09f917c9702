import type { Envelope } from '@odp/contracts';

export function ok<T>(result: T, message = '操作成功'): Envelope<T> {
  return { success: true, code: 200, message, result, timestamp: Date.now() };
}

export function fail(code: number, message: string, result: unknown = null): Envelope<unknown> {
  return { success: false, code, message, result, timestamp: Date.now() };
}
