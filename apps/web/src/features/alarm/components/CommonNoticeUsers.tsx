// The common (global) notice users: told of every alarm of every project, each by its own channels; saved as a whole list.
import { useEffect } from 'react';
import { App, Button, Card, Checkbox, Empty, Flex, Form, Spin } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NOTICE_CHANNELS } from '@svc/contracts';
import { usePrivilege } from '@/lib/use-privilege';
import { LoadFailed } from '@/components/LoadFailed';
import { useCommonNoticeUsersQuery } from '../api/common-notice-users-query';
import { useSaveCommonNoticeUsersMutation } from '../api/common-notice-users-save-mutation';
import type { CommonNoticeUser } from '../api/types';
import { channelName } from './alarm-labels';
import { EmployeeSelect } from './EmployeeSelect';

interface Values {
  users: Partial<CommonNoticeUser>[];
}

export function CommonNoticeUsers() {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const users = useCommonNoticeUsersQuery();
  const save = useSaveCommonNoticeUsersMutation();
  const [form] = Form.useForm<Values>();
  // The server lets only holders of device-edit change the list; others see it read-only.
  const mayEdit = usePrivilege()('device-edit');

  useEffect(() => {
    if (users.data) form.setFieldsValue({ users: users.data });
  }, [form, users.data]);

  function submit(values: Values) {
    const list = (values.users ?? []).filter((u): u is CommonNoticeUser => u.userId !== undefined && !!u.channels);
    save.mutate(list, { onSuccess: () => void message.success(t('alarm.common.saved')) });
  }

  const duplicate = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: unknown) => {
      const all = (getFieldValue('users') as Partial<CommonNoticeUser>[] | undefined) ?? [];
      return all.filter((u) => u.userId === value).length > 1
        ? Promise.reject(new Error(t('alarm.common.duplicate')))
        : Promise.resolve();
    },
  });

  let body;
  if (users.isPending) body = <Spin />;
  else if (users.isError) body = <LoadFailed onRetry={() => void users.refetch()} />;
  else
    body = (
      <Form<Values> form={form} onFinish={submit} initialValues={{ users: users.data }} disabled={!mayEdit}>
        <Form.List name="users">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.length === 0 && <Empty description={t('alarm.common.empty')} />}
              {fields.map((field) => (
                <Flex key={field.key} gap={12} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'userId']}
                    rules={[{ required: true, message: tc('validation.required') }, duplicate]}
                    style={{ marginBottom: 0 }}
                  >
                    <EmployeeSelect<number>
                      placeholder={t('alarm.common.user')}
                      aria-label={t('alarm.common.user')}
                      style={{ width: 240 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'channels']}
                    rules={[{ required: true, type: 'array', min: 1, message: tc('validation.selectOne') }]}
                    style={{ marginBottom: 0 }}
                  >
                    <Checkbox.Group options={NOTICE_CHANNELS.map((c) => ({ value: c, label: channelName(t, c) }))} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('alarm.common.remove')}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Flex gap={8} hidden={!mayEdit}>
                <Button icon={<PlusOutlined />} onClick={() => add({ channels: [] })}>
                  {t('alarm.common.add')}
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {tc('action.save')}
                </Button>
              </Flex>
            </Flex>
          )}
        </Form.List>
      </Form>
    );

  return (
    <Card size="small" title={t('alarm.common.title')} extra={t('alarm.common.hint')}>
      {body}
    </Card>
  );
}
