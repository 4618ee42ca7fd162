import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open as openFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { LinkTargets } from './signed-links';

/**
 * Where files live: the local disk (the embedded default) or an S3-compatible bucket (`s3-storage.ts`). The keys are
 * made by the server, never taken from a request. Signed links to these files are made apart from the store
 * (`signed-links.ts`); a store with presigned URLs of its own gives its `linkTargets`.
 */
export interface FileStorage {
  save(key: string, bytes: Uint8Array): Promise<void>;
  open(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  /** The first `length` bytes and the size (to check what a file is without reading it all), or null if absent. */
  head(key: string, length: number): Promise<{ bytes: Uint8Array; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Where the browser sends and fetches this store's files itself (presigned URLs); our own `/api/files` when absent. */
  linkTargets?: LinkTargets;
  /**
   * Moves a file that came through an upload link to its key, out of reach of that link, which may still be valid.
   * Absent when uploads come through our own route, which checks them first and refuses to replace a registered file.
   */
  receiveUpload?(key: string): Promise<void>;
}

/** Files on local disk under one folder (the embedded default). */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    const path = resolve(join(root, key));
    // Defence in depth: a key must stay inside the folder.
    if (!path.startsWith(root + sep)) throw new Error(`Storage key escapes the storage folder: ${key}`);
    return path;
  };
  return {
    async save(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file, even while an upload is replaced.
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size };
      } catch {
        return null;
      }
    },
    async head(key, length) {
      const path = pathOf(key);
      let handle;
      try {
        handle = await openFile(path, 'r');
      } catch {
        return null;
      }
      try {
        const { size } = await handle.stat();
        const buffer = new Uint8Array(Math.min(length, size));
        await handle.read(buffer, 0, buffer.length, 0);
        return { bytes: buffer, size };
      } finally {
        await handle.close();
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
