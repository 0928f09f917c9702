import { describe, expect, it } from 'vitest';
import { pictureProblem } from './PictureUploadDialog';

describe('pictureProblem', () => {
  it('refuses other types and files over 5MB before they are sent', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(pictureProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('图片不能超过5MB');
    expect(pictureProblem({ type: 'image/svg+xml', size: 10 })).toBe('仅支持 JPG、PNG、WebP 图片');
    expect(pictureProblem({ type: 'image/gif', size: 10 })).toBe('仅支持 JPG、PNG、WebP 图片');
    expect(pictureProblem({ type: '', size: 10 })).toBe('仅支持 JPG、PNG、WebP 图片');
  });
});
