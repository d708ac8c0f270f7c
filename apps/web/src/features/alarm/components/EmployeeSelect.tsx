// A choice of staff to notify (one or several), searched on the server by name.
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import type { Employee } from '@svc/contracts';
import { useEmployeesQuery } from '@/features/employee/api/employees-query';

const SEARCH_DELAY_MS = 300;
export const EMPLOYEES_SHOWN = 100;

interface EmployeeSelectProps<V> {
  value?: V;
  onChange?: (value: V) => void;
  multiple?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
}

export function employeeLabel(e: Pick<Employee, 'name' | 'loginName'>): string {
  return e.name ? `${e.name} (${e.loginName})` : e.loginName;
}

export function EmployeeSelect<V extends number | number[]>({ multiple, onChange, ...rest }: EmployeeSelectProps<V>) {
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const staff = useEmployeesQuery({ page: 1, size: EMPLOYEES_SHOWN, ...(name ? { name } : {}) });
  return (
    <Select<V>
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      onChange={(value) => onChange?.(value)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={staff.isFetching}
      options={(staff.data?.list ?? []).map((e) => ({ value: e.id, label: employeeLabel(e) }))}
    />
  );
}
