// `npm run bench:sea` (after `npm run build:sea`): the single executable's size and its start-up,
// spawn to the first answer of GET /api/v1/prices, against `npx doppel mock` and
// `node dist/bin/doppel.js mock` in the same run, the three started in turn `-- --samples=N` times
// (default 7); medians and ratios. The goal: the executable within 1.5× of `npx doppel mock`.
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOPPEL_BIN, ROOT, freePort, startServer } from './processes.js';

const EXECUTABLE = join(ROOT, 'dist', 'sea', 'doppel-linux-x64');
const samples = Number(/^--samples=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--samples=')) ?? '')?.[1] ?? 7);
if (!existsSync(EXECUTABLE)) {
  console.error(`bench:sea: ${EXECUTABLE} is missing: npm run build:sea`);
  process.exit(2);
}
// The executable runs with nothing on PATH, as it would on a machine without Node.
const noNode = mkdtempSync(join(tmpdir(), 'doppel-bench-no-node-'));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const ways: { name: string; command: string; args: string[]; env: Record<string, string> }[] = [
  { name: 'single executable', command: EXECUTABLE, args: [], env: { PATH: noNode } },
  { name: 'npx doppel mock', command: npx, args: ['doppel'], env: {} },
  { name: 'node dist/bin/doppel.js mock', command: process.execPath, args: [DOPPEL_BIN], env: {} },
];
const times = new Map(ways.map((w) => [w.name, [] as number[]]));
for (let i = 0; i < samples; i++) {
  for (const way of ways) {
    const [trading, wallet] = [await freePort(), await freePort()];
    const server = await startServer({
      name: way.name,
      command: way.command,
      args: [...way.args, 'mock', '--trading-port', String(trading), '--wallet-port', String(wallet), '--log-level', 'error'],
      env: way.env,
      probeUrl: `http://127.0.0.1:${trading}/api/v1/prices`,
      group: true,
    });
    times.get(way.name)!.push(server.startupMs);
    await server.stop();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const npxMedian = median(times.get('npx doppel mock')!);
const seaMedian = median(times.get('single executable')!);
console.log(`bench:sea ${new Date().toISOString().slice(0, 10)}, ${samples} samples each, start-up = spawn to the first answer`);
console.log(`size: ${(statSync(EXECUTABLE).size / 1e6).toFixed(1)} MB`);
for (const way of ways) {
  const xs = times.get(way.name)!;
  console.log(`  ${way.name.padEnd(30)} median ${median(xs).toFixed(0).padStart(5)} ms  (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})  ${(median(xs) / npxMedian).toFixed(2)}× npx`);
}
const met = seaMedian <= 1.5 * npxMedian;
console.log(`goal: single executable ≤ 1.5× npx doppel mock: ${(seaMedian / npxMedian).toFixed(2)}× (${met ? 'met' : 'NOT met'})`);
process.exitCode = met ? 0 : 1;
