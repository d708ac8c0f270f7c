// Icons of menu entries and sections, kept out of the route table so the public chunk never loads an icon set.
import type { ReactNode } from 'react';
import { AppstoreOutlined, CloudDownloadOutlined, IdcardOutlined, SettingOutlined } from '@ant-design/icons';
import type { Section } from '../routes';

export const ROUTE_ICONS: Record<string, ReactNode> = {
  '/project/index': <AppstoreOutlined />,
  '/platform/basic': <IdcardOutlined />,
  '/download/home': <CloudDownloadOutlined />,
};

export const SECTION_ICONS: Record<Section, ReactNode> = {
  project: <AppstoreOutlined />,
  platform: <SettingOutlined />,
};
