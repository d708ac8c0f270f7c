// Telling people of alarms: the enterprise's notice rules and common users pick who and
// how; at most one notice a minute per device and type, the rest summed up in the next one; a
// disarmed device's alarms are kept but not told. Runs after ingest, off its path, one at a time.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Notifier } from '../../notify/notifier.js';
import { deviceRepo } from '../device/repo.js';
import { projectRepo } from '../project/repo.js';
import type { StoredAlarm } from './ingest.js';
import { noticeRepo } from './notice-repo.js';
import { noticeLanguage, noticeText } from './notice-text.js';

export const NOTICE_INTERVAL_MS = 60_000;
/** Alarms waiting to be told; past this the oldest are told as part of a digest instead. */
const QUEUE_LIMIT = 10_000;

type Channel = 'sms' | 'email' | 'voice' | 'offline';
interface Recipient {
  userId: number;
  channels: Set<Channel>;
}

export function createAlarmDispatch(o: { db: Db; notifier: Notifier; now: () => Date; log: FastifyBaseLogger }) {
  const queue: StoredAlarm[] = [];
  /** Per device and type: when the last notice left, and how many were held back since. */
  const lastSent = new Map<string, { at: number; held: number; latest: StoredAlarm }>();
  let running = false;
  const stats = { told: 0, held: 0, disarmed: 0, noRecipient: 0, dropped: 0 };

  async function recipients(a: StoredAlarm): Promise<Recipient[]> {
    const path = (await projectRepo.pathsOf(o.db, a.enterpriseId, [a.projectId])).get(a.projectId);
    const onPath = new Set((path ?? '').split('/').filter(Boolean).map(Number));
    const rules = await noticeRepo.rules(o.db, a.enterpriseId, { enabled: true });
    const common = await noticeRepo.commonUsers(o.db, a.enterpriseId);
    const byUser = new Map<number, Set<Channel>>();
    const add = (userId: number, channels: string[]) => {
      const set = byUser.get(userId) ?? new Set<Channel>();
      for (const c of channels) set.add(c as Channel);
      byUser.set(userId, set);
    };
    for (const r of rules) {
      // A rule naming a project covers everything under it.
      if (!r.types.includes(a.type) || !r.project_ids.some((id) => onPath.has(Number(id)))) continue;
      for (const u of r.user_ids) add(Number(u), r.channels);
    }
    for (const c of common) add(Number(c.user_id), c.channels);
    return [...byUser].map(([userId, channels]) => ({ userId, channels }));
  }

  async function tell(a: StoredAlarm, held: number): Promise<void> {
    const device = await deviceRepo.known(o.db, a.deviceId);
    if (!device) return;
    if (!device.armed && a.source === 'device') {
      stats.disarmed++;
      return;
    }
    const people = await recipients(a);
    if (people.length === 0) {
      stats.noRecipient++;
      return;
    }
    const users = await noticeRepo.contacts(o.db, a.enterpriseId);
    const contact = new Map(users.map((u) => [Number(u.id), u]));
    for (const p of people) {
      const u = contact.get(p.userId);
      if (!u) continue;
      // Each person reads it in the language and on the clock of the console they last opened.
      const text = noticeText(
        noticeLanguage(u.language),
        u.time_zone,
        a,
        { name: device.dev_name, sn: device.sn },
        held,
      );
      const message = { enterpriseId: a.enterpriseId, to: '', ...text };
      // Offline notices go to those who asked for them, by email or else SMS; device alarms by each channel chosen.
      if (a.source === 'offline') {
        if (!p.channels.has('offline')) continue;
        if (u.email) await o.notifier.email({ ...message, to: u.email });
        else if (u.mobile) await o.notifier.sms({ ...message, to: u.mobile });
        continue;
      }
      if (p.channels.has('email') && u.email) await o.notifier.email({ ...message, to: u.email });
      if (p.channels.has('sms') && u.mobile) await o.notifier.sms({ ...message, to: u.mobile });
      if (p.channels.has('voice') && u.mobile) await o.notifier.voice({ ...message, to: u.mobile });
    }
    stats.told++;
  }

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (queue.length > 0) {
        const a = queue.shift()!;
        const key = `${a.deviceId}:${a.type}:${a.source}`;
        const last = lastSent.get(key);
        const now = o.now().getTime();
        if (last && now - last.at < NOTICE_INTERVAL_MS) {
          last.held++;
          last.latest = a;
          stats.held++;
          continue;
        }
        lastSent.set(key, { at: now, held: 0, latest: a });
        try {
          await tell(a, last?.held ?? 0);
        } catch (err) {
          // A failing provider is retried from the outbox; a failing lookup loses this notice only.
          o.log.error({ err, alarm: a.id }, 'alarm notice failed');
        }
      }
    } finally {
      running = false;
    }
  }

  /** Alarms held back and not followed by another within the minute still get their digest. */
  async function flushDigests(): Promise<void> {
    const now = o.now().getTime();
    for (const [key, entry] of lastSent) {
      if (now - entry.at < NOTICE_INTERVAL_MS) continue;
      lastSent.delete(key);
      if (entry.held === 0) continue;
      try {
        // The latest held alarm stands for the rest: "…and N more" counts the others.
        await tell(entry.latest, entry.held - 1);
      } catch (err) {
        o.log.error({ err }, 'alarm digest failed');
      }
    }
  }

  return {
    stats,
    flushDigests,
    /** Called for every stored alarm; returns at once. */
    enqueue(a: StoredAlarm): void {
      if (queue.length >= QUEUE_LIMIT) {
        queue.shift();
        stats.dropped++;
      }
      queue.push(a);
      drain().catch((err: unknown) => o.log.error({ err }, 'alarm notices'));
    },
    /** Resolves when everything queued has been handled (tests). */
    async idle(): Promise<void> {
      while (running || queue.length > 0) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
export type AlarmDispatch = ReturnType<typeof createAlarmDispatch>;
