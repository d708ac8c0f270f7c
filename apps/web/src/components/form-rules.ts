// antd form rules for the field rules of SPEC §5, with the message keys the server answers (packages/contracts).
//
// Why not the zod builders of contracts (loginName(), email() …): they live in the module whose plain
// patterns the sign-in page uses, so calling them here would pull zod into the entry chunk (/home budget).
// These checks use the same exported patterns instead; form-rules.test.ts holds them to the zod rules.
import type { FormRule } from 'antd';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  LOGIN_NAME_PATTERN,
  MOBILE_PATTERN,
  TEXT_PATTERN,
  passwordProblem,
} from '@svc/contracts';
import './form-rules.css';

type Translate = (key: string) => string;

/** Class of a Form.Item whose `extra` states its rule: the hint steps aside while an error shows. */
export const RULE_HINT = 'rule-hint';
/** A check of one filled value: null when it passes, else the message key of the failing rule. */
export type FieldCheck = (value: string) => string | null;

/** Lengths of contracts' builders: person names 32, role names 20 (SPEC §5). */
const NAME_MAX = 32;
export const ROLE_NAME_MAX = 20;

/** The SPEC §5 field checks, each mirroring the contracts builder of the same name. */
export const checks = {
  loginName: (v) => (LOGIN_NAME_PATTERN.test(v.trim()) ? null : 'validation.loginName'),
  personName: (v) => {
    const name = v.trim();
    if (name.length > NAME_MAX) return 'validation.tooLong';
    return TEXT_PATTERN.test(name) ? null : 'validation.name';
  },
  mobile: (v) => (MOBILE_PATTERN.test(v.trim()) ? null : 'validation.mobile'),
  email: (v) => (!EMAIL_PATTERN.test(v) ? 'validation.email' : v.length > EMAIL_MAX ? 'validation.tooLong' : null),
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
      return problem ? Promise.reject(new Error(tc(problem))) : Promise.resolve();
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
