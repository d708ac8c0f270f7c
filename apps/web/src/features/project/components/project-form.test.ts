import { describe, expect, it } from 'vitest';
import { projectLogoProblem, projectNameProblem } from './project-form';

describe('project form rules (SPEC §5)', () => {
  it('requires a name', () => {
    expect(projectNameProblem('')).toBe('form.nameRequired');
    expect(projectNameProblem('   ')).toBe('form.nameRequired');
    expect(projectNameProblem(undefined)).toBe('form.nameRequired');
  });
  it('accepts letters, digits, Chinese, underscore and hyphen', () => {
    expect(projectNameProblem('North_Gate-2')).toBeNull();
    expect(projectNameProblem('东门仓库')).toBeNull();
  });
  it('refuses special characters and spaces inside', () => {
    expect(projectNameProblem('Gate #1')).toBe('form.nameSpecial');
    expect(projectNameProblem('a/b')).toBe('form.nameSpecial');
  });
  it('requires a logo', () => {
    expect(projectLogoProblem('')).toBe('form.logoRequired');
    expect(projectLogoProblem('/api/file/1')).toBeNull();
  });
});
