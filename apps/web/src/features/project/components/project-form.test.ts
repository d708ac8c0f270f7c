import { describe, expect, it } from 'vitest';
import { projectLogoProblem, projectNameProblem } from './project-form';

describe('project form rules (SPEC §5)', () => {
  it('requires a name, in the words of the node’s kind', () => {
    expect(projectNameProblem('')).toBe('form.nameRequired');
    expect(projectNameProblem('   ')).toBe('form.nameRequired');
    expect(projectNameProblem(undefined)).toBe('form.nameRequired');
    expect(projectNameProblem('', 'area')).toBe('form.areaNameRequired');
  });
  it('accepts letters, digits, Chinese, underscore and hyphen', () => {
    expect(projectNameProblem('North_Gate-2')).toBeNull();
    expect(projectNameProblem('东门仓库')).toBeNull();
  });
  it('refuses special characters and spaces inside', () => {
    expect(projectNameProblem('Gate #1')).toBe('form.nameSpecial');
    expect(projectNameProblem('a/b')).toBe('form.nameSpecial');
    expect(projectNameProblem('a/b', 'area')).toBe('form.areaNameSpecial');
  });
  it('names the length limit of a long name rather than calling it special', () => {
    expect(projectNameProblem('N'.repeat(32))).toBeNull();
    expect(projectNameProblem('N'.repeat(33))).toEqual({ key: 'validation.maxLength', params: { max: 32 } });
  });
  it('requires a logo of a project, not of an area', () => {
    expect(projectLogoProblem('')).toBe('form.logoRequired');
    expect(projectLogoProblem('/api/file/1')).toBeNull();
    expect(projectLogoProblem('', 'area')).toBeNull();
    expect(projectLogoProblem(null, 'area')).toBeNull();
  });
});
