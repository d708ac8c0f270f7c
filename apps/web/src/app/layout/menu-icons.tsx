// Icons of menu entries and sections, kept out of the route table so the public chunk never loads an icon set.
import type { ReactNode } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  BankOutlined,
  CloudDownloadOutlined,
  VideoCameraOutlined,
  IdcardOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Section } from '../routes';

export const ROUTE_ICONS: Record<string, ReactNode> = {
  '/project/index': <AppstoreOutlined />,
  '/project/device': <VideoCameraOutlined />,
  '/project/device/alarmlist': <AlertOutlined />,
  '/user/role-employee': <TeamOutlined />,
  '/platform/info': <ProfileOutlined />,
  '/platform/basic': <IdcardOutlined />,
  '/platform/enterprise': <BankOutlined />,
  '/download/home': <CloudDownloadOutlined />,
};

export const SECTION_ICONS: Record<Section, ReactNode> = {
  project: <AppstoreOutlined />,
  user: <TeamOutlined />,
  platform: <SettingOutlined />,
};
