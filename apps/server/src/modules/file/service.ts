// Uploaded images (SPEC §5): checked by content and size, stored under DATA_DIR/files (a file each by
// database id; alarm pictures in segment files, see segments.ts), and read back only by the enterprise
// that uploaded them (architecture §4: files are found by id, never by path).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_MAX_BYTES, type UploadedFile } from '@svc/contracts';
import { Batcher } from '../../db/batcher.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { megabytes, uploadRefused } from '../../http/upload.js';
import type { Principal } from '../../http/auth.js';
import sharp from 'sharp';
import { sniffImage } from './image.js';
import { fileRepo } from './repo.js';
import { createSegmentStore } from './segments.js';

/** SPEC §9: a project icon is 32×32. */
export const ICON_SIZE = 32;
/** The largest picture (in pixels) scaled down into an icon. */
const ICON_INPUT_PIXELS = 50_000_000;

export type FileDeps = { db: Db; dataDir: string };

/** An image's type and size by its content, within the size limit (and of the `accept`ed types if given); else a 4000 error with SPEC §5's upload message. */
function checkedImage(bytes: Buffer, accept?: readonly string[]) {
  if (bytes.length > IMAGE_MAX_BYTES) throw uploadRefused('file.tooLarge', { max: megabytes(IMAGE_MAX_BYTES) });
  const image = sniffImage(bytes);
  if (!image || (accept && !accept.includes(image.mime))) throw uploadRefused('file.format');
  return image;
}

/** Ids taken from the file sequence at a time for images whose rows are inserted in batches. */
const RESERVE_BLOCK = 256;

/** Files only their own routes serve, with their own checks. */
export const ALARM_PICTURE_KIND = 'alarm-picture';
const GUARDED_KINDS = new Set([ALARM_PICTURE_KIND]);

