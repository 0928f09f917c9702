import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type OutboundPolicy, resolveOutbound } from './address.js';

/** Where to send an HTTP request: parsed once from the registered URL, never re-read from text. */
export type HttpTarget = { protocol: 'http' | 'https'; hostname: string; port: number | null; path: string };

export type HttpCall = { method: 'GET' | 'POST' | 'HEAD'; headers: Record<string, string>; body?: Buffer };
export type HttpAnswer = { status: number; contentType: string | null; body: Buffer };
export type HttpLimits = { connectMs: number; totalMs: number; maxBytes: number };

/** Why an outbound HTTP call gave no answer: the caller turns each into its own message. */
export class OutboundHttpError extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout' | 'tooLarge',
    message: string,
  ) {
    super(message);
  }
}

/**
 * One HTTP(S) request on someone's behalf. The host is resolved and checked by `resolveOutbound`
 * (a refused address is its Chinese 400) and the checked address is dialled: no second lookup can
 * move the connection. The Host header and the TLS server name stay the registered name, so virtual
 * hosts and certificates work as they would for the name. Redirects are not followed (a Location
 * could point inward); the answer is read up to `maxBytes`, within `connectMs` to connect and
 * `totalMs` in all.
 */
export async function requestChecked(
  target: HttpTarget,
  call: HttpCall,
  policy: OutboundPolicy,
  limits: HttpLimits,
): Promise<HttpAnswer> {
  const address = await resolveOutbound(target.hostname, policy, '接口地址');
  const secure = target.protocol === 'https';
  const port = target.port ?? (secure ? 443 : 80);
  const defaultPort = port === (secure ? 443 : 80);
  const hostName = target.hostname.includes(':') ? `[${target.hostname}]` : target.hostname;
  const headers: Record<string, string> = {
    ...call.headers,
    host: defaultPort ? hostName : `${hostName}:${port}`,
    // A compressed answer could inflate far past the cap after it was counted.
    'accept-encoding': 'identity',
    connection: 'close',
  };
  if (call.body) headers['content-length'] = String(call.body.length);

  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (err: OutboundHttpError) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(connect);
      req.destroy();
      reject(err);
    };
    const options: https.RequestOptions = {
      host: address,
      port,
      method: call.method,
      path: target.path || '/',
      headers,
      agent: false,
      // SNI and the certificate check use the name, never the address dialled.
      ...(secure && isIP(target.hostname) === 0 ? { servername: target.hostname } : {}),
    };
    const req = (secure ? https : http).request(options, (res) => {
      clearTimeout(connect);
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        fail(new OutboundHttpError('tooLarge', '上游返回的内容过大'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) fail(new OutboundHttpError('tooLarge', '上游返回的内容过大'));
        else chunks.push(chunk);
      });
      res.on('error', () => fail(new OutboundHttpError('failed', '上游连接中断')));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(total);
        const type = res.headers['content-type'];
        resolve({ status: res.statusCode ?? 502, contentType: type ?? null, body: Buffer.concat(chunks) });
      });
    });
    const connect = setTimeout(() => fail(new OutboundHttpError('timeout', '连接上游超时')), limits.connectMs);
    const total = setTimeout(() => fail(new OutboundHttpError('timeout', '上游响应超时')), limits.totalMs);
    req.on('socket', (socket) => {
      socket.once('connect', () => clearTimeout(connect));
    });
    req.on('error', (e) =>
      fail(new OutboundHttpError('failed', `上游连接失败：${(e as NodeJS.ErrnoException).code ?? e.message}`)),
    );
    req.end(call.body);
  });
}
