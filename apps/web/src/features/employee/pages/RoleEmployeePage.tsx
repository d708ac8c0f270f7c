// /user/role-employee (SPEC §2): staff, roles and device groups as tabs; roles and groups need the `role` key (SPEC §6).
import { useState } from 'react';
import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePrivilege } from '@/lib/use-privilege';
import { GroupsTab } from '@/features/group';
import { RolesTab } from '@/features/role';
import { StaffTab } from '../components/StaffTab';
import './role-employee.css';

type TabKey = 'staff' | 'roles' | 'groups';

export default function RoleEmployeePage() {
  const { t } = useTranslation('user');
  const can = usePrivilege();
  const [active, setActive] = useState<TabKey>('staff');
  const items = [
    { key: 'staff', label: t('tab.staff'), children: <StaffTab /> },
    ...(can('role')
      ? [
          { key: 'roles', label: t('tab.roles'), children: <RolesTab /> },
          { key: 'groups', label: t('tab.groups'), children: <GroupsTab /> },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} className="org-title">
        {t('page.title')}
      </Typography.Title>
      <Card className="org-card">
        <Tabs
          activeKey={active}
          onChange={(key) => setActive(key as TabKey)}
          items={items}
          // A tab's lists load when it is first opened, then stay (with their filters) while switching.
          destroyOnHidden={false}
        />
      </Card>
    </Flex>
  );
}
