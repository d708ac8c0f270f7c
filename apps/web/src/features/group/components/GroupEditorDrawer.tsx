// A device group's editor (SPEC §3 group with device and channel privileges, §6): the devices and channels it
// grants and the staff it limits; read-only without `group-edit`.
import { Drawer, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Group } from '../api/groups-query';
import { GroupDevicesPanel } from './GroupDevicesPanel';
import { GroupStaffPanel } from './GroupStaffPanel';

export function GroupEditorDrawer({
  group,
  editable,
  onClose,
}: {
  group: Group;
  editable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('user');
  return (
    <Drawer
      title={t('groups.editor.title', { name: group.name })}
      extra={group.state === 'closed' && <Tag>{t('groups.state.closed')}</Tag>}
      open
      size={880}
      onClose={onClose}
      className="group-editor"
    >
      <Tabs
        items={[
          {
            key: 'devices',
            label: t('groups.editor.devices'),
            children: <GroupDevicesPanel group={group} editable={editable} />,
          },
          {
            key: 'staff',
            label: t('groups.editor.staff'),
            children: <GroupStaffPanel group={group} editable={editable} />,
          },
        ]}
      />
    </Drawer>
  );
}
