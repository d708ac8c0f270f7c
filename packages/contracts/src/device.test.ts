// GB code composition and the NVR channel states, on literal values.
import { describe, expect, it } from 'vitest';
import { channelState, composeGbCode, parseGbCode } from './device.js';

const region = { areaCode: '340200', unitNumber: '00', industryCode: '00', typeCode: '132', networkId: '0' };

describe('GB codes', () => {
  it('composes centre (area + unit), industry, type, network and a 6-digit serial', () => {
    expect(composeGbCode(region, 1)).toBe('34020000001320000001');
    expect(composeGbCode({ ...region, typeCode: '118' }, 999_999)).toBe('34020000001180999999');
  });

  it('parses a code back into its parts and refuses anything but 20 digits', () => {
    expect(parseGbCode('34020000001320000001')).toEqual({ ...region, serial: 1 });
    expect(parseGbCode('3402000000132000000')).toBeNull();
    expect(parseGbCode('3402000000132000000a')).toBeNull();
  });

  it('refuses a serial outside 0–999999', () => {
    expect(() => composeGbCode(region, 1_000_000)).toThrow(RangeError);
    expect(() => composeGbCode(region, -1)).toThrow(RangeError);
  });
});

describe('channelState (SPEC §4)', () => {
  it('reads −2 as a special alarm message, 0 or above as online, anything else as not configured', () => {
    expect([-2, 0, 5, -1, null].map(channelState)).toEqual([
      'alarm',
      'online',
      'online',
      'unconfigured',
      'unconfigured',
    ]);
  });
});
