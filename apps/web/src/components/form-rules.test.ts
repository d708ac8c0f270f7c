// The web's field checks say exactly what the server's zod rules (packages/contracts) say, value by value.
import { describe, expect, it } from 'vitest';
import { email, loginName, mobile, passwordProblem, personName, roleName } from '@svc/contracts';
import { checks, type FieldCheck } from './form-rules';

interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}
const zodAnswer = (schema: Parser, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
};

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
    for (const sample of samples) expect(check(sample), JSON.stringify(sample)).toBe(zodAnswer(schema, sample));
  });

  it('password is the shared strength rule', () => {
    for (const sample of ['Guard#2025x', 'weakpass', 'NoDigits!!', 'has space A1!']) {
      expect(checks.password(sample)).toBe(passwordProblem(sample));
    }
  });
});
