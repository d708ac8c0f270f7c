// The 64 px header of SPEC §2: logo to /project, top menu, alarm notice (§4), download client, home, fullscreen, language, account.
import { Suspense, useEffect, useState } from 'react';
import { Avatar, Button, Dropdown, Menu, Tooltip, type MenuProps } from 'antd';
import {
  CloudDownloadOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LogoMark } from '@/components/LogoMark';
import { AlarmNotice } from '@/features/alarm/components/AlarmNotice';
import { PasswordModal } from '@/features/platform/components/PasswordModal';
import { useProductTitle } from '@/components/public/use-product-title';
import { logout } from '@/features/session/api/logout';
import { changeLanguage } from '@/i18n';
import { LANGUAGES, isLanguage } from '@/i18n/languages';
import { LOCALES } from '@/i18n/locales';
import { canReach } from '@/lib/access';
import { HOME_PATH, type Section } from '@/lib/paths';
import { findConsoleRoute } from '../console-routes';
import type { LayoutKind } from './layout-choice';
import { SECTION_ICONS } from './menu-icons';
import { topSections } from './navigation';
import { useSession } from '@/lib/session-context';

const PERSONAL_INFO_PATH = '/platform/basic';
const DOWNLOAD_PATH = '/download/home';

export function HeaderBar({ layout, section }: { layout: LayoutKind; section: Section | undefined }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const session = useSession();
  const platform = useProductTitle();
  const sections = topSections(session);
  const downloadRoute = findConsoleRoute(DOWNLOAD_PATH);
  // Branded consoles show the enterprise's own logo and name; the standard one shows the platform's.
  const custom = layout === 'custom';
  const logoUrl = custom ? (session.logoUrl ?? platform.logoUrl) : platform.logoUrl;
  const title = custom ? session.userAccount.enterpriseName || platform.title : platform.title;

  return (
    <header className="console-header">
      <Link to="/project" className="console-logo" aria-label={t('header.logo', { title })}>
        {logoUrl ? <img src={logoUrl} alt="" height={32} /> : <LogoMark size={30} />}
        <span className="console-title">{title}</span>
      </Link>
      <nav className="console-topnav" aria-label={t('header.topMenu')}>
        <Menu
          theme="dark"
          mode="horizontal"
          selectedKeys={section ? [section] : []}
          items={sections.map((s) => ({ key: s.key, icon: SECTION_ICONS[s.key], label: t(s.titleKey) }))}
          onClick={({ key }) => {
            const target = sections.find((s) => s.key === key);
            if (target) void navigate(target.path);
          }}
        />
      </nav>
      <div className="console-actions">
        {/* Its texts come with the project catalogue: the header never waits for them. */}
        <Suspense fallback={null}>
          <AlarmNotice />
        </Suspense>
        {downloadRoute && canReach(session, downloadRoute) && (
          <Button
            type="text"
            className="console-action"
            icon={<CloudDownloadOutlined />}
            aria-label={t('header.download')}
            onClick={() => void navigate(DOWNLOAD_PATH)}
          >
            <span className="console-action-text">{t('header.download')}</span>
          </Button>
        )}
        <Tooltip title={t('header.home')}>
          <Button
            type="text"
            className="console-action"
            icon={<HomeOutlined />}
            aria-label={t('header.home')}
            onClick={() => void navigate(HOME_PATH)}
          />
        </Tooltip>
        <FullscreenToggle />
        <LanguageMenu />
        <AccountMenu />
      </div>
    </header>
  );
}

function FullscreenToggle() {
  const { t } = useTranslation('console');
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const label = full ? t('header.fullscreenExit') : t('header.fullscreen');
  const toggle = () => {
    // Browsers may refuse (iframes, policies); the button then simply stays as it is.
    const request = full ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
    void request?.catch(() => {});
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="console-action"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        aria-pressed={full}
        onClick={toggle}
      />
    </Tooltip>
  );
}

function LanguageMenu() {
  const { t, i18n } = useTranslation('console');
  const current = isLanguage(i18n.language) ? i18n.language : 'en-US';
  const items: MenuProps['items'] = LANGUAGES.map((lang) => ({
    key: lang,
    label: <span lang={LOCALES[lang].htmlLang}>{LOCALES[lang].autonym}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button type="text" className="console-action" icon={<GlobalOutlined />} aria-label={t('header.language')}>
        <span className="console-action-text">{LOCALES[current].autonym}</span>
      </Button>
    </Dropdown>
  );
}

function AccountMenu() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const session = useSession();
  const [changingPassword, setChangingPassword] = useState(false);
  const personal = findConsoleRoute(PERSONAL_INFO_PATH);
  const kind = session.isSuperMan ? 'platform' : session.isCloudAccount ? 'main' : 'staff';
  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <span className="console-account-who">
          <strong>{session.name || session.loginName}</strong>
          <span>{t('account.loginName', { loginName: session.loginName })}</span>
          <span>
            {session.userAccount.enterpriseName} · {t(`account.kind.${kind}`)}
          </span>
        </span>
      ),
    },
    // SPEC §2: cloud-account users have no personal info entry (canReach encodes it).
    ...(personal && canReach(session, personal)
      ? [{ key: 'personal', icon: <IdcardOutlined />, label: t('account.personalInfo') }]
      : []),
    // Whatever the menus hide, everyone who signs in may change their own password.
    { key: 'password', icon: <KeyOutlined />, label: t('account.changePassword') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('account.logout'), danger: true },
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'personal') void navigate(PERSONAL_INFO_PATH);
            if (key === 'password') setChangingPassword(true);
            if (key === 'logout') void logout();
          },
        }}
      >
        <Button type="text" className="console-action console-account" aria-label={t('account.menu')}>
          <Avatar size={28} icon={<UserOutlined />} className="console-avatar" />
          <span className="console-action-text">{session.name || session.loginName}</span>
          <DownOutlined className="console-caret" />
        </Button>
      </Dropdown>
      {/* Its texts come with the platform catalogue: loaded when first opened, without holding the header. */}
      {changingPassword && (
        <Suspense fallback={null}>
          <PasswordModal open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}
