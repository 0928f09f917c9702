import { Messages } from '@odp/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { inputErrorOf } from './db-errors.js';
import { fail } from './envelope.js';
import { AppError } from './errors.js';
import { MALFORMED_JSON_MESSAGE } from './input-guard.js';

/**
 * The one error handler: AppErrors speak for themselves, validation names the field, database
 * errors caused by bad input are the client's 400 (see db-errors.ts), nothing else leaks.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(fail(error.code, error.message, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const reason = first?.message ?? '参数不正确';
      const message = field ? `${reason}（字段 ${field}）` : reason;
      return reply.status(400).send(fail(400, message, { field: field ?? null }));
    }
    if (error.code === 'ODP_MALFORMED_JSON') return reply.status(400).send(fail(400, MALFORMED_JSON_MESSAGE));
    const refused = inputErrorOf(error);
    if (refused) {
      // Kept in the log: a value the contract should have refused before it reached the database.
      request.log.warn({ err: error, sqlState: refused.sqlState }, 'database refused the input');
      return reply.status(refused.status).send(fail(refused.status, refused.message));
    }
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(fail(415, '不支持的请求内容类型'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        error.statusCode === 413
          ? '请求内容过大'
          : error.statusCode === 429
            ? '请求过于频繁，请稍后再试'
            : '请求格式不正确';
      return reply.status(error.statusCode).send(fail(error.statusCode, message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(fail(500, Messages.internalError));
  });
}
