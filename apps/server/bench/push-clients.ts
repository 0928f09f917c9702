/**
 * The client side of `npm run bench:push`, in its own process so that the server's event loop is not
 * shared with thousands of client sockets. Driven over IPC by bench/push.ts:
 *   ← { type: 'open', url, tokens }       opens one authenticated socket per token
 *   → { type: 'opened', connected, failed, ms }
 *   ← { type: 'collect', deadline }       waits until every socket got a message or the deadline
 *   → { type: 'result', arrivals }        epoch milliseconds of each socket's first message, or null
 */
import { PUSH_PROTOCOL } from '@odp/contracts';
import WebSocket from 'ws';

type Command = { type: 'open'; url: string; tokens: string[] } | { type: 'collect'; deadline: number };

// Handshakes in flight at once: enough to keep the server busy without overflowing its accept backlog.
const CONCURRENT_HANDSHAKES = 200;

const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
let arrivals: (number | null)[] = [];
let received = 0;
let onAllReceived: (() => void) | null = null;

function openOne(url: string, token: string, index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, [PUSH_PROTOCOL, token], { perMessageDeflate: false });
    ws.on('message', () => {
      if (arrivals[index] !== null) return;
      arrivals[index] = now();
      received++;
      if (received === arrivals.length) onAllReceived?.();
    });
    ws.on('open', () => {
      sockets.push(ws);
      resolve(true);
    });
    ws.on('error', () => resolve(false));
    ws.on('unexpected-response', () => resolve(false));
  });
}

async function open(url: string, tokens: string[]) {
  const started = performance.now();
  arrivals = tokens.map(() => null);
  let next = 0;
  let connected = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const i = next++;
      if (await openOne(url, tokens[i], i)) connected++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_HANDSHAKES }, worker));
  return { connected, failed: tokens.length - connected, ms: performance.now() - started };
}

async function collect(deadline: number) {
  if (received < arrivals.length) {
    await new Promise<void>((resolve) => {
      onAllReceived = resolve;
      setTimeout(resolve, Math.max(0, deadline - now()));
    });
  }
  return arrivals;
}

process.on('message', async (command: Command) => {
  if (command.type === 'open') {
    process.send?.({ type: 'opened', ...(await open(command.url, command.tokens)) });
  } else {
    const result = await collect(command.deadline);
    process.send?.({ type: 'result', arrivals: result }, () => {
      for (const ws of sockets) ws.terminate();
      process.disconnect();
    });
  }
});
