// Search bar of the staff list: name, login name, status, role and department (SPEC §7 employee/query).
import { Button, Form, Input, Select } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maxLengthRule, optionalText } from '../../../components/form-rules';
import type { Department } from '../api/departments-query';

export interface StaffFilterValues {
  name?: string;
  loginName?: string;
  status?: 0 | 1;
  roleId?: number;
  department?: string;
}

interface StaffFiltersProps {
  roles: readonly { id: number; roleName: string }[] | undefined;
  departments: readonly Department[] | undefined;
  onSearch: (filters: StaffFilterValues) => void;
}

export function StaffFilters({ roles, departments, onSearch }: StaffFiltersProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<StaffFilterValues>();
  const apply = (values: StaffFilterValues) =>
    onSearch({
      name: optionalText(values.name),
      loginName: optionalText(values.loginName),
      status: values.status,
      roleId: values.roleId,
      department: values.department,
    });
  return (
    <Form<StaffFilterValues> form={form} name="staffFilter" layout="inline" className="org-filters" onFinish={apply}>
      <Form.Item name="name" label={t('staff.field.name')} rules={[maxLengthRule(tc, 32)]}>
        <Input allowClear placeholder={t('staff.filter.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="loginName" label={t('staff.field.loginName')} rules={[maxLengthRule(tc, 32)]}>
        <Input allowClear placeholder={t('staff.filter.loginNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="status" label={t('staff.field.status')}>
        <Select
          allowClear
          placeholder={tc('filter.all')}
          style={{ width: 120 }}
          options={[
            { value: 1, label: t('staff.status.enabled') },
            { value: 0, label: t('staff.status.disabled') },
          ]}
        />
      </Form.Item>
      {roles && (
        <Form.Item name="roleId" label={t('staff.field.roles')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={tc('filter.all')}
            style={{ width: 160 }}
            options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
          />
        </Form.Item>
      )}
      <Form.Item name="department" label={t('staff.field.department')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={tc('filter.all')}
          style={{ width: 160 }}
          options={(departments ?? []).map((d) => ({ value: d.name, label: d.name }))}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {tc('action.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            apply({});
          }}
        >
          {tc('action.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
