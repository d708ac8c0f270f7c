// SPEC §4 start-up: a leftover password-update flag logs out (the session cookie names the session) and reloads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, isSignedIn, markSignedIn, setPasswordUpdatedFlag } from '@/lib/session/storage';
import { passwordFlagCheck } from './startup';

afterEach(() => clearSession());

describe('passwordFlagCheck', () => {
  it('does nothing without the flag', async () => {
    const deps = { endSession: vi.fn(), reload: vi.fn() };
    await expect(passwordFlagCheck(deps)).resolves.toBe('continue');
    expect(deps.endSession).not.toHaveBeenCalled();
  });

  it('logs out without naming a token, clears storage and reloads on code 1', async () => {
    markSignedIn();
    setPasswordUpdatedFlag();
    localStorage.setItem('privilegeList', '[]');
    const deps = { endSession: vi.fn(async () => true), reload: vi.fn() };
    await expect(passwordFlagCheck(deps)).resolves.toBe('reloading');
    expect(deps.endSession).toHaveBeenCalledWith();
    expect(deps.reload).toHaveBeenCalledOnce();
    expect(isSignedIn()).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('keeps the flag for the next start when the logout call fails', async () => {
    markSignedIn();
    setPasswordUpdatedFlag();
    const deps = { endSession: vi.fn(async () => false), reload: vi.fn() };
    await expect(passwordFlagCheck(deps)).resolves.toBe('continue');
    expect(deps.reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('passwordUpdated')).toBe('1');
  });

  it('just drops the flag when this browser is no longer signed in', async () => {
    setPasswordUpdatedFlag();
    const deps = { endSession: vi.fn(), reload: vi.fn() };
    await expect(passwordFlagCheck(deps)).resolves.toBe('continue');
    expect(deps.endSession).not.toHaveBeenCalled();
    expect(localStorage.getItem('passwordUpdated')).toBeNull();
  });
});
