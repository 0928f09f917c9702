import { Constants } from '@odp/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES build: the CommonJS one at antd/locale loses its default export in the bundle (English buttons).
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { bindFeedback } from '@/api/feedback';
import { queryClient } from './query-client';

dayjs.locale('zh-cn');

function FeedbackBinder() {
  const api = AntApp.useApp();
  useEffect(() => bindFeedback(api), [api]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: Constants.primaryColor } }}>
      <AntApp>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
