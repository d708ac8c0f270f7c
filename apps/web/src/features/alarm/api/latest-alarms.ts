// POST /api/alarm/queryLatestListAll/voice: the alarms of a short window (SPEC §4 polling) with the caller's voice setting.
import { api } from '@/lib/api/client';
import type { LatestAlarms, VoiceAlarms } from './types';

/** quiet: a failed poll is retried by the next tick; a toast every minute would only nag. */
export function fetchLatestVoiceAlarms(body: LatestAlarms): Promise<VoiceAlarms> {
  return api.post('/api/alarm/queryLatestListAll/voice', body, { quiet: true });
}
