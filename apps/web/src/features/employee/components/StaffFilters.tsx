// Search bar of the staff list: name, login name, status, role and department (SPEC §7 employee/query).
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/FilterBar';
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
  return (
    <FilterBar<StaffFilterValues>
      name="staffFilter"
      fields={[
        {
          name: 'name',
          label: t('staff.field.name'),
          max: 32,
          width: 160,
          placeholder: t('staff.filter.namePlaceholder'),
        },
        {
          name: 'loginName',
          label: t('staff.field.loginName'),
          max: 32,
          width: 160,
          placeholder: t('staff.filter.loginNamePlaceholder'),
        },
        {
          name: 'status',
          label: t('staff.field.status'),
          width: 120,
          options: [
            { value: 1, label: t('staff.status.enabled') },
            { value: 0, label: t('staff.status.disabled') },
          ],
        },
        roles && {
          name: 'roleId',
          label: t('staff.field.roles'),
          width: 160,
          search: true,
          options: roles.map((r) => ({ value: r.id, label: r.roleName })),
        },
        {
          name: 'department',
          label: t('staff.field.department'),
          width: 160,
          search: true,
          options: (departments ?? []).map((d) => ({ value: d.name, label: d.name })),
        },
      ]}
      onSearch={onSearch}
      onReset={() => onSearch({})}
    />
  );
}
