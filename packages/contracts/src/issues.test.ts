// A failed rule's message names the bound it crossed, keeps a rule's own message, and reads zod's real issues.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueProblem } from './issues.js';
import { translate } from './i18n.js';

const firstIssue = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return issueProblem(result.error.issues[0]!);
};
const english = (schema: z.ZodType, value: unknown) => {
  const p = firstIssue(schema, value);
  return translate('en-US', p.key, p.params);
};

describe('issue messages', () => {
  it.each([
    [z.string().max(20), 'x'.repeat(21), 'At most 20 characters.'],
    [z.string().max(20, { error: 'validation.tooLong' }), 'x'.repeat(21), 'At most 20 characters.'],
    [z.string().min(4, { error: 'validation.tooShort' }), 'abc', 'At least 4 characters.'],
    [z.string().length(6), 'abc', 'Exactly 6 characters.'],
    [z.number().int().min(1), 0, 'Must be at least 1.'],
    [z.number().int().max(100), 101, 'Must be at most 100.'],
    [z.number().positive(), 0, 'Must be greater than 0.'],
    [z.number().lt(10), 10, 'Must be less than 10.'],
    [z.array(z.number()).max(3), [1, 2, 3, 4], 'At most 3 items.'],
    [z.array(z.number()).min(2), [1], 'At least 2 items.'],
  ])('names the bound: %#', (schema, value, text) => {
    expect(english(schema, value)).toBe(text);
  });

  it('keeps a rule’s own catalogue message', () => {
    expect(firstIssue(z.string().max(20, { error: 'validation.roleName' }), 'x'.repeat(21))).toEqual({
      key: 'validation.roleName',
    });
    expect(firstIssue(z.array(z.number()).min(1, { error: 'validation.selectOne' }), [])).toEqual({
      key: 'validation.selectOne',
    });
  });

  it('falls back to a message per kind for zod’s own English texts', () => {
    expect(firstIssue(z.number(), 'x')).toEqual({ key: 'validation.type' });
    expect(firstIssue(z.number().int(), 1.5)).toEqual({ key: 'validation.integer' });
    expect(firstIssue(z.string().regex(/^a$/), 'b')).toEqual({ key: 'validation.invalid' });
  });

  it('speaks every language of the catalogues', () => {
    const p = firstIssue(z.number().int().min(1), 0);
    expect(translate('zh-CN', p.key, p.params)).toBe('不能小于 1');
    expect(translate('zh-TW', p.key, p.params)).toBe('不能小於 1');
  });
});
