// Icons of the top-menu sections (pages carry their own in the console route table).
import type { ReactNode } from 'react';
import { AppstoreOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import type { Section } from '@/lib/paths';

export const SECTION_ICONS: Record<Section, ReactNode> = {
  project: <AppstoreOutlined />,
  user: <TeamOutlined />,
  platform: <SettingOutlined />,
};
