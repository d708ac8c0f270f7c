// Monthly alarm partitions, made ahead of time (this month and the next) at start and daily, so
// retention can drop a month whole; rows outside them fall into the default partition.
import type { Db } from '../../db/database.js';
import { alarmRepo } from './repo.js';

/**
 * Pages keep 15 % free: linking a picture, marking read or handling updates an alarm after its insert,
 * and with room on its page the new version stays there (HOT), adding nothing to the six indexes.
 */
export const ALARM_FILLFACTOR = 85;

const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m, 1));

export async function ensureAlarmPartitions(db: Db, now: Date): Promise<string[]> {
  const made: string[] = [];
  for (const offset of [0, 1]) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + offset);
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = `alarm_${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
    if (await alarmRepo.partitionExists(db, name)) continue;
    try {
      await alarmRepo.createPartition(db, name, from, to, ALARM_FILLFACTOR);
      made.push(name);
    } catch {
      // Rows of that month already sit in the default partition (made while none existed): leave them there.
    }
  }
  return made;
}
