/**
 * Prize illustrations on disk: `<KERMESSE_DATA_DIR>/uploads/prizes/<random>.<ext>` (with hosting
 * `…/prizes/<association id>/<random>.<ext>`), names chosen by
 * the service (never by the client). Demo illustrations ship with the service (`demo-images/`) and
 * are named `demo-*`.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { associationFolder } from '@kermesse/kit/tenancy';
import { CONTENT_TYPES, type ImageType } from './imageType.ts';

export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../demo-images/', import.meta.url));

/** Upload limit of one illustration. */
export const MAX_ILLUSTRATION_BYTES = 2 * 1024 * 1024;

const STORED_NAME = /^(?:[0-9a-f]{32}|demo-[a-z0-9-]{1,40})\.(png|jpg|gif|webp)$/;

export interface IllustrationStore {
  dir: string;
  /** The current association's folder (hosting: `<dir>/<association id>`). */
  folder(): string;
  /** Writes a new file and returns its name. */
  save(bytes: Buffer, type: ImageType): Promise<string>;
  /** Removes a previous upload (demo files are never removed). */
  remove(name: string): Promise<void>;
  /** Opens a stored or demo illustration; undefined when the name is unknown or malformed. */
  open(name: string): Promise<{ stream: ReadStream; size: number; contentType: string } | undefined>;
}

export function createIllustrationStore(base: string): IllustrationStore {
  return {
    dir: base,
    folder: () => associationFolder(base),
    async save(bytes, type) {
      // Hosting: each association's illustrations in its own folder (docs/hosting-portability.md).
      const dir = associationFolder(base);
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
      // Written under a temporary name first so a half-written file is never served.
      const temporary = path.join(dir, `.${name}.part`);
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, path.join(dir, name));
      return name;
    },
    async remove(name) {
      if (!STORED_NAME.test(name) || name.startsWith('demo-')) return;
      await rm(path.join(associationFolder(base), name), { force: true });
    },
    async open(name) {
      const match = STORED_NAME.exec(name);
      if (!match) return undefined;
      const file = path.join(name.startsWith('demo-') ? DEMO_IMAGES_DIR : associationFolder(base), name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(file), size: info.size, contentType: CONTENT_TYPES[match[1]!]! };
    },
  };
}
