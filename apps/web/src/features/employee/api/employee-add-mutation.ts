// POST /api/employee/add: a new sub-account with its roles; the password travels encrypted.
import type { AddEmployee } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { encryptPassword } from '../../session/api/rsa';
import { employeeKeys } from './keys';

export type AddEmployeeInput = Omit<AddEmployee, 'password'> & { password: string };

export async function addEmployee(input: AddEmployeeInput): Promise<{ id: number }> {
  const password = await encryptPassword(input.password, input.loginName);
  // Quiet: the form shows the refusal next to the fields instead of a toast.
  return api.post<{ id: number }>('/api/employee/add', { ...input, password }, { quiet: true });
}

export function useAddEmployeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
