import { AppError, badRequest } from '../../../../platform/http/errors.js';

/**
 * A driver's failure as a Chinese refusal naming the cause, never the driver's own text (which may
 * quote what the server sent back) nor anything of the password.
 */
export function connectionError(err: unknown, host: string, port: number): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: string | number; errno?: number; message?: string };
  const code = String(e.code ?? '');
  const message = String(e.message ?? '');
  if (code === 'ECONNREFUSED') return badRequest(`连接被拒绝：${host}:${port} 没有数据库服务在监听`);
  if (code === 'ETIMEDOUT' || code === 'ECONNRESET' || /timeout|timed out/i.test(message)) {
    return badRequest(`连接超时：${host}:${port} 没有在规定时间内应答`);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return badRequest(`无法到达 ${host}:${port}`);
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR' || e.errno === 1045) {
    return badRequest('用户名或密码错误');
  }
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR' || e.errno === 1049) return badRequest('数据库不存在');
  if (code === 'ER_DBACCESS_DENIED_ERROR' || e.errno === 1044 || code === '42501') {
    return badRequest('该用户无权访问此数据库');
  }
  if (code === '57014' || e.errno === 1969 || e.errno === 3024) return badRequest('查询超时');
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT' || /ssl|tls/i.test(message))
    return badRequest('数据库要求的加密连接方式暂不支持');
  return badRequest('连接失败，请检查数据源类型、地址、端口和数据库名称');
}
