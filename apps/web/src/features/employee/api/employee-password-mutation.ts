// POST /api/employee/updatePwd: an administrator sets a staff member's password (encrypted); their sessions end.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody, ApiSchema } from '@/lib/api/paths';
import { encryptPassword } from '@/features/session/api/rsa';

/** The password in plain text; the login name asks for the key it is encrypted under. */
export type SetPasswordInput = ApiBody<'post', '/api/employee/updatePwd'> & Pick<ApiSchema<'Employee'>, 'loginName'>;

export async function setEmployeePassword({ id, loginName, password }: SetPasswordInput): Promise<void> {
  const encrypted = await encryptPassword(password, loginName);
  await api.post('/api/employee/updatePwd', { id, password: encrypted }, { quiet: true });
}

export function useSetEmployeePasswordMutation() {
  return useMutation({ mutationFn: setEmployeePassword });
}
