import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';

/** Where files live. The keys are made by the server, never taken from a request. */
export interface FileStorage {
  save(key: string, bytes: Uint8Array): Promise<void>;
  open(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  remove(key: string): Promise<void>;
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
      await writeFile(path, bytes);
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
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
