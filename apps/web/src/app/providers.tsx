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
 * Mounts the notice parts when the first notice is due. Their code is fetched when the browser is first
 * idle after loading, so that notice shows at once; mounting them earlier would generate the styles of
 * messages, notifications and dialogs while a phone is still busy with the first screen.
 */
function LazyFeedback() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    onFeedbackWanted(() => setMounted(true));
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 2000));
    const whenLoaded = () => idle(() => void loadFeedbackHost(), { timeout: 5000 });
    if (document.readyState === 'complete') whenLoaded();
    else window.addEventListener('load', whenLoaded, { once: true });
    return () => window.removeEventListener('load', whenLoaded);
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
