// GET /api/employee/resetPasswd/{id}: the server sets a generated password and answers it once.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function resetEmployeePassword(id: number) {
  return api.get('/api/employee/resetPasswd/{id}', undefined, { params: { id } });
}

export function useResetEmployeePasswordMutation() {
  return useMutation({ mutationFn: resetEmployeePassword });
}
