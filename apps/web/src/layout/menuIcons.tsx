import type { ReactNode } from 'react';
import {
  ApiOutlined,
  BookOutlined,
  DashboardOutlined,
  FundProjectionScreenOutlined,
  LockOutlined,
  SettingOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';

/**
 * The sidebar's icons, named in the route table: the table is read by the sign-in page too (guard, titles), the
 * icons' code only by the layout.
 */
export const MENU_ICONS = {
  dashboard: <DashboardOutlined />,
  permission: <LockOutlined />,
  station: <ThunderboltOutlined />,
  operation: <ToolOutlined />,
  set: <SettingOutlined />,
  manual: <BookOutlined />,
  exhibit: <FundProjectionScreenOutlined />,
  link: <ApiOutlined />,
} satisfies Record<string, ReactNode>;

export type MenuIcon = keyof typeof MENU_ICONS;
