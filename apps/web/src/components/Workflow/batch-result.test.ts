import { describe, expect, it } from 'vitest';
import { oneByOne } from './batch-result';

describe('oneByOne', () => {
  it('answers per record: a refusal carries the server’s reason and the others still go', async () => {
    const called: string[] = [];
    const result = await oneByOne(['a', 'b', 'c'], async (id) => {
      called.push(id);
      if (id === 'b') throw new Error('只能审核本部门数据的开放申请');
    });
    expect(called).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ succeeded: ['a', 'c'], refused: [{ id: 'b', reason: '只能审核本部门数据的开放申请' }] });
  });

  it('says 操作失败 for a failure without a message', async () => {
    const result = await oneByOne(['x'], () => Promise.reject('boom'));
    expect(result).toEqual({ succeeded: [], refused: [{ id: 'x', reason: '操作失败' }] });
  });
});
