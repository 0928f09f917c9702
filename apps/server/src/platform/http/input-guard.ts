import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.js';

/** Said for a NUL anywhere in the input: PostgreSQL cannot store it in text, so it is never data. */
export const NUL_MESSAGE = '请求内容不能包含空字符（\\u0000）';
export const MALFORMED_JSON_MESSAGE = '请求内容不是有效的 JSON';

/** Deeper than any form or filter nests; beyond it the value is refused rather than walked. */
const MAX_DEPTH = 32;

/** True when a string, a key or anything nested in `value` holds a NUL, or nesting goes beyond `MAX_DEPTH`. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  }
  return false;
}

/**
 * Input rules every route shares, so that no route has to remember them:
 * - a JSON content type with an empty body means "no body" (curl and some proxies send the header
 *   on a bodiless POST such as logout); routes whose schema needs a body still refuse it in Chinese;
 * - malformed JSON is a Chinese 400 (with the prototype-poisoning checks of Fastify's own parser);
 * - a NUL in the query, the path parameters or a JSON body is refused before validation, since
 *   PostgreSQL would fail on it halfway through a write.
 * Install on the root instance before any route is registered.
 */
export function installInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (err, parsed) => {
      if (!err) return done(null, parsed);
      const refused = Object.assign(new Error(MALFORMED_JSON_MESSAGE), { statusCode: 400, code: 'ODP_MALFORMED_JSON' });
      done(refused, undefined);
    });
  });

  app.addHook('preValidation', async (request, reply) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      return reply.status(400).send(fail(400, NUL_MESSAGE));
    }
  });
}
