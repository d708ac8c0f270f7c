// POST /api/enterprise/unlock/{id}: lifts the sign-in locks of an enterprise's main account.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export async function unlockEnterprise(id: number): Promise<void> {
  await api.post('/api/enterprise/unlock/{id}', undefined, { params: { id } });
}

export function useUnlockEnterpriseMutation() {
  return useMutation({ mutationFn: unlockEnterprise });
}
