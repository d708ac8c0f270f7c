// How a failed field rule becomes a catalogue message with its parameters: a bound is named
// ("at most 20 characters", "must be at least 1"), never a bare "too long" or "too short".
// Pure (no zod at run time): the server's envelope and the web's form checks share it.
import { CATALOGS, DEFAULT_LANGUAGE } from './i18n.js';

/** A message key of the catalogues and the values of its placeholders. */
export interface Problem {
  key: string;
  params?: Record<string, number>;
}

/** The fields of a zod 4 issue this mapping reads (`too_big` and `too_small` carry the bound). */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  expected?: string;
}

/** Keys that say only that a bound was crossed: the bound itself is the better message. */
const UNBOUNDED = new Set(['validation.tooLong', 'validation.tooShort']);

const CODE_REASON: Record<string, string> = {
  invalid_type: 'validation.type',
  too_big: 'validation.tooLong',
  too_small: 'validation.tooShort',
};

const isCatalogueKey = (message: string | undefined): message is string =>
  message !== undefined && message in CATALOGS[DEFAULT_LANGUAGE];

/** The message naming the bound of a `too_big` / `too_small` issue; null for other issues or kinds. */
export function boundProblem(issue: IssueLike): Problem | null {
  const big = issue.code === 'too_big';
  if (!big && issue.code !== 'too_small') return null;
  const raw = big ? issue.maximum : issue.minimum;
  if (raw === undefined) return null;
  const bound = Number(raw);
  switch (issue.origin ?? '') {
    case 'string':
      if (issue.exact) return { key: 'validation.exactLength', params: { length: bound } };
      return big
        ? { key: 'validation.maxLength', params: { max: bound } }
        : { key: 'validation.minLength', params: { min: bound } };
    case 'array':
    case 'set':
      return big
        ? { key: 'validation.maxItems', params: { max: bound } }
        : { key: 'validation.minItems', params: { min: bound } };
    case 'number':
    case 'int':
    case 'bigint':
      if (big) {
        return issue.inclusive === false
          ? { key: 'validation.belowValue', params: { max: bound } }
          : { key: 'validation.maxValue', params: { max: bound } };
      }
      return issue.inclusive === false
        ? { key: 'validation.aboveValue', params: { min: bound } }
        : { key: 'validation.minValue', params: { min: bound } };
    default:
      return null;
  }
}

/**
 * The message of an issue: a rule's own catalogue key when it has one ("Role name is required, at
 * most 20 characters."), else the bound it crossed, else a message per kind of failure.
 */
export function issueProblem(issue: IssueLike): Problem {
  const own = issue.message;
  if (isCatalogueKey(own) && !UNBOUNDED.has(own)) return { key: own };
  const bound = boundProblem(issue);
  if (bound) return bound;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return { key: 'validation.integer' };
  if (isCatalogueKey(own)) return { key: own };
  return { key: CODE_REASON[issue.code ?? ''] ?? 'validation.invalid' };
}
