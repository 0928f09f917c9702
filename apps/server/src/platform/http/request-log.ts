import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

const redact = {
  paths: ['req.headers["x-access-token"]', 'req.headers.authorization', '*.password', '*.oldpassword', '*.token'],
  censor: '[已隐藏]',
};

/**
 * Pretty lines for a person at a terminal; JSON lines otherwise (a file, a container's log
 * collector). The JSON goes through an asynchronous buffered writer, flushed on exit, so that writing
 * a line never holds up the request that logged it.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (process.stdout.isTTY) {
    return {
      level,
      redact,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
      },
    };
  }
  return { level, redact, stream: pino.destination({ dest: 1, sync: false, minLength: 4096 }) };
}

/**
 * One line per answered request, written when it is answered: method, URL, status, milliseconds
 * (Fastify's default is two lines, the second after serialising the whole request). Files of the
 * built web app (a path with an extension outside the API) log at debug only: a page view fetches
 * dozens of them.
 */
class RequestLog extends LogController {
  readonly apiBase: string;

  constructor(apiBase: string) {
    super();
    this.apiBase = apiBase;
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const url = request.raw.url ?? '/';
    const line = { method: request.method, url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) return request.log.error({ ...line, err: error }, 'request errored');
    const path = url.split('?')[0];
    const isAsset = !path.startsWith(`${this.apiBase}/`) && /\.[A-Za-z0-9]+$/.test(path);
    // A disabled level's method is pino's no-op: nothing is serialised or written.
    request.log[isAsset ? 'debug' : 'info'](line, 'request');
  }
}

export const requestLogController = (apiBase: string): LogController => new RequestLog(apiBase);
