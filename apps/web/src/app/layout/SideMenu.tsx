// Side menu: the reachable pages of the active section (SPEC §2: filtered by the privilege list).
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouteDef } from '../routes';

export function SideMenu({ routes, activePath }: { routes: readonly RouteDef[]; activePath: string }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  return (
    <nav aria-label={t('sideMenu.label')}>
      <Menu
        mode="inline"
        selectedKeys={[activePath]}
        items={routes.map(({ path, titleKey, icon: Icon }) => ({
          key: path,
          icon: Icon && <Icon />,
          label: t(titleKey ?? path),
        }))}
        onClick={({ key }) => void navigate(key)}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
