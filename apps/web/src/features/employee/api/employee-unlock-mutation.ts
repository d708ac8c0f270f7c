// POST /api/employee/unlock/{id}: lifts a staff member's sign-in locks, for whoever may reset their password.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export async function unlockEmployee(id: number): Promise<void> {
  await api.post('/api/employee/unlock/{id}', undefined, { params: { id } });
}

export function useUnlockEmployeeMutation() {
  return useMutation({ mutationFn: unlockEmployee });
}
