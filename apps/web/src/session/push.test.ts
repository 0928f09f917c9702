import { PUSH_CLOSE_SESSION_ENDED, PUSH_PROTOCOL } from '@odp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLivePush, livePushUrl } from './push';

/** Just enough of a browser WebSocket to drive the client by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  sent: string[] = [];
  closedWith: number | undefined;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1005) {
    this.closedWith = code;
  }
  // Server side of the test.
  accept() {
    this.onopen?.();
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const HEARTBEAT = 20_000;
const latest = () => FakeSocket.all[FakeSocket.all.length - 1];

function start(onNotice = vi.fn()) {
  const stop = connectLivePush({
    url: 'ws://host/dtwave-om/websocket',
    token: 'tok',
    onNotice,
    heartbeatMs: HEARTBEAT,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  return { stop, onNotice };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('connectLivePush', () => {
  it('offers the token as subprotocol and reloads notices on user and topic messages only', () => {
    const { onNotice, stop } = start();
    expect(latest().protocols).toEqual([PUSH_PROTOCOL, 'tok']);
    latest().accept();
    latest().push({ cmd: 'user' });
    latest().push({ cmd: 'topic', msgTxt: '新公告' });
    latest().push({ cmd: 'pong' });
    latest().onmessage?.({ data: 'not json' });
    expect(onNotice).toHaveBeenCalledTimes(2);
    stop();
  });

  it('pings every heartbeat and reconnects after two silent heartbeats', () => {
    const { stop } = start();
    const first = latest();
    first.accept();
    vi.advanceTimersByTime(HEARTBEAT);
    expect(first.sent).toEqual(['{"cmd":"ping"}']);
    first.push({ cmd: 'pong' });
    vi.advanceTimersByTime(HEARTBEAT);
    expect(first.sent).toHaveLength(2);
    // No answer to this ping nor the next: the link is dead.
    vi.advanceTimersByTime(2 * HEARTBEAT);
    expect(first.closedWith).toBeDefined();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
  });

  it('reconnects with capped exponential back-off and reloads once it is back', () => {
    const { onNotice, stop } = start();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.all.length;
      latest().drop();
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(onNotice).not.toHaveBeenCalled();
    latest().accept();
    expect(onNotice).toHaveBeenCalledTimes(1);
    // Back-off starts over after a success.
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(9);
    stop();
  });

  it('does not reconnect when the server ended the session, and reloads so the 401 signs out', () => {
    const { onNotice } = start();
    latest().accept();
    latest().drop(PUSH_CLOSE_SESSION_ENDED);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onNotice).toHaveBeenCalledTimes(1);
  });

  it('stop closes the socket and cancels a pending reconnect', () => {
    const { stop } = start();
    latest().drop();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    const again = start();
    latest().accept();
    again.stop();
    expect(latest().closedWith).toBe(1000);
  });
});

describe('livePushUrl', () => {
  it('uses wss on https and the API base', () => {
    expect(livePushUrl({ protocol: 'https:', host: 'data.example.cn' })).toBe(
      'wss://data.example.cn/dtwave-om/websocket',
    );
    expect(livePushUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/dtwave-om/websocket');
  });
});
