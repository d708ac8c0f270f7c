// POST /api/enterprise/add: a new enterprise and its main account; the password travels encrypted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { encryptPassword } from '@/features/session/api/rsa';
import { enterpriseKeys } from './keys';

/** The main account's password in plain text: it is encrypted on the way. */
export type AddEnterpriseInput = ApiBody<'post', '/api/enterprise/add'>;

export async function addEnterprise(input: AddEnterpriseInput) {
  const password = await encryptPassword(input.password, input.loginName);
  return api.post('/api/enterprise/add', { ...input, password }, { quiet: true });
}

export function useAddEnterpriseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEnterprise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
  });
}
