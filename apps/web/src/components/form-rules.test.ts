// The web's field checks say exactly what the server's zod rules (packages/contracts) say, value by value.
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  email,
  issueProblem,
  loginName,
  mobile,
  passwordProblem,
  personName,
  roleName,
  type IssueLike,
  type Problem,
} from '@svc/contracts';
import { checks, maxLengthRule, wholeNumberRule, type FieldCheck, type FieldProblem } from './form-rules';

interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: IssueLike[] } };
}
/** The message the server answers for a value, as the envelope maps it. */
const zodAnswer = (schema: Parser, value: string): Problem | null => {
  const result = schema.safeParse(value);
  return result.success ? null : issueProblem(result.error!.issues[0]!);
};
const asProblem = (p: FieldProblem | null): Problem | null => (typeof p === 'string' ? { key: p } : p);

/** Runs an antd validator rule on a value; answers its message, or null when it passes. */
async function ruleMessage(rule: FormRule, value: unknown): Promise<string | null> {
  const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
  return validator({}, value).then(
    () => null,
    (e: Error) => e.message,
  );
}
const tc = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`;

const CASES: [string, FieldCheck, Parser, string[]][] = [
  [
    'loginName',
    checks.loginName,
    loginName(),
    ['abcd', 'ab12', ' guard7 ', '1abc', 'abc', 'ab_cd', 'a'.repeat(33), 'Zed9'],
  ],
  [
    'personName',
    checks.personName,
    personName(),
    ['Li Lei', '李雷', 'Bad$Name', 'a'.repeat(33), 'two  spaces', ' trimmed ', '王 五'],
  ],
  ['mobile', checks.mobile, mobile(), ['13800138000', '12800138000', '1380013800', ' 13800138000 ', 'abc']],
  [
    'email',
    checks.email,
    email(),
    ['a@b.co', 'first.last@example.com', 'no-at.example.com', 'a@b', '.a@b.com', `${'a'.repeat(250)}@b.com`, 'x@y.z1'],
  ],
  ['roleName', checks.roleName, roleName(), ['Monitors', '监控员', 'x'.repeat(20), 'x'.repeat(21), ' padded ']],
];

describe('form checks', () => {
  it.each(CASES)('%s agrees with the contracts rule on every sample', (_, check, schema, samples) => {
    for (const sample of samples)
      expect(asProblem(check(sample)), JSON.stringify(sample)).toEqual(zodAnswer(schema, sample));
  });

  it('names the limit of an over-long person name and email, as the server does', () => {
    expect(checks.personName('a'.repeat(33))).toEqual({ key: 'validation.maxLength', params: { max: 32 } });
    expect(checks.email(`${'a'.repeat(250)}@b.com`)).toEqual({ key: 'validation.maxLength', params: { max: 254 } });
  });

  it('password is the shared strength rule', () => {
    for (const sample of ['Guard#2025x', 'weakpass', 'NoDigits!!', 'has space A1!']) {
      expect(checks.password(sample)).toBe(passwordProblem(sample));
    }
  });
});

describe('limits named, never cut', () => {
  it('refuses a text past its limit with the limit, counting as the server does (trimmed)', async () => {
    const rule = maxLengthRule(tc, 20);
    expect(await ruleMessage(rule, 'x'.repeat(20))).toBeNull();
    expect(await ruleMessage(rule, ` ${'x'.repeat(20)} `)).toBeNull();
    expect(await ruleMessage(rule, 'x'.repeat(30))).toBe('validation.maxLength{"max":20}');
    expect(await ruleMessage(rule, '')).toBeNull();
  });

  it('refuses a number out of range naming the bound, and a fraction as not whole', async () => {
    const rule = wholeNumberRule(tc, 1, 100);
    expect(await ruleMessage(rule, 0)).toBe('validation.minValue{"min":1}');
    expect(await ruleMessage(rule, 101)).toBe('validation.maxValue{"max":100}');
    expect(await ruleMessage(rule, 1.5)).toBe('validation.integer');
    expect(await ruleMessage(rule, 1)).toBeNull();
    expect(await ruleMessage(rule, null)).toBeNull();
  });
});
