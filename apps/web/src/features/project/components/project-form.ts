// SPEC §5 project rules as field checks: the name's two messages, its length limit, and the logo projects need.
import { PROJECT_NAME_PATTERN } from '@svc/contracts';
import { maxLengthProblem, type FieldProblem } from '@/components/form-rules';

/** The server's limit (contracts proName()). */
export const PROJECT_NAME_MAX = 32;

type Kind = 'project' | 'area';

/** The name's problem: this namespace's message of the node's kind, or the common length limit. */
export function projectNameProblem(value: string | undefined, kind: Kind = 'project'): FieldProblem | null {
  const name = (value ?? '').trim();
  if (!name) return kind === 'area' ? 'form.areaNameRequired' : 'form.nameRequired';
  if (name.length > PROJECT_NAME_MAX) return maxLengthProblem(PROJECT_NAME_MAX);
  if (!PROJECT_NAME_PATTERN.test(name)) return kind === 'area' ? 'form.areaNameSpecial' : 'form.nameSpecial';
  return null;
}

/** SPEC §5: a project's logo is required; a monitoring area may go without (the tree shows the area icon). */
export function projectLogoProblem(
  value: string | undefined | null,
  kind: Kind = 'project',
): 'form.logoRequired' | null {
  return value || kind === 'area' ? null : 'form.logoRequired';
}
