// The voice-alarm mute switch of the header (SPEC §4: voice alarm can be muted), remembered in this browser.
import { useCallback, useState } from 'react';

export const ALARM_MUTE_STORAGE = 'alarmVoiceMuted';

function readMuted(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(ALARM_MUTE_STORAGE) === '1';
  } catch {
    // Storage can be refused (privacy modes): speech then stays on, the default.
    return false;
  }
}

export function useAlarmMute(
  storage: Storage | undefined = globalThis.localStorage,
): [boolean, (muted: boolean) => void] {
  const [muted, setState] = useState(() => readMuted(storage));
  const setMuted = useCallback(
    (next: boolean) => {
      setState(next);
      try {
        if (next) storage?.setItem(ALARM_MUTE_STORAGE, '1');
        else storage?.removeItem(ALARM_MUTE_STORAGE);
      } catch {
        // Not remembered, but the switch still works for this visit.
      }
    },
    [storage],
  );
  return [muted, setMuted];
}
