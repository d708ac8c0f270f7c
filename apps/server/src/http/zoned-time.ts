// SPEC's zone-less `YYYY-MM-DD HH:mm:ss` times, read and written in the caller's IANA zone (architecture §5).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

function fields(d: Date, tz: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(d)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatZoned(d: Date, tz: string): string {
  const f = fields(d, tz);
  return `${pad(f.year!, 4)}-${pad(f.month!)}-${pad(f.day!)} ${pad(f.hour!)}:${pad(f.minute!)}:${pad(f.second!)}`;
}

/** The instant a wall-clock time names in `tz` (the earlier one when a DST change repeats it). */
export function parseZoned(text: string, tz: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new RangeError(`not a YYYY-MM-DD HH:mm:ss time: ${text}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // The zone's offset at a guess, then at the corrected instant: two steps settle DST edges.
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const f = fields(new Date(t), tz);
    const shown = Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!);
    t += wall - shown;
  }
  return new Date(t);
}
