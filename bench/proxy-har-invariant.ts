// `npm run bench:proxy-invariant`: what the target ran is in the HAR, at load. The built
// `doppel proxy --har` in front of doppel mock, 32 clients on kept-alive connections (reads and
// orders), stopped at a random moment by SIGINT, SIGTERM and kill -9 (one round each, up to
// --requests=N requests a round, default 20000): after SIGINT and SIGTERM the HAR's entries are the
// mock's journal one for one; after kill -9 the HAR reads back to its last whole entry and lacks
// at most the requests in flight (test/support/proxy-har-invariant.ts). Exit status 1 when a round
// breaks it. Options: --requests=N, --rounds=N (each a SIGINT, a SIGTERM and a kill -9 round).
import { proxyHarInvariant, type Stop } from '../test/support/proxy-har-invariant.js';
import { DOPPEL_BIN } from './processes.js';

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.slice(name.length + 3));
}

const requests = option('requests', 20_000);
const rounds = option('rounds', 1);
const stops: Stop[] = Array.from({ length: rounds }, () => ['SIGINT', 'SIGTERM', 'SIGKILL'] as Stop[]).flat();
const results = await proxyHarInvariant({ requests, stops, doppel: { file: process.execPath, args: [DOPPEL_BIN] } });
console.log('| stop | sent | answered | journal | HAR entries | holds |');
console.log('|---|---|---|---|---|---|');
for (const r of results) console.log(`| ${r.stop} | ${r.sent} | ${r.answered} | ${r.journal} | ${r.har}${r.cut ? ' (cut)' : ''} | ${r.broken ? `no: ${r.broken}` : 'yes'} |`);
process.exitCode = results.some((r) => r.broken) ? 1 : 0;
