import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowList } from './address.js';
import { OutboundHttpError, requestChecked } from './http.js';

let server: Server;
let port: number;
const seen: { host?: string; url?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ host: req.headers.host, url: req.url });
    if (req.url === '/silent') return; // never answers
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(Buffer.alloc(600, 'a'));
      res.end(Buffer.alloc(600, 'b'));
      return;
    }
    res.writeHead(201, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('你好');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const limits = { connectMs: 1000, totalMs: 300, maxBytes: 1000 };
const allowLoopback = { allow: parseAllowList('127.0.0.1/32') };
const target = (path: string, hostname = '127.0.0.1') => ({ protocol: 'http' as const, hostname, port, path });
const get = { method: 'GET' as const, headers: {} };

describe('requestChecked', () => {
  it('dials the checked address and keeps the name in the Host header', async () => {
    const policy = { ...allowLoopback, lookup: async () => [{ address: '127.0.0.1', family: 4 }] };
    const answer = await requestChecked(target('/hello?x=1', 'svc.example.test'), get, policy, limits);
    expect(answer).toMatchObject({ status: 201, contentType: 'text/plain; charset=utf-8' });
    expect(answer.body.toString('utf8')).toBe('你好');
    expect(seen.at(-1)).toEqual({ host: `svc.example.test:${port}`, url: '/hello?x=1' });
  });

  it('refuses loopback without the allowlist, and a name resolving inward', async () => {
    await expect(requestChecked(target('/'), get, { allow: parseAllowList('') }, limits)).rejects.toThrow(
      /不允许连接本机/,
    );
    const inward = { allow: parseAllowList(''), lookup: async () => [{ address: '169.254.169.254', family: 4 }] };
    await expect(requestChecked(target('/', 'meta.example.test'), get, inward, limits)).rejects.toThrow(
      /不允许连接本机/,
    );
  });

  it('gives up after the total time and past the size cap', async () => {
    const started = Date.now();
    const slow = requestChecked(target('/silent'), get, allowLoopback, limits);
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(requestChecked(target('/big'), get, allowLoopback, limits)).rejects.toBeInstanceOf(OutboundHttpError);
    await expect(requestChecked(target('/big'), get, allowLoopback, limits)).rejects.toMatchObject({
      reason: 'tooLarge',
    });
  });

  it('reports a refused connection as failed', async () => {
    const closed = { protocol: 'http' as const, hostname: '127.0.0.1', port: 1, path: '/' };
    await expect(requestChecked(closed, get, allowLoopback, limits)).rejects.toMatchObject({ reason: 'failed' });
  });
});
