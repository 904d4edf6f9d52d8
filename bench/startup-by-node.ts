// The start-up target on each pinned Node version (scripts/node-versions.json, the binaries the
// test matrix runs, fetched into .cache/node/ by scripts/node-binary.mjs): `doppel mock` and the
// node:http ceiling on the same binary, spawn to first answer, interleaved as in the http section.
// Each version's first doppel start is timed apart (`firstMs`): it compiles every module and writes
// V8's compile cache (module.enableCompileCache, Node 22.1 and later; kept in a folder of this run,
// NODE_COMPILE_CACHE, so that first start is a real one), and the samples that follow are what every
// later start of doppel costs. Node 20 has no compile cache: its samples compile every time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, startCeiling, startDoppelMock, type Server } from './processes.js';

export interface StartupOnNode {
  version: string;
  /** The first doppel start of this version (compiles, writes the compile cache where Node has one). */
  firstMs?: number;
  doppelMs: number[];
  nodeMs: number[];
  /** Why this version was not measured (no binary for this platform, the fetch failed, …). */
  error?: string;
}

interface NodeBinary {
  pinnedNodeVersions(): { versions: string[] };
  ensureNode(version: string): string;
}

const nodeBinaries = async (): Promise<NodeBinary> => (await import(pathToFileURL(join(ROOT, 'scripts', 'node-binary.mjs')).href)) as NodeBinary;

/** The pinned binary of Node `version` (fetched once into .cache/node/); throws if it cannot be had. */
export async function pinnedNode(version: string): Promise<string> {
  return join((await nodeBinaries()).ensureNode(version), 'bin', 'node');
}

/**
 * Start-up measured alike for both: spawn to the first answer, the two interleaved (which goes first
 * alternates) so that a burst of other work on a shared machine hits both; each sample's server is
 * stopped before the next starts.
 */
export async function interleavedStartups(samples: number, doppel: () => Promise<Server>, ceiling: () => Promise<Server>): Promise<{ doppelMs: number[]; nodeMs: number[] }> {
  const out = { doppelMs: [] as number[], nodeMs: [] as number[] };
  for (let i = 0; i < samples; i++) {
    for (const which of i % 2 === 0 ? (['doppel', 'node'] as const) : (['node', 'doppel'] as const)) {
      out[which === 'doppel' ? 'doppelMs' : 'nodeMs'].push(await timed(which === 'doppel' ? doppel : ceiling));
    }
  }
  return out;
}

async function timed(start: () => Promise<Server>): Promise<number> {
  const server = await start();
  await server.stop();
  return server.startupMs;
}

export async function startupByNode(samples: number, ceilingBody: string, log: (line: string) => void): Promise<StartupOnNode[]> {
  const out: StartupOnNode[] = [];
  for (const version of (await nodeBinaries()).pinnedNodeVersions().versions) {
    let node: string;
    try {
      node = await pinnedNode(version);
    } catch (error) {
      out.push({ version, doppelMs: [], nodeMs: [], error: (error instanceof Error ? error.message : String(error)).slice(0, 300) });
      continue;
    }
    const cache = mkdtempSync(join(tmpdir(), 'doppel-bench-compile-cache-'));
    const doppel = () => startDoppelMock(node, { name: `doppel mock on Node ${version}`, env: { NODE_COMPILE_CACHE: cache }, pollMs: 1 });
    const ceiling = () => startCeiling(node, ceilingBody, { name: `node:http on Node ${version}`, pollMs: 1 });
    try {
      const firstMs = await timed(doppel);
      const row: StartupOnNode = { version, firstMs, ...(await interleavedStartups(samples, doppel, ceiling)) };
      out.push(row);
      log(`  start-up on Node ${version}: first ${firstMs.toFixed(0)} ms, then doppel mock ${row.doppelMs.map((ms) => ms.toFixed(0)).join(', ')} ms; node:http ${row.nodeMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    } catch (error) {
      out.push({ version, doppelMs: [], nodeMs: [], error: (error instanceof Error ? error.message : String(error)).slice(0, 300) });
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }
  return out;
}
