// SPEC §4 start-up: a leftover password-update flag logs out (with the user's token) and reloads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, setPasswordUpdatedFlag, setToken } from '../../app/session/storage';
import { passwordFlagCheck } from './startup';

afterEach(() => clearSession());

describe('passwordFlagCheck', () => {
  it('does nothing without the flag', async () => {
    const deps = { endSession: vi.fn(), reload: vi.fn() };
    await expect(passwordFlagCheck(deps)).resolves.toBe('continue');
    expect(deps.endSession).not.toHaveBeenCalled();
  });

  it('logs out with the token, clears storage and reloads on code 1', async () => {
    setToken('tok-9');
    setPasswordUpdatedFlag();
    localStorage.setItem('privilegeList', '[]');
    const deps = { endSession: vi.fn(async () => true), reload: vi.fn() };
    await expect(passwordFlagCheck(deps)).resolves.toBe('reloading');
    expect(deps.endSession).toHaveBeenCalledWith('tok-9');
    expect(deps.reload).toHaveBeenCalledOnce();
    expect(getToken()).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('keeps the flag for the next start when the logout call fails', async () => {
    setToken('tok-9');
    setPasswordUpdatedFlag();
    const deps = { endSession: vi.fn(async () => false), reload: vi.fn() };
    await expect(passwordFlagCheck(deps)).resolves.toBe('continue');
    expect(deps.reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('passwordUpdated')).toBe('1');
  });

  it('just drops the flag when there is no token left', async () => {
    setPasswordUpdatedFlag();
    const deps = { endSession: vi.fn(), reload: vi.fn() };
    await expect(passwordFlagCheck(deps)).resolves.toBe('continue');
    expect(deps.endSession).not.toHaveBeenCalled();
    expect(localStorage.getItem('passwordUpdated')).toBeNull();
  });
});
