// Add or edit a staff member (SPEC §5 rules and messages, §6 at least one role): details, roles, department, device group.
import { App, AutoComplete, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@svc/contracts';
import { useSession } from '@/lib/session-context';
import { usePrivilege } from '@/lib/use-privilege';
import { FormModal } from '@/components/FormModal';
import { checkRule, checks, maxLengthRule, optionalText, requiredRule, RULE_HINT } from '@/components/form-rules';
import { PasswordFields } from '@/components/PasswordFields';
import { useGroupsQuery } from '@/features/group/api/groups-query';
import { useRolesQuery } from '@/features/role/api/roles-query';
import { useDepartmentsQuery } from '../api/departments-query';
import { useAddEmployeeMutation } from '../api/employee-add-mutation';
import { useUpdateEmployeeMutation } from '../api/employee-update-mutation';

interface Values {
  loginName?: string;
  name: string;
  password?: string;
  confirmPassword?: string;
  roleIds: number[];
  mobile?: string;
  email?: string;
  department?: string;
  groupId?: number | null;
}

interface EmployeeFormProps {
  /** The staff member to edit, null to add one; undefined keeps the dialog closed. */
  employee: Employee | null | undefined;
  onClose: () => void;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

export function EmployeeFormModal({ employee, onClose }: EmployeeFormProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const session = useSession();
  const can = usePrivilege();
  // The server lists roles and device groups to whoever manages roles or adds or edits staff.
  const mayList = can('role') || can('user-add') || can('user-edit');
  const roles = useRolesQuery({ enabled: mayList });
  const groups = useGroupsQuery({ enabled: mayList });
  const departments = useDepartmentsQuery();
  const add = useAddEmployeeMutation();
  const update = useUpdateEmployeeMutation();
  const [form] = Form.useForm<Values>();
  const editing = employee ?? null;
  const isSelf = editing?.id === session.userLoginInfo.id;
  const roleOptions = (roles.data ?? editing?.roles ?? []).map((r) => ({ value: r.id, label: r.roleName }));

  async function submit(values: Values) {
    const details = {
      name: values.name.trim(),
      mobile: optionalText(values.mobile),
      email: optionalText(values.email),
      department: optionalText(values.department),
    };
    if (editing) {
      const rolesChanged =
        !isSelf &&
        !sameIds(
          values.roleIds,
          editing.roles.map((r) => r.id),
        );
      await update.mutateAsync({
        details: { id: editing.id, ...details, groupId: values.groupId ?? null },
        roleIds: rolesChanged ? values.roleIds : undefined,
      });
      void message.success(t('staff.saved'));
    } else {
      await add.mutateAsync({
        ...details,
        loginName: (values.loginName ?? '').trim(),
        password: values.password ?? '',
        roleIds: values.roleIds,
        groupId: values.groupId ?? undefined,
      });
      void message.success(t('staff.added'));
    }
  }

  return (
    <FormModal<Values>
      form={form}
      title={editing ? t('staff.edit', { name: editing.name }) : t('staff.add')}
      open={employee !== undefined}
      width={720}
      onClose={onClose}
      pending={add.isPending || update.isPending}
      className="org-employee-form"
      initialValues={{
        loginName: editing?.loginName ?? '',
        name: editing?.name ?? '',
        roleIds: editing?.roles.map((r) => r.id) ?? [],
        mobile: editing?.mobile ?? '',
        email: editing?.email ?? '',
        department: editing?.department ?? '',
        groupId: editing?.groupId ?? undefined,
      }}
      onSubmit={submit}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="loginName"
            className={RULE_HINT}
            label={t('staff.field.loginName')}
            extra={editing ? undefined : tc('validation.loginName')}
            rules={editing ? [] : [requiredRule(tc), checkRule(checks.loginName, tc)]}
          >
            <Input disabled={Boolean(editing)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('staff.field.name')}
            rules={[requiredRule(tc), checkRule(checks.personName, tc)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        {!editing && (
          <PasswordFields
            label={t('staff.field.password')}
            confirmLabel={t('staff.field.confirmPassword')}
            column={{ xs: 24, md: 12 }}
          />
        )}
        <Col span={24}>
          <Form.Item
            name="roleIds"
            label={t('staff.field.roles')}
            extra={isSelf ? t('staff.form.ownRoles') : !can('role') ? t('staff.form.rolesUnavailable') : undefined}
            rules={[{ type: 'array', min: 1, required: true, message: t('staff.form.rolesRequired') }]}
          >
            <Select
              mode="multiple"
              disabled={isSelf}
              loading={roles.isFetching}
              options={roleOptions}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('staff.form.rolesPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="mobile" label={t('staff.field.mobile')} rules={[checkRule(checks.mobile, tc)]}>
            <Input inputMode="tel" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('staff.field.email')} rules={[checkRule(checks.email, tc)]}>
            <Input inputMode="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="department"
            label={t('staff.field.department')}
            extra={t('staff.form.departmentHint')}
            rules={[maxLengthRule(tc, 32)]}
          >
            <AutoComplete
              options={(departments.data ?? []).map((d) => ({ value: d.name }))}
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase()),
              }}
            />
          </Form.Item>
        </Col>
        {can('role') && (
          <Col xs={24} md={12}>
            <Form.Item name="groupId" label={t('staff.field.group')} extra={t('staff.form.groupHint')}>
              <Select
                allowClear
                loading={groups.isFetching}
                placeholder={t('staff.form.noGroup')}
                options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormModal>
  );
}
