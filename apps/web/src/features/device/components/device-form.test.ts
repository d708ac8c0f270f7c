import { describe, expect, it } from 'vitest';
import { gbCodeProblem, snProblem } from './device-form';

describe('device form rules (SPEC §5)', () => {
  it('accepts serial numbers of 13, 16 or 20 letters or digits', () => {
    expect(snProblem('ABCDE12345678')).toBeNull();
    expect(snProblem('ABCDEF1234567890')).toBeNull();
    expect(snProblem('ABCDEFGHIJ1234567890')).toBeNull();
  });
  it('refuses other lengths and special characters', () => {
    expect(snProblem('ABC123')).toBe('device.form.snRule');
    expect(snProblem('ABCDE1234567')).toBe('device.form.snRule');
    expect(snProblem('ABCDE-1234567')).toBe('device.form.snRule');
  });
  it('wants a GB code of exactly 20 digits', () => {
    expect(gbCodeProblem('34020000001320000001')).toBeNull();
    expect(gbCodeProblem('3402000000132000000')).toBe('device.form.gbCodeRule');
    expect(gbCodeProblem('3402000000132000000A')).toBe('device.form.gbCodeRule');
  });
});
