// SPEC §5 project rules as field checks: the name's two messages and the logo's own.
import { PROJECT_NAME_PATTERN } from '@svc/contracts';

/** The server's limit (contracts proName()). */
export const PROJECT_NAME_MAX = 32;

export function projectNameProblem(value: string | undefined): 'form.nameRequired' | 'form.nameSpecial' | null {
  const name = (value ?? '').trim();
  if (!name) return 'form.nameRequired';
  if (name.length > PROJECT_NAME_MAX || !PROJECT_NAME_PATTERN.test(name)) return 'form.nameSpecial';
  return null;
}

export function projectLogoProblem(value: string | undefined | null): 'form.logoRequired' | null {
  return value ? null : 'form.logoRequired';
}
