import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers and pages written per request (index.html with first-screen data) of 1 KB and more go out compressed (brotli at the plugin's quick level, else gzip):
 * catalogue pages and trees shrink five- to tenfold on a phone's connection. Only JSON: the built web
 * app is compressed at build time (served by @fastify/static), and files sent as attachments keep
 * their Content-Length and stream untouched, whatever their type (a JSON data set included).
 */
export async function installCompression(app: FastifyInstance) {
  // App-level onSend hooks run before the plugin's route-level one, whose documented opt-out is
  // this request header.
  app.addHook('onSend', async (request, reply) => {
    if (String(reply.getHeader('Content-Disposition') ?? '').startsWith('attachment')) {
      request.headers['x-no-compression'] = '1';
    }
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/json|text\/html)\b/,
  });
}
