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
import { DOPPEL_BIN, ROOT, freePort, startServer, type Server } from './processes.js';

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

const PRICES = '/api/v1/prices';
const CEILING = new URL('./ceiling-server.js', import.meta.url).pathname;

const nodeBinaries = async (): Promise<NodeBinary> => (await import(pathToFileURL(join(ROOT, 'scripts', 'node-binary.mjs')).href)) as NodeBinary;

/** The pinned binary of Node `version` (fetched once into .cache/node/); throws if it cannot be had. */
export async function pinnedNode(version: string): Promise<string> {
  return join((await nodeBinaries()).ensureNode(version), 'bin', 'node');
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
    const timed = async (start: () => Promise<Server>): Promise<number> => {
      const server = await start();
      await server.stop();
      return server.startupMs;
    };
    const doppel = async (): Promise<Server> => {
      const [trading, wallet] = [await freePort(), await freePort()];
      return startServer({
        name: `doppel mock on Node ${version}`,
        command: node,
        args: [DOPPEL_BIN, 'mock', '--trading-port', String(trading), '--wallet-port', String(wallet), '--log-level', 'error'],
        env: { NODE_COMPILE_CACHE: cache },
        probeUrl: `http://127.0.0.1:${trading}${PRICES}`,
        pollMs: 1,
      });
    };
    const ceiling = async (): Promise<Server> => {
      const port = await freePort();
      return startServer({ name: `node:http on Node ${version}`, command: node, args: [CEILING], env: { PORT: String(port), CEILING_BODY: ceilingBody }, probeUrl: `http://127.0.0.1:${port}${PRICES}`, pollMs: 1 });
    };
    try {
      const row: StartupOnNode = { version, firstMs: await timed(doppel), doppelMs: [], nodeMs: [] };
      for (let i = 0; i < samples; i++) {
        for (const which of i % 2 === 0 ? (['doppel', 'node'] as const) : (['node', 'doppel'] as const)) {
          row[which === 'doppel' ? 'doppelMs' : 'nodeMs'].push(await timed(which === 'doppel' ? doppel : ceiling));
        }
      }
      out.push(row);
      log(`  start-up on Node ${version}: first ${row.firstMs!.toFixed(0)} ms, then doppel mock ${row.doppelMs.map((ms) => ms.toFixed(0)).join(', ')} ms; node:http ${row.nodeMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    } catch (error) {
      out.push({ version, doppelMs: [], nodeMs: [], error: (error instanceof Error ? error.message : String(error)).slice(0, 300) });
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }
  return out;
}
