import type { ThemeConfig } from 'antd';

/**
 * The one antd theme at the root. Its colours are dark enough for WCAG AA (4.5:1), which GB/T 37668
 * asks of a public site: antd's default blue carries white text at only 4.1:1 and its secondary grey
 * reads at 3.4:1. The back office layout sets its primary colour from the user's layout settings on
 * top of it. One theme rather than a portal theme nested in the app's: each theme's tokens are
 * derived and its styles registered while the first screen renders, which on a phone is felt.
 */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1660d8',
    colorLink: '#1660d8',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
  },
};
