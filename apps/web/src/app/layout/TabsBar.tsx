// The tab strip above the content (39 px): one tab per opened page, home first and not closable.
import { Button, Dropdown, Tabs } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/lib/paths';
import { findConsoleRoute } from '../console-routes';
import type { TabsState } from '../tabs/tabs-model';

interface TabsBarProps {
  state: TabsState;
  onClose: (key: string) => void;
  onCloseOthers: (key: string) => void;
}

export function TabsBar({ state, onClose, onCloseOthers }: TabsBarProps) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const active = state.activeKey ?? HOME_PATH;
  return (
    <div className="console-tabs">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        onChange={(key) => void navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key);
        }}
        items={state.tabs.map((tab) => {
          const route = findConsoleRoute(tab.key);
          return {
            key: tab.key,
            label: route?.titleKey ? t(route.titleKey) : tab.key,
            closable: tab.key !== HOME_PATH,
            closeIcon: undefined,
          };
        })}
        tabBarExtraContent={
          <Dropdown
            trigger={['click']}
            menu={{
              items: [{ key: 'others', label: t('tabs.closeOthers'), disabled: state.tabs.length <= 2 }],
              onClick: () => onCloseOthers(active),
            }}
          >
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabs.more')} />
          </Dropdown>
        }
      />
    </div>
  );
}
