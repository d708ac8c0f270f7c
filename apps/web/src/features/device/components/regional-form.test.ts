import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { paramErrorField, previewGbCode, regionalProblem } from './regional-form';

describe('regional configuration rules (SPEC §3, §5)', () => {
  it('wants each part with exactly its digits', () => {
    expect(regionalProblem('areaCode', '440102')).toBeNull();
    expect(regionalProblem('areaCode', '44010')).toBe('device.regional.areaCodeRule');
    expect(regionalProblem('unitNumber', '00')).toBeNull();
    expect(regionalProblem('unitNumber', '0a')).toBe('device.regional.unitNumberRule');
    expect(regionalProblem('industryCode', '123')).toBe('device.regional.industryCodeRule');
    expect(regionalProblem('typeCode', '132')).toBeNull();
    expect(regionalProblem('networkId', '10')).toBe('device.regional.networkIdRule');
  });

  it('previews the first composed code, underscoring parts not yet valid', () => {
    expect(
      previewGbCode({ areaCode: '440102', unitNumber: '00', industryCode: '49', typeCode: '132', networkId: '0' }),
    ).toBe('44010200491320000001');
    expect(previewGbCode({ areaCode: '4401', unitNumber: '00' })).toBe('______00______000001');
  });

  it('finds the field a parameter error names, in any language', () => {
    const fields = ['areaCode', 'autoEnrolProjectId'] as const;
    const en = new ApiError('code', 4000, 'Parameter error: autoEnrolProjectId — The value is not valid.');
    const zh = new ApiError('code', 4000, '参数错误：areaCode，区域编码为6位数字');
    expect(paramErrorField(en, fields)).toBe('autoEnrolProjectId');
    expect(paramErrorField(zh, fields)).toBe('areaCode');
    expect(paramErrorField(new ApiError('code', 4117, 'No permission: areaCode'), fields)).toBeNull();
    expect(paramErrorField(new ApiError('code', 4000, 'Parameter error: areaCodeX'), fields)).toBeNull();
  });
});
