import { describe, expect, it } from 'vitest';
import { readingAhead } from './read.js';

async function* numbered(log: string[], fail?: number) {
  for (let i = 1; i <= 3; i++) {
    log.push(`read ${i}`);
    await new Promise((r) => setTimeout(r, 5));
    if (i === fail) throw new Error(`batch ${i} failed`);
    yield i;
  }
}

describe('readingAhead', () => {
  it('reads the next batch while the caller still handles the current one, in order', async () => {
    const log: string[] = [];
    const seen: number[] = [];
    for await (const n of readingAhead(numbered(log))) {
      log.push(`handle ${n}`);
      await new Promise((r) => setTimeout(r, 20));
      seen.push(n);
    }
    expect(seen).toEqual([1, 2, 3]);
    // Batch 2 is being read before batch 1 is handled.
    expect(log.indexOf('read 2')).toBeLessThan(log.indexOf('handle 1') + 1);
    expect(log.indexOf('read 2')).toBeLessThan(log.indexOf('handle 2'));
  });

  it('hands a failed read to the caller when it asks for that batch', async () => {
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of readingAhead(numbered([], 2))) seen.push(n);
      })(),
    ).rejects.toThrow('batch 2 failed');
    expect(seen).toEqual([1]);
  });

  it('closes the source when the caller stops early', async () => {
    let closed = false;
    async function* source() {
      try {
        yield 1;
        yield 2;
        yield 3;
      } finally {
        closed = true;
      }
    }
    for await (const n of readingAhead(source())) if (n === 1) break;
    expect(closed).toBe(true);
  });
});
