// Where the script of doppel proxy's judges is (judge-worker.ts), or why there is none:
// - from the package, dist/proxy/judge-worker.js (an entry of scripts/build-bundle.mjs), beside
//   this module's chunk (dist/chunks/) or this module;
// - from the sources (TypeScript, as the tests run them; a worker thread has no TypeScript loader),
//   the worker's sources bundled by esbuild (a dev dependency, there whenever the sources run)
//   into node_modules/.cache, once per content;
// - in the single executable none: a worker cannot load the executable's embedded script, so its
//   proxy judges on the main thread (start-proxy.ts says so in one line).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { isSea } from 'node:sea';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

let bundled: Promise<URL> | undefined;

/** The worker's script, or why judges on worker threads cannot start here. */
export async function judgeWorkerUrl(): Promise<{ url: URL } | { why: string }> {
  if (isSea()) return { why: 'the single executable cannot start worker threads from its embedded script' };
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: await (bundled ??= bundleSources(new URL('./judge-worker.ts', here))) };
  for (const candidate of ['./judge-worker.js', '../proxy/judge-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return { url };
  }
  return { why: `no judge-worker.js beside ${fileURLToPath(here)}` };
}

async function bundleSources(entry: URL): Promise<URL> {
  // A module name esbuild's types need not be resolved for at build time (it is not in dist).
  const esbuild = (await import(['esbuild'].join(''))) as typeof import('esbuild');
  const built = await esbuild.build({ entryPoints: [fileURLToPath(entry)], write: false, bundle: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'silent', outdir: '.' });
  const code = (built.outputFiles[0] as { contents: Uint8Array }).contents;
  // Named after its content: the same sources are one file, whichever process or thread (test
  // runners load these sources in several at once) wrote it first, and a rename is whole or absent.
  const dir = fileURLToPath(new URL('../node_modules/.cache/doppel-judges/', entry));
  const file = `${dir}judge-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const part = `${file}.${process.pid}-${threadId}`;
    writeFileSync(part, code);
    renameSync(part, file);
  }
  return pathToFileURL(file);
}
