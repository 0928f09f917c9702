import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.js';

// Path tricks that have bypassed URL-pattern checks elsewhere: traversal, encoded separators, matrix parameters.
const ODD_PATH = /(\.\.|%2e|%2f|%5c|\\|;|\/\/)/i;

/** Refuses odd paths before routing, for matched and unmatched routes alike. Install before any not-found handler. */
export function installPathGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const pathOnly = request.raw.url?.split('?')[0] ?? '';
    if (ODD_PATH.test(pathOnly)) return reply.status(400).send(fail(400, '请求路径不合法'));
  });
}
