// Snapshot files: read one (`doppel mock --state`, `--fixtures`) and write one atomically, so a
// crash or a second signal mid-write never leaves a half-written file where a good one was.
// node:fs/promises is loaded when a file is read or written (~1 ms that a start without --state
// need not spend).
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { snapshotChunks } from './domain/snapshot/index.js';
import { createFolders } from './create-folders.js';

/** Reads and parses a snapshot file; the content is checked by createFake. */
export async function readSnapshotFile(file: string): Promise<unknown> {
  const { readFile } = await import('node:fs/promises');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read snapshot file ${file}: ${reason(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`snapshot file ${file} is not JSON: ${reason(error).replace(/\s+/g, " ")}`);
  }
}

/** The part of a file-system error a person needs (`no such file or directory`), without the path twice. */
function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const messages: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EISDIR: 'it is a directory',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    ENOTDIR: 'a part of the path is not a directory',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
  };
  return (e?.code && messages[e.code]) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Writes to a temporary file next to `file`, then renames it over `file` (atomic on one file
 * system). `snapshot` is a value, or its text in pieces (Fake.exportChunks('lines')): then a piece
 * is written per turn of the event loop, and a running server answers requests meanwhile.
 */
export async function writeSnapshotFile(file: string, snapshot: unknown): Promise<void> {
  try {
    createFolders(dirname(file));
  } catch (error) {
    throw new Error(`cannot write snapshot file ${file}: ${reason(error)}`);
  }
  const { open, rename, rm } = await import('node:fs/promises');
  const temp = `${file}.${process.pid}.tmp`;
  const chunks = isChunks(snapshot) ? snapshot : snapshotChunks(snapshot, 'lines', '', '\n');
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'w');
    for (let step = chunks.next(); step.done !== true; step = chunks.next()) await handle.write(step.value);
    await handle.close();
    handle = undefined;
    await rename(temp, file);
  } catch (error) {
    chunks.return?.();
    await handle?.close().catch(() => {});
    await rm(temp, { force: true });
    throw new Error(`cannot write snapshot file ${file}: ${reason(error)}`);
  }
}

function isChunks(value: unknown): value is Iterator<string, void, undefined> {
  return typeof value === 'object' && value !== null && typeof (value as { next?: unknown }).next === 'function';
}

/**
 * JSON with one record per line: objects are laid out with their keys, and an array of records
 * writes each record compactly on its own line, so a state of 100,000 orders stays readable,
 * diffable and small. Deterministic: the same value gives the same bytes.
 */
export function formatSnapshot(value: unknown): string {
  return [...snapshotChunks(value, 'lines', '', '\n')].join('');
}
