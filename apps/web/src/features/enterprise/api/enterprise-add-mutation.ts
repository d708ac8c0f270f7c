// POST /api/enterprise/add: a new enterprise and its main account; the password travels encrypted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { encryptPassword } from '../../session/api/rsa';
import { enterpriseKeys } from './keys';

export interface AddEnterpriseInput {
  name: string;
  loginName: string;
  password: string;
}

export async function addEnterprise(input: AddEnterpriseInput): Promise<{ id: number }> {
  const password = await encryptPassword(input.password, input.loginName);
  return api.post<{ id: number }>('/api/enterprise/add', { ...input, password }, { quiet: true });
}

export function useAddEnterpriseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEnterprise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
  });
}
