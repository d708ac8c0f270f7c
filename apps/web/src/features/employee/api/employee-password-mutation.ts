// POST /api/employee/updatePwd: an administrator sets a staff member's password (encrypted); their sessions end.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { encryptPassword } from '../../session/api/rsa';

export interface SetPasswordInput {
  id: number;
  loginName: string;
  password: string;
}

export async function setEmployeePassword({ id, loginName, password }: SetPasswordInput): Promise<void> {
  const encrypted = await encryptPassword(password, loginName);
  await api.post('/api/employee/updatePwd', { id, password: encrypted }, { quiet: true });
}

export function useSetEmployeePasswordMutation() {
  return useMutation({ mutationFn: setEmployeePassword });
}
