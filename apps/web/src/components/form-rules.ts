// antd form rules for the field rules of SPEC §5, with the message keys the server answers (packages/contracts).
//
// Why not the zod builders of contracts (loginName(), email() …): they live in the module whose plain
// patterns the sign-in page uses, so calling them here would pull zod into the entry chunk (/home budget).
// These checks use the same exported patterns instead; form-rules.test.ts holds them to the zod rules.
import type { FormRule } from 'antd';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  LOGIN_NAME_MAX,
  LOGIN_NAME_PATTERN,
  MOBILE_PATTERN,
  TEXT_PATTERN,
  passwordProblem,
  type Problem,
} from '@svc/contracts';
import './form-rules.css';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Class of a Form.Item whose `extra` states its rule: the hint steps aside while an error shows. */
export const RULE_HINT = 'rule-hint';
/** The message of a failing rule: a key, or a key with the values it names (the server's `Problem`). */
export type FieldProblem = string | Problem;
/** A check of one filled value: null when it passes, else the message of the failing rule. */
export type FieldCheck = (value: string) => FieldProblem | null;

/** A rule's message in the form's language. */
export function sayProblem(tc: Translate, problem: FieldProblem): string {
  return typeof problem === 'string' ? tc(problem) : tc(problem.key, problem.params);
}

/** The bound of a too-long text, as the server names it ("at most 20 characters"). */
export const maxLengthProblem = (max: number): Problem => ({ key: 'validation.maxLength', params: { max } });

/** Lengths of contracts' builders: person names 32, role names 20 (SPEC §5). */
const NAME_MAX = 32;
export const ROLE_NAME_MAX = 20;

/** The SPEC §5 field checks, each mirroring the contracts builder of the same name. */
export const checks = {
  loginName: (v) => {
    const name = v.trim();
    if (name.length > LOGIN_NAME_MAX) return maxLengthProblem(LOGIN_NAME_MAX);
    return LOGIN_NAME_PATTERN.test(name) ? null : 'validation.loginName';
  },
  personName: (v) => {
    const name = v.trim();
    if (name.length > NAME_MAX) return maxLengthProblem(NAME_MAX);
    return TEXT_PATTERN.test(name) ? null : 'validation.name';
  },
  mobile: (v) => (MOBILE_PATTERN.test(v.trim()) ? null : 'validation.mobile'),
  email: (v) => {
    const address = v.trim();
    if (!EMAIL_PATTERN.test(address)) return 'validation.email';
    return address.length > EMAIL_MAX ? maxLengthProblem(EMAIL_MAX) : null;
  },
  roleName: (v) => (v.trim().length > ROLE_NAME_MAX ? 'validation.roleName' : null),
  password: (v) => passwordProblem(v),
} satisfies Record<string, FieldCheck>;

export function requiredRule(tc: Translate): FormRule {
  return { required: true, whitespace: true, message: tc('validation.required') };
}

/** Runs a check on a filled value; emptiness is `requiredRule`'s business. */
export function checkRule(check: FieldCheck, tc: Translate): FormRule {
  return {
    validator: (_, value: unknown) => {
      if (typeof value !== 'string' || value === '') return Promise.resolve();
      const problem = check(value);
      return problem ? Promise.reject(new Error(sayProblem(tc, problem))) : Promise.resolve();
    },
  };
}

/**
 * At most `max` characters, counted as the server counts them (trimmed), refused with the limit named.
 * Inputs carry no `maxLength`: it stops typing and cuts a paste without a word; `count.max` shows
 * the count and marks the field instead.
 */
export function maxLengthRule(tc: Translate, max: number): FormRule {
  return checkRule((v) => (v.trim().length > max ? maxLengthProblem(max) : null), tc);
}

/** A whole number from `min` (and up to `max`), refused with the bound named, never clamped as antd's min/max would. */
export function wholeNumberRule(tc: Translate, min: number, max?: number): FormRule {
  return {
    validator: (_, value: unknown) => {
      if (value === null || value === undefined || value === '') return Promise.resolve();
      const n = Number(value);
      if (!Number.isInteger(n)) return Promise.reject(new Error(tc('validation.integer')));
      if (n < min) return Promise.reject(new Error(tc('validation.minValue', { min })));
      if (max !== undefined && n > max) return Promise.reject(new Error(tc('validation.maxValue', { max })));
      return Promise.resolve();
    },
  };
}

/** SPEC §5: 8–64 characters, no spaces, at least 3 of digits, upper case, lower case, special characters. */
export function passwordRule(tc: Translate): FormRule {
  return checkRule(checks.password, tc);
}

/** SPEC §5: the two entries must match ("the two passwords do not match, re-enter"). */
export function confirmRule(tc: Translate, field = 'password'): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error(tc('validation.passwordMismatch'))),
  });
}

/** Trimmed text, or undefined when empty: optional fields are left out of a body rather than sent blank. */
export function optionalText(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
