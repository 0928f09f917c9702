import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * The public pages' colours, dark enough for WCAG AA (4.5:1) that GB/T 37668 asks of a public site:
 * antd's default blue carries white text at only 4.1:1 and its secondary grey reads at 3.4:1.
 * The back office keeps the spec's theme colour.
 */
const PORTAL_TOKENS = {
  colorPrimary: '#1660d8',
  colorLink: '#1660d8',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorError: '#cf1322',
};

export function PortalTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ token: PORTAL_TOKENS }}>{children}</ConfigProvider>;
}
