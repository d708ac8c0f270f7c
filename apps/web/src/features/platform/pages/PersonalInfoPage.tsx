// /platform/basic, personal info (SPEC §2): the account as the session reports it, editing one's own profile, the password change.
import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { PasswordChangeForm } from '../components/PasswordChangeForm';
import { ProfileModal } from '../components/ProfileModal';

export default function PersonalInfoPage() {
  const { t } = useTranslation('platform');
  const session = useSession();
  const account = session.userAccount;
  const [editing, setEditing] = useState(false);
  const notSet = <Typography.Text type="secondary">{t('info.notSet')}</Typography.Text>;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {t('info.title')}
      </Typography.Title>
      <Card
        title={t('info.account')}
        extra={
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </Button>
        }
      >
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'loginName', label: t('info.loginName'), children: account.loginName },
            { key: 'name', label: t('info.name'), children: account.name || notSet },
            { key: 'enterprise', label: t('info.enterprise'), children: account.enterpriseName },
            {
              key: 'mode',
              label: t('info.loginMode'),
              children: t(session.userLoginInfo.loginMode === 'main' ? 'info.mode.main' : 'info.mode.sub'),
            },
            { key: 'mobile', label: t('info.mobile'), children: account.mobile || notSet },
            { key: 'email', label: t('info.email'), children: account.email || notSet },
            {
              key: 'roles',
              label: t('info.roles'),
              span: 'filled',
              children: session.isSuperMan ? (
                <Tag color="blue">{t('info.superAdmin')}</Tag>
              ) : session.roles.length > 0 ? (
                session.roles.map((r) => <Tag key={r.id}>{r.roleName}</Tag>)
              ) : (
                notSet
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('password.title')}>
        <PasswordChangeForm />
      </Card>
      <ProfileModal open={editing} onClose={() => setEditing(false)} />
    </Flex>
  );
}
