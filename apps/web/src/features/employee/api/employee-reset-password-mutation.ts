// GET /api/employee/resetPasswd/{id}: the server sets a generated password and answers it once.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/client';

export function resetEmployeePassword(id: number): Promise<{ password: string }> {
  return api.get<{ password: string }>(`/api/employee/resetPasswd/${id}`);
}

export function useResetEmployeePasswordMutation() {
  return useMutation({ mutationFn: resetEmployeePassword });
}
