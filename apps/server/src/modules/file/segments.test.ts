// The picture segment store: appends in flight at once never overlap, a month or a full segment
// starts a new one, a failed write is never appended to again, and names from elsewhere are refused.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSegmentStore, type SegmentStore } from './segments.js';

const NOV = new Date('2026-11-22T10:00:00Z');
const DEC = new Date('2026-12-01T00:00:01Z');
const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);

let root: string;
let store: SegmentStore;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'segments-'));
  store = createSegmentStore(root);
});
afterEach(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('segment store', () => {
  it('places concurrent appends one after another and reads each back whole', async () => {
    const a = [bytes(100, 1), bytes(7, 2)];
    const b = [bytes(50, 3)];
    const [ra, rb] = await Promise.all([store.append(1, a, NOV, 10), store.append(1, b, NOV, 12)]);
    expect(ra).toEqual({ segment: '2026-11-10', offsets: [0, 100] });
    expect(rb).toEqual({ segment: '2026-11-10', offsets: [107] });
    expect(await store.read(1, '2026-11-10', 100, 7)).toEqual(a[1]);
    expect(await store.read(1, '2026-11-10', 107, 50)).toEqual(b[0]);
    expect(readdirSync(join(root, '1', 'segments'))).toEqual(['2026-11-10.seg']);
  });

  it('keeps enterprises apart and starts a new segment with the month', async () => {
    await store.append(1, [bytes(10, 1)], NOV, 1);
    await store.append(2, [bytes(10, 2)], NOV, 2);
    const dec = await store.append(1, [bytes(10, 3)], DEC, 3);
    expect(dec).toEqual({ segment: '2026-12-3', offsets: [0] });
    expect(readdirSync(join(root, '1', 'segments')).sort()).toEqual(['2026-11-1.seg', '2026-12-3.seg']);
    expect(await store.read(2, '2026-11-2', 0, 10)).toEqual(bytes(10, 2));
    // Another enterprise's segment is not found under this one.
    await expect(store.read(1, '2026-11-2', 0, 10)).rejects.toThrow();
  });

  it('starts a new segment when the next append would pass the size limit', async () => {
    const small = createSegmentStore(root, 100);
    expect((await small.append(1, [bytes(90, 1)], NOV, 1)).segment).toBe('2026-11-1');
    expect(await small.append(1, [bytes(10, 2)], NOV, 2)).toEqual({ segment: '2026-11-1', offsets: [90] });
    expect(await small.append(1, [bytes(1, 3)], NOV, 3)).toEqual({ segment: '2026-11-3', offsets: [0] });
    // One append larger than the limit still goes somewhere: a segment of its own.
    expect(await small.append(1, [bytes(150, 4)], NOV, 4)).toEqual({ segment: '2026-11-4', offsets: [0] });
    small.close();
  });

  it('never appends to a segment after a failed write, and refuses reads past its end', async () => {
    // The enterprise's folder cannot be made: a file stands where it should be.
    writeFileSync(join(root, '1'), 'in the way');
    await expect(store.append(1, [bytes(10, 1)], NOV, 1)).rejects.toThrow();
    rmSync(join(root, '1'));
    const again = await store.append(1, [bytes(10, 2)], NOV, 5);
    expect(again).toEqual({ segment: '2026-11-5', offsets: [0] });
    await expect(store.read(1, '2026-11-5', 5, 10)).rejects.toThrow(/ends before/);
  });

  it('refuses a segment name that is not one of its own', async () => {
    await expect(store.read(1, '../../etc/passwd', 0, 1)).rejects.toThrow(/not a segment name/);
  });
});
