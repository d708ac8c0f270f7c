// POST /api/employee/add: a new sub-account with its roles; the password travels encrypted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { encryptPassword } from '@/features/session/api/rsa';
import { employeeKeys } from './keys';

/** The password in plain text: it is encrypted on the way. */
export type AddEmployeeInput = ApiBody<'post', '/api/employee/add'>;

export async function addEmployee(input: AddEmployeeInput) {
  const password = await encryptPassword(input.password, input.loginName);
  // Quiet: the form shows the refusal next to the fields instead of a toast.
  return api.post('/api/employee/add', { ...input, password }, { quiet: true });
}

export function useAddEmployeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
