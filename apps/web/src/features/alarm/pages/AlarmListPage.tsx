// /project/device/alarmlist (SPEC §2): alarm messages, and the notice rules deciding who is told of which alarms.
import { useState } from 'react';
import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmMessages } from '../components/AlarmMessages';
import { NoticeRules } from '../components/NoticeRules';

type Tab = 'messages' | 'rules';

export default function AlarmListPage() {
  const { t } = useTranslation('project');
  const [tab, setTab] = useState<Tab>('messages');
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {t('alarm.title')}
      </Typography.Title>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key === 'rules' ? 'rules' : 'messages')}
          items={[
            { key: 'messages', label: t('alarm.tab.messages'), children: <AlarmMessages /> },
            // Rendered on first visit only: most users never open it, so its calls wait until they do.
            { key: 'rules', label: t('alarm.tab.rules'), children: <NoticeRules /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
