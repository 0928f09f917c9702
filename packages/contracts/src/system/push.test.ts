import { describe, expect, it } from 'vitest';
import { isPushPing, readPushMessage } from './push.js';

describe('push messages', () => {
  it('read the two commands the server sends, with or without a text', () => {
    expect(readPushMessage({ cmd: 'user' })).toEqual({ cmd: 'user' });
    expect(readPushMessage({ cmd: 'topic', msgTxt: '新公告', extra: 1 })).toEqual({ cmd: 'topic', msgTxt: '新公告' });
  });

  it('refuse anything else', () => {
    for (const value of [null, 'user', ['user'], {}, { cmd: 'pong' }, { cmd: 'user', msgTxt: 1 }]) {
      expect(readPushMessage(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('tell a ping from other messages', () => {
    expect(isPushPing({ cmd: 'ping' })).toBe(true);
    expect(isPushPing({ cmd: 'ping', at: 1 })).toBe(true);
    for (const value of [null, 'ping', { cmd: 'pong' }, [{ cmd: 'ping' }]]) expect(isPushPing(value)).toBe(false);
  });
});
