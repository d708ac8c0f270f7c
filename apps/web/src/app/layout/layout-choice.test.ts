// The layout cookie rule of SPEC §2 cannot loop: at most one reload, then the standard layout.
import { describe, expect, it } from 'vitest';
import { decideLayout, LAYOUT_RELOAD_PARAM } from './layout-choice';

const random = () => 'r1';

describe('decideLayout', () => {
  it('uses the cookie when it is set', () => {
    expect(decideLayout('custom', 'http://h/project/index', random)).toEqual({ kind: 'custom' });
    expect(decideLayout('standard', 'http://h/project/index?a=1', random)).toEqual({ kind: 'standard' });
  });

  it('reloads once with a random query when the cookie is undefined', () => {
    expect(decideLayout(undefined, 'http://h/project/index?a=1#x', random)).toEqual({
      kind: 'reload',
      url: `/project/index?a=1&${LAYOUT_RELOAD_PARAM}=r1#x`,
    });
  });

  it('falls back to standard after that reload instead of reloading again', () => {
    const after = decideLayout(undefined, `http://h/project/index?a=1&${LAYOUT_RELOAD_PARAM}=r1`, random);
    expect(after).toEqual({ kind: 'standard', cleanUrl: '/project/index?a=1', rememberStandard: true });
  });

  it('strips the marker once the cookie arrived with the reload', () => {
    expect(decideLayout('custom', `http://h/platform/basic?${LAYOUT_RELOAD_PARAM}=r1`, random)).toEqual({
      kind: 'custom',
      cleanUrl: '/platform/basic',
    });
  });

  it('treats an unknown cookie value like a missing one', () => {
    expect(decideLayout('weird', 'http://h/x', random).kind).toBe('reload');
  });
});
