import { describe, expect, it } from 'vitest';
import { containing, escapeLike } from './like.js';

describe('LIKE patterns', () => {
  it('take the wildcards and the escape character of a search text literally', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(containing('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('leave other text as it is', () => {
    expect(containing('滨江 data')).toBe('%滨江 data%');
  });
});
