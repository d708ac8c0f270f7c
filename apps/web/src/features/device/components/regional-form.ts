// Regional configuration rules (SPEC §3, §5): digit counts of each GB code part, the composed-code preview, server field errors.
import { CloudCode } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';

/** Digits of each part of a 20-digit GB/T 28181 code before the 6-digit serial (packages/contracts RegionalConfigSchema). */
export const REGIONAL_DIGITS = { areaCode: 6, unitNumber: 2, industryCode: 2, typeCode: 3, networkId: 1 } as const;
export type RegionalDigitField = keyof typeof REGIONAL_DIGITS;
export const REGIONAL_DIGIT_FIELDS = Object.keys(REGIONAL_DIGITS) as RegionalDigitField[];

/** The web message of each part's rule, worded like the server's device.areaCode … device.networkId. */
export const REGIONAL_RULE_KEYS: Record<RegionalDigitField, string> = {
  areaCode: 'device.regional.areaCodeRule',
  unitNumber: 'device.regional.unitNumberRule',
  industryCode: 'device.regional.industryCodeRule',
  typeCode: 'device.regional.typeCodeRule',
  networkId: 'device.regional.networkIdRule',
};

/** The first serial the platform hands out: the preview shows the code the first device would get. */
export const PREVIEW_SERIAL = '000001';

export function regionalProblem(field: RegionalDigitField, value: string): string | null {
  return new RegExp(`^\\d{${REGIONAL_DIGITS[field]}}$`).test(value) ? null : REGIONAL_RULE_KEYS[field];
}

/** The example code; a part not yet valid shows as underscores of its length, so the layout stays readable. */
export function previewGbCode(parts: Partial<Record<RegionalDigitField, string | undefined>>): string {
  const shown = REGIONAL_DIGIT_FIELDS.map((field) => {
    const value = parts[field] ?? '';
    return regionalProblem(field, value) ? '_'.repeat(REGIONAL_DIGITS[field]) : value;
  });
  return `${shown.join('')}${PREVIEW_SERIAL}`;
}

/**
 * The form field a parameter error (4000) names, if any. The server puts the field's own (untranslated)
 * name in its message ("Parameter error: areaCode — …"), so a whole-word match works in every language.
 */
export function paramErrorField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!isApiError(error) || error.code !== CloudCode.PARAMETER_ERROR) return null;
  return fields.find((field) => new RegExp(`(^|[^A-Za-z0-9_])${field}([^A-Za-z0-9_]|$)`).test(error.message)) ?? null;
}
