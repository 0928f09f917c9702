import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CheckSquareOutlined,
  CloudServerOutlined,
  CloudSyncOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HistoryOutlined,
  HomeOutlined,
  MessageOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Menu icons by the names the server stores; a name not listed shows no icon rather than loading every icon. */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CloudServerOutlined,
  CloudSyncOutlined,
  ClusterOutlined,
  DashboardOutlined,
  UnorderedListOutlined,
  HistoryOutlined,
  CheckSquareOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HomeOutlined,
  MessageOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
};

export const MENU_ICON_NAMES = Object.keys(ICONS);
export function menuIcon(name: string | null | undefined) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : undefined;
}
