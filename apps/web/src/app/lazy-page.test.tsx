import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { lazyPage } from './lazy-page';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lazyPage', () => {
  it('reports a chunk that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    // React reports the error it hands to the boundary; that is the expected outcome here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Never = lazyPage(() => new Promise<{ default: () => null }>(() => {}));
    render(
      <ErrorBoundary>
        <Suspense fallback={<span>加载中</span>}>
          <Never />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByText('页面加载失败')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('页面加载失败')).toBeTruthy();
    expect(screen.getByText('页面加载超时，请检查网络后刷新重试')).toBeTruthy();
  });

  it('renders the page when it arrives in time', async () => {
    const Page = lazyPage(async () => ({ default: () => <p>用户管理</p> }));
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('用户管理')).toBeTruthy();
  });
});
