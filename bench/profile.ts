// `npm run bench:profile`: profile before optimising. Runs `doppel mock` under `node --cpu-prof`,
// puts a wrk load (autocannon when wrk is missing) on one route, stops the server gracefully so
// that node writes the .cpuprofile, and prints the functions with the most self time during the
// load (start-up and shutdown left out) and the share of each kind of code (bench/profile-summary.ts;
// `npm run bench` prints the same summary under a missed speed target).
// Options: --route=balances|prices|order (default balances: the authenticated read),
// --seconds=N (10), --connections=N (10), --top=N (15), --keep (keep the .cpuprofile and print
// its path; open it in Chrome DevTools or speedscope for the call tree).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findWrk } from './load.js';
import { profileUnderLoad, ROUTES, type Route } from './profile-under-load.js';
import { renderProfileSummary } from './profile-summary.js';

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : arg.slice(name.length + 3);
}

async function main(): Promise<void> {
  const route = option('route', 'balances') as Route;
  if (!ROUTES.includes(route)) throw new Error(`unknown --route=${route}; routes: ${ROUTES.join(', ')}`);
  const seconds = Number(option('seconds', '10'));
  const connections = Number(option('connections', '10'));
  const top = Number(option('top', '15'));
  const keepAs = process.argv.includes('--keep') ? join(tmpdir(), `doppel-${route}-${Date.now()}.cpuprofile`) : undefined;
  const p = await profileUnderLoad({ server: 'doppel' }, route, { connections, durationS: seconds, warmupS: 1 }, { generator: findWrk() !== null ? 'wrk' : 'autocannon', top, ...(keepAs ? { keepAs } : {}) });
  const out = [
    `# CPU profile: route ${route}, ${p.generator} ${connections} connections for ${seconds} s (after 1 s of warm-up)`,
    '',
    `${Math.round(p.rps)} req/s while profiled, ${p.failures} failed; load average ${p.loadAverage.join(' / ')}.`,
    '',
    ...renderProfileSummary(p.summary, top),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (keepAs) process.stderr.write(`kept ${keepAs}\n`);
}

if (process.argv[1]?.endsWith('profile.js')) await main();
