// GB/T 28181-2022 SnapShotConfig on a simulated device: upload the bundled picture to the URL the
// platform gave (one HTTP POST per picture), as a camera does after an alarm.
import { readFileSync } from 'node:fs';
import { child, childText, type ManscdpMessage } from '@svc/gb28181';

let picture: Buffer | undefined;
const snapshot = () => (picture ??= readFileSync(new URL('../assets/snapshot-640x360.jpg', import.meta.url)));

/** The upload a DeviceConfig asks for, if it carries a SnapShotConfig with an http(s) URL. */
export function snapshotRequest(m: ManscdpMessage): { url: string; count: number } | undefined {
  const config = child(m.el, 'SnapShotConfig');
  if (!config) return undefined;
  const url = childText(config, 'UploadURL')?.trim() ?? '';
  if (!/^https?:\/\//.test(url)) return undefined;
  const count = Math.min(Math.max(Number(childText(config, 'SnapNum') ?? '1') || 1, 1), 10);
  return { url, count };
}

/** Posts the picture; answers the HTTP status (0 when the platform could not be reached). */
export async function uploadSnapshot(url: string): Promise<number> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(snapshot()),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
