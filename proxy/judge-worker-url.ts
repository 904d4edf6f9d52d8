// Where the script of doppel proxy's judges is (judge-worker.ts), or why there is none:
// - from the package, dist/proxy/judge-worker.js (an entry of scripts/build-bundle.mjs), beside
//   this module's chunk (dist/chunks/) or this module;
// - from the sources (TypeScript, as the tests run them; a worker thread has no TypeScript loader),
//   the worker's sources bundled once by esbuild (a dev dependency, there whenever the sources run)
//   into node_modules/.cache;
// - in the single executable none: a worker cannot load the executable's embedded script, so its
//   proxy judges on the main thread (start-proxy.ts says so in one line).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { isSea } from 'node:sea';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
  const dir = fileURLToPath(new URL('../node_modules/.cache/doppel-judges/', entry));
  mkdirSync(dir, { recursive: true });
  const outfile = `${dir}judge-worker-${process.pid}.mjs`;
  await esbuild.build({ entryPoints: [fileURLToPath(entry)], outfile, bundle: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'silent' });
  process.once('exit', () => rmSync(outfile, { force: true }));
  return pathToFileURL(outfile);
}