export function createFileService({ db, dataDir }: FileDeps) {
  const root = join(dataDir, 'files');
  // Each enterprise's folder is made once.
  const made = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };
  const pathOf = (enterpriseId: number, id: number) => join(root, String(enterpriseId), String(id));

  // Ids for storePicture, taken a block at a time: one query per RESERVE_BLOCK images, not one each.
  let reserved: number[] = [];
  let reserving: Promise<void> | undefined;
  async function reserveId(): Promise<number> {
    while (reserved.length === 0) {
      reserving ??= fileRepo
        .reserveIds(db, RESERVE_BLOCK)
        .then((ids) => {
          reserved = ids.reverse();
        })
        .finally(() => {
          reserving = undefined;
        });
      await reserving;
    }
    return reserved.pop()!;
  }

  const segments = createSegmentStore(root);
  type Pending = Omit<StoredPicture, 'id' | 'size' | 'segment' | 'offset'> & { bytes: Buffer };
  // Pictures of one turn, grouped by enterprise into one append each; one enterprise's failed write
  // fails only its own pictures.
  const appends = new Batcher<Pending, PromiseSettledResult<StoredPicture>>(
    async (items) => {
      const byEnterprise = new Map<number, number[]>();
      items.forEach((p, i) => {
        const group = byEnterprise.get(p.enterpriseId);
        if (group) group.push(i);
        else byEnterprise.set(p.enterpriseId, [i]);
      });
      const out: PromiseSettledResult<StoredPicture>[] = new Array(items.length);
      const now = new Date();
      await Promise.all(
        [...byEnterprise].map(async ([enterpriseId, idx]) => {
          try {
            const ids: number[] = [];
            for (const _ of idx) ids.push(await reserveId());
            const { segment, offsets } = await segments.append(
              enterpriseId,
              idx.map((i) => items[i]!.bytes),
              now,
              ids[0]!,
            );
            idx.forEach((i, k) => {
              const { bytes, ...p } = items[i]!;
              out[i] = {
                status: 'fulfilled',
                value: { ...p, id: ids[k]!, size: bytes.length, segment, offset: offsets[k]! },
              };
            });
          } catch (reason) {
            for (const i of idx) out[i] = { status: 'rejected', reason };
          }
        }),
      );
      return out;
    },
    500,
    2,
  );

  return {
    /** Closes the picture segments open for appending. */
    close: () => segments.close(),

    saveImage(caller: Principal, kind: string, bytes: Buffer): Promise<UploadedFile> {
      return this.storeImage({ enterpriseId: caller.enterpriseId, userId: caller.userId }, kind, bytes);
    },

    /** Checks an image by content and size and stores it for an enterprise; userId null = a device sent it. */
    async storeImage(
      owner: { enterpriseId: number; userId: number | null },
      kind: string,
      bytes: Buffer,
    ): Promise<UploadedFile> {
      const image = checkedImage(bytes);
      const id = await fileRepo.insert(db, {
        enterpriseId: owner.enterpriseId,
        kind,
        mime: image.mime,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        width: image.width,
        height: image.height,
        createdBy: owner.userId,
      });
      try {
        const target = pathOf(owner.enterpriseId, id);
        await ensureDir(join(root, String(owner.enterpriseId)));
        // Write then rename: a reader never sees half a file.
        await writeFile(`${target}.part`, bytes);
        await rename(`${target}.part`, target);
      } catch (err) {
        await fileRepo.delete(db, id);
        throw err;
      }
      return {
        id,
        url: `/api/file/${id}`,
        mime: image.mime,
        size: bytes.length,
        width: image.width,
        height: image.height,
      };
    },

    /**
     * Checks a picture by content and size and appends it to its enterprise's segment under a
     * reserved id, for a caller that inserts the rows of many pictures in one statement
     * (alarmRepo.attachPictures). Pictures stored in the same turn share one write per enterprise.
     * Until its row exists no reader can name the picture; if none ever does (a refused second
     * upload), its bytes stay in the segment unnamed, and go with the segment.
     */
    async storePicture(enterpriseId: number, bytes: Buffer, accept?: readonly string[]): Promise<StoredPicture> {
      const image = checkedImage(bytes, accept);
      const outcome = await appends.add({
        enterpriseId,
        bytes,
        mime: image.mime,
        width: image.width,
        height: image.height,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
    },

    /** Checks an uploaded image, then stores it scaled into a 32×32 PNG icon (transparent margins keep its shape). */
    async saveIcon(caller: Principal, bytes: Buffer): Promise<UploadedFile> {
      const image = checkedImage(bytes);
      // A small file can declare a huge canvas; sharp would refuse it as if it were no image at all.
      if (image.width * image.height > ICON_INPUT_PIXELS)
        throw uploadRefused('file.pixels', { max: ICON_INPUT_PIXELS / 1_000_000 });
      const icon = await sharp(bytes, { limitInputPixels: ICON_INPUT_PIXELS, animated: false })
        .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer()
        .catch(() => {
          // Right header, broken body: not an image after all.
          throw uploadRefused('file.format');
        });
      return this.saveImage(caller, 'project-logo', icon);
    },

    /**
     * The file's bytes and type, if it belongs to the caller's enterprise. Kinds with their own
     * authorised route (alarm pictures: the alarm's project scope) are read only through it.
     */
    async read(caller: Principal, id: number, kind?: string): Promise<{ mime: string; bytes: Buffer }> {
      const row = await fileRepo.get(db, caller.enterpriseId, id);
      if (!row || (kind === undefined ? GUARDED_KINDS.has(row.kind) : row.kind !== kind)) throw new AppError(404);
      const bytes =
        row.segment === null
          ? await readFile(pathOf(row.enterprise_id, id))
          : await segments.read(row.enterprise_id, row.segment, Number(row.segment_offset), row.size);
      return { mime: row.mime, bytes };
    },

    /** Whether an id names an image of the caller's enterprise (for fields such as logoFileId). */
    async isOwnImage(caller: Principal, id: number): Promise<boolean> {
      const row = await fileRepo.get(db, caller.enterpriseId, id);
      return row !== undefined && row.mime.startsWith('image/');
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;

/** A picture written to a segment under a reserved id, its row not inserted yet. */
export interface StoredPicture {
  id: number;
  enterpriseId: number;
  mime: string;
  size: number;
  sha256: string;
  width: number;
  height: number;
  segment: string;
  offset: number;
}
