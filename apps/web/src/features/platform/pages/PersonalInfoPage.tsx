// /platform/basic, personal info (SPEC §2): the account as the session reports it, and the password change.
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/layout/session-context';
import { PasswordChangeForm } from '../components/PasswordChangeForm';

export default function PersonalInfoPage() {
  const { t } = useTranslation('platform');
  const session = useSession();
  const account = session.userAccount;
  const notSet = <Typography.Text type="secondary">{t('info.notSet')}</Typography.Text>;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {t('info.title')}
      </Typography.Title>
      <Card title={t('info.account')}>
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
    </Flex>
  );
}
