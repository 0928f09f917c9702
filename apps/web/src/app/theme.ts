import { Constants } from '@odp/contracts/constants';
import type { ThemeConfig } from 'antd';

/** The application's antd theme: the spec's colour. Public pages refine it (`components/portal/PortalTheme`). */
export const APP_THEME: ThemeConfig = { token: { colorPrimary: Constants.primaryColor } };
