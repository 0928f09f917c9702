import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// The ES build: the CommonJS one at antd/locale loses its default export in the bundle (English buttons).
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { onFeedbackWanted } from '@/api/feedback';
import { queryClient } from './query-client';
import { APP_THEME } from './theme';

dayjs.locale('zh-cn');

const loadFeedbackHost = () => import('./FeedbackHost');
const FeedbackHost = lazy(loadFeedbackHost);

/**
 * Mounts the notice parts when the first notice is due. Notices follow what a visitor does, so their
 * code is fetched at the first press of a key or pointer, ahead of the answer the notice is about;
 * a visitor who only reads never downloads it, and nothing of it competes with the first screen.
 */
function LazyFeedback() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    onFeedbackWanted(() => setMounted(true));
    const events = ['pointerdown', 'keydown'] as const;
    const prefetch = () => {
      for (const type of events) window.removeEventListener(type, prefetch, true);
      void loadFeedbackHost();
    };
    for (const type of events) window.addEventListener(type, prefetch, { capture: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, prefetch, true);
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={APP_THEME}>
      <LazyFeedback />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
