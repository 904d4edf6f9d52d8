// The bench report as Markdown (printed, and written to bench/RESULTS.md), with each target met or not.
import type { CheckRun } from './check-runs.js';
import { WRK_CONNECTIONS, type HttpSection, type LoadRow } from './http-section.js';
import type { InProcessResult } from './in-process.js';
import type { RefereeResult } from './referee.js';
import type { ScaleResult } from './scale.js';
import { renderSoak, soakTargets, type SoakResult } from './soak.js';
import { longLivedTargets, type LongLivedResult } from './long-lived.js';
import type { Upload413Result } from './upload-413.js';
import type { JournalParts, StubFeaturesResult } from './stub-features.js';
import { renderSizing, type SizingResult } from './sizing.js';
import { proxyTargets, renderProxyOverhead, type ProxyOverheadResult } from './proxy-overhead.js';
import { proxyProductionTargets, renderProxyProduction, type ProxyProductionResult } from './proxy-production.js';
import type { HttpCauses } from './speed-causes.js';
import { FAKE_FETCH_GOAL_US, JOURNAL_GOAL_PCT, STARTUP_GOAL, STARTUP_JUDGED_FROM_MAJOR, THROUGHPUT_GOALS, sameRoundRatios, startupByNodeMet, throughputRatio } from './speed-goals.js';
import { KIND, renderProfileSummary } from './profile-summary.js';
import type { LoadProfile } from './profile-under-load.js';
import { median } from '../test/support/percentile.js';

export interface BenchReport {
  date: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; os: string; loadAverageAtStart: number[] };
  quick: boolean;
  http?: HttpSection;
  /** For each HTTP speed target this run missed: CPU profiles under the same load (bench/speed-causes.ts). */
  httpCauses?: HttpCauses;
  inProcess?: InProcessResult;
  scale?: ScaleResult;
  check?: CheckRun;
  referee?: RefereeResult;
  upload413?: Upload413Result;
  soak?: SoakResult;
  /** The request journal's cost per request, heap per journal entry and per namespace. */
  stub?: StubFeaturesResult;
  /** A long-lived shared stub: requests during a large export, a 10,000-wallet listing (bench/long-lived.ts). */
  longLived?: LongLivedResult;
  sizing?: SizingResult;
  doppelProxy?: ProxyOverheadResult;
  proxyProduction?: ProxyProductionResult;
  totalS?: number;
  /** Sections that failed, with their error. */
  errors?: { section: string; message: string }[];
}

interface Target {
  name: string;
  goal: string;
  value: string;
  /** A string is shown as is: "pending fake.fetch", "measured". */
  met: boolean | undefined | string;
  /** Missed: the measured cause, Markdown lines (printed under the table). */
  cause?: string[];
}

const f0 = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const f1 = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
const f2 = (n: number): string => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const pct = (n: number): string => (Number.isFinite(n) ? `${(n * 100).toFixed(0)}%` : 'n/a');

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function find(http: HttpSection, server: LoadRow['server'], operation: string): LoadRow | undefined {
  return http.loads.find((l) => l.server === server && l.operation.startsWith(operation));
}

export function renderReport(r: BenchReport): string {
  const out: string[] = [];
  // The first goals (throughput, scale, Prism, conformance); the later speed and memory ones apart.
  const targets: Target[] = [];
  const speedAndMemory = speedTargets(r);
  out.push('# doppel benchmarks');
  out.push('');
  out.push(`Written by \`npm run bench\`${r.quick ? ' (--quick: short loads, smaller state; not the reference figures)' : ''}. Latest run: ${r.date}.`);
  out.push('');
  out.push(
    'Run `npm run bench` (about 25 minutes, 10 of them the soak: it compiles `bench/` with `bench/tsconfig.json` into `dist/bench-build/` and runs `dist/bench-build/bench/run.js`); ' +
      '`npm run bench -- --quick` for short loads, a 100,000-order state and a 20-s soak, `--only=http,inprocess,scale,stall,upload413,soak,check,proxy,prism-mock,stub,sizing,doppel-proxy` for some sections, `--soak-seconds=N` (these print without writing this file unless `--write`). ' +
      'Needs what `npm ci` installs (autocannon, @stoplight/prism-cli) and wrk for the wrk columns and targets (`apt-get install -y wrk`; without it they read "not measured"). The load clients and the servers are separate processes. Everything binds to 127.0.0.1 and every process started is stopped.',
  );
  out.push('');
  out.push(
    `Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${f1(r.machine.memoryGiB)} GiB, Node ${r.machine.node}, ${r.machine.os}; ` +
      `load average at start ${r.machine.loadAverageAtStart.join(' / ')} (a shared machine: other jobs run alongside, so compare the ratios of one run rather than absolute figures across runs).`,
  );

  if (r.http) {
    const h = r.http;
    const s = h.settings;
    out.push('', '## HTTP: the node:http ceiling, doppel, Prism', '');
    out.push(
      `Load generator: autocannon ${s.connections} connections, pipelining 1, loopback, one target at a time: one ${s.warmupS}-s warm-up load of each server, then ${h.rounds} round${h.rounds === 1 ? '' : 's'} of ${s.durationS}-s loads round-robin over the ceilings and doppel's targets, every other round backwards (a ceiling's load next to its doppel loads, before them in one round and after them in the next), Prism in the first round only` +
        (h.wrk ? `; every autocannon round first, then every wrk round (wrk -t1 -c${WRK_CONNECTIONS}, the same loads; only where a wrk column is filled)` : '; wrk was not installed, so there is no cross-check column') +
        `. Each target's best round is shown (all rounds' req/s in the "rounds" column); "of ceiling" and the speed targets take the median of the rounds' ratios, the machine's speed drifting between rounds by more than the servers differ; ` +
        `latency percentiles from autocannon's per-response hrtime durations (its own histogram keeps whole ms). ` +
        `Each server is a separate process (the CLI \`doppel mock --log-level error\`, one for the reads and one for the spot orders, whose hundreds of thousands of orders would otherwise weigh on every later read round; \`prism mock -v error\`; a node:http server answering a constant ${h.ceilingBodyBytes}-byte JSON, the size of doppel's balances answer); ` +
        (h.pinned !== null
          ? `the servers run on core ${h.pinned.serverCpu} and the generators (autocannon in the bench process, wrk) on core ${h.pinned.clientCpu} (taskset), started after the start-up samples, right before their loads.`
          : `the generator runs in the bench process (unpinned: taskset was not found), so with 2 cores each side has one.`),
    );
    out.push('');
    const getCeiling = find(h, 'node:http', 'constant JSON');
    const ceilingAc = getCeiling?.autocannon.rps ?? Number.NaN;
    // POST rows are set against the POST ceiling when the run has one (same body and headers).
    const postCeiling = find(h, 'node:http', 'constant JSON, POST');
    const ceilingOf = (l: LoadRow): LoadRow | undefined => (l.operation.includes('POST') && postCeiling !== undefined ? postCeiling : getCeiling);
    // The median of the same rounds' ratios where the row ran every round (as the speed targets);
    // Prism, loaded in the first round only, against the ceiling's best round.
    const ofCeiling = (l: LoadRow): number => {
      const ceiling = ceilingOf(l);
      const ratios = sameRoundRatios(l.autocannonRounds, ceiling?.autocannonRounds);
      return ratios.length > 0 ? median(ratios) : l.autocannon.rps / (ceiling?.autocannon.rps ?? Number.NaN);
    };
    out.push(
      table(
        ['server', 'operation', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'of ceiling', 'rounds req/s', 'wrk req/s', 'wrk p50 ms', 'wrk p99 ms'],
        h.loads.map((l) => [
          l.server,
          l.operation,
          f0(l.autocannon.rps),
          f2(l.autocannon.p50Ms),
          f2(l.autocannon.p99Ms),
          String(l.autocannon.failures),
          pct(ofCeiling(l)),
          l.autocannonRounds.map(f0).join(' / '),
          l.wrk ? f0(l.wrk.rps) : '',
          l.wrk ? f2(l.wrk.p50Ms) : '',
          l.wrk ? f2(l.wrk.p99Ms) : '',
        ]),
      ),
    );
    out.push('', `"of ceiling" (autocannon) is the median of the rounds' ratios to the ceiling's load of the same round (POST rows to the POST ceiling's); Prism's, loaded in one round, is against the ceiling's best round (${f0(ceilingAc)} req/s).`);
    out.push('');
    out.push(
      table(
        ['server', 'startup to first answer ms (best)', 'samples ms', 'RSS idle MiB', 'RSS after the loads MiB'],
        h.servers.map((sv) => [sv.server, f0(sv.startupMs), sv.startupSamplesMs.map(f0).join(' / '), f0(sv.rssIdleMiB), f0(sv.rssAfterLoadMiB)]),
      ),
    );
    out.push('', 'Start-up: spawn to the first answer of a GET, polled every 1 ms, doppel mock and node:http measured alike and interleaved (which starts first alternates), each sample stopped before the next; Prism apart (polled every 5 ms).');
    const doppel = find(h, 'doppel', 'GET balances');
    const prism = find(h, 'prism', 'GET balances');
    if (doppel) {
      // The ratios to the ceiling and the start-up are speed targets (speedTargets); Prism stays here.
      if (prism) {
        const times = doppel.autocannon.rps / prism.autocannon.rps;
        const w = doppel.wrk && prism.wrk ? doppel.wrk.rps / prism.wrk.rps : undefined;
        targets.push({
          name: 'auth read vs Prism (autocannon and wrk)',
          goal: '≥ 5×',
          value: `${f1(times)}× (autocannon)${w !== undefined ? `, ${f1(w)}× (wrk)` : ', wrk not measured'}`,
          met: times >= 5 && (w === undefined || w >= 5),
        });
      }
      const failed = h.loads.filter((l) => l.autocannon.failures > 0 || (l.wrk?.failures ?? 0) > 0);
      targets.push({ name: 'every load answered 2xx', goal: '0 failed', value: failed.length === 0 ? '0 failed' : failed.map((l) => `${l.server} ${l.operation}`).join('; '), met: failed.length === 0 });
    }
  }

  if (r.inProcess) {
    const p = r.inProcess;
    out.push('', '## In-process (msw) cost per request', '');
    out.push(
      'GET /api/v1/account/balances of the demo key, sequentially, in one Node process (`bench/in-process.ts`): App.handle plus JSON.stringify (the fake\'s own work); ' +
        'global fetch through msw `setupServer(...createHandlers(fake))`; global fetch over loopback HTTP to `startMock` in the same process.',
    );
    out.push('');
    out.push(
      table(
        ['path', 'requests', 'mean µs', 'p50 µs', 'p99 µs'],
        [
          ['App.handle (direct)', p.direct],
          ...(p.fakeFetch && 'meanUs' in p.fakeFetch ? [['fake.fetch', p.fakeFetch]] : []),
          ['fetch through msw', p.msw],
          ['fetch over loopback HTTP', p.loopbackFetch],
        ].map(([name, m]) => {
          const x = m as InProcessResult['direct'];
          return [name as string, f0(x.requests), f1(x.meanUs), f1(x.p50Us), f1(x.p99Us)];
        }),
      ),
    );
    out.push('', `msw adds ${f0(p.msw.p50Us - p.direct.p50Us)} µs at the median over calling the fake directly. Startup in-process: importing \`mock/index.js\` ${f0(p.importMs)} ms, \`createFake()\` ${f0(p.createFakeMs)} ms, \`startMock()\` to its first answer ${f0(p.startMockToFirstAnswerMs)} ms.`);
  }

  if (r.scale) {
    const s = r.scale;
    out.push('', '## Scale', '');
    out.push(
      `${f0(s.orders)} orders (${f0(s.callerOrders.big)} of the queried account: filled, open and cancelled spot orders; the rest spread over 9 other accounts) and ${f0(s.transactions)} transactions ` +
        `(${f0(s.walletTransactions.big)} in the queried wallet), built through App.handle and the wallet model in ${f1(s.buildMs / 1000)} s. ` +
        `Small state: ${f0(s.callerOrders.small)} orders of the account, ${f0(s.walletTransactions.small)} transactions in the wallet. ` +
        `Latency is App.handle plus JSON.stringify of the answer, sequential, in one process (\`bench/scale.ts\`). RSS ${f0(s.rssSmallMiB)} MiB small, ${f0(s.rssBigMiB)} MiB big (heap used ${f0(s.heapBigMiB)} MiB).`,
    );
    out.push('');
    out.push(
      table(
        ['request', 'rows', 'small p50 µs', 'big p50 µs', 'big / small', 'small p99 µs', 'big p99 µs'],
        s.queries.map((q) => [q.name, String(q.rows), f1(q.smallP50Us), f1(q.bigP50Us), `${f2(q.ratio)}×`, f1(q.smallP99Us), f1(q.bigP99Us)]),
      ),
    );
  }

  if (r.check) {
    const c = r.check;
    out.push('', '## Conformance speed', '');
    out.push(
      `\`doppel check\` (no options: the embedded fake, default runs) as a child process: exit ${c.exitCode}, ${f1(c.wallMs / 1000)} s wall (spawn to exit; the report says ${f1(c.reportMs / 1000)} s), ` +
        `checks ${Object.entries(c.checks).map(([k, v]) => `${v} ${k}`).join(', ') || 'n/a'}; ${f0(c.evaluations)} check evaluations (${f0(c.evaluations / (c.wallMs / 1000))}/s), ` +
        `${f0(c.requests)} requests (${f0(c.requests / (c.wallMs / 1000))}/s).`,
    );
    if (c.failures.length > 0) out.push('', `Failures: ${c.failures.map((x) => `${x.checkId} (${x.operationId ?? '-'}): ${x.message}`).join('; ').slice(0, 1500)}`);
    targets.push({ name: '`doppel check` default run', goal: '< 60 s', value: `${f1(c.wallMs / 1000)} s, exit ${c.exitCode}`, met: c.wallMs < 60_000 && c.exitCode === 0 });
  }
  const proxyGoals = [...(r.doppelProxy ? proxyTargets(r.doppelProxy) : []), ...(r.proxyProduction ? proxyProductionTargets(r.proxyProduction) : [])];

  if (r.referee) {
    const ref = r.referee;
    out.push('', '## Prism as an outside referee', '');
    out.push(
      '`doppel check --allow-writes` (seed 1, both interfaces, demo keys) through `prism proxy spec/<name>.openapi.yaml <fake URL>` for each interface. ' +
        'A recorder between the checker and Prism counts what Prism did with each request: forwarded and its answer validated against the spec by Prism, ' +
        'forwarded and found in violation (Prism\'s 500 VIOLATIONS under --errors), or answered by Prism itself without forwarding (requests that break the spec on purpose, the checker\'s negative cases; ' +
        'Prism answers those 422, or 401 for a missing key). Admin API calls (`/__doppel/`, outside the spec) go straight to the fake. The checker\'s own verdict through the proxy is not the point: where Prism answers in the fake\'s place it sees Prism\'s statuses.',
    );
    out.push('');
    out.push(
      table(
        ['prism proxy flags', 'interface', 'requests', 'validated', 'violations', 'warnings', 'answered by Prism', 'admin'],
        ref.proxy.flatMap((p) =>
          p.tallies.map((t) => [
            `\`${t.flags}\``,
            t.iface,
            f0(t.requests),
            f0(t.validated),
            f0(t.responseViolations),
            f0(t.responseWarnings),
            Object.entries(t.answeredByPrism).map(([k, v]) => `${k}: ${v}`).join(', ') || '0',
            f0(t.admin),
          ]),
        ),
      ),
    );
    const examples = ref.proxy.flatMap((p) => p.tallies.flatMap((t) => t.examples.map((e) => `${t.iface} ${e.method} ${e.path}: ${e.detail}`)));
    if (examples.length > 0) out.push('', 'Examples:', '', ...examples.slice(0, 10).map((e) => `- ${e.replace(/\|/g, '\\|')}`));
    out.push('', `The checker through the proxy: ${ref.proxy.map((p) => `\`${p.flags}\` exit ${p.check.exitCode} after ${f1(p.check.wallMs / 1000)} s, ${p.check.requests} requests`).join('; ')}.`);
    const violations = ref.proxy.reduce((sum, p) => sum + p.tallies.reduce((s, t) => s + t.responseViolations, 0), 0);
    const validated = ref.proxy.reduce((sum, p) => sum + p.tallies.reduce((s, t) => s + t.validated, 0), 0);
    if (ref.proxy.length > 0) targets.push({ name: 'Prism proxy: violations in the fake\'s answers', goal: '0', value: `${violations} in ${f0(validated + violations)} forwarded answers`, met: violations === 0 && validated > 0 });

    const mock = ref.mock;
    if (mock) {
      const m = mock.check;
      out.push('', `\`doppel check\` (read-only: no --allow-writes; seed 1) against \`prism mock\` of both specs (Prism started in ${Object.entries(mock.prismStartupMs).map(([k, v]) => `${k} ${f0(v)} ms`).join(', ')}): ` +
        `exit ${m.exitCode} after ${f1(m.wallMs / 1000)} s; checks ${Object.entries(m.checks).map(([k, v]) => `${v} ${k}`).join(', ') || 'n/a'}; ${f0(m.requests)} requests; ${m.failures.length} failures, ${m.observations} observations.`);
      if (m.failures.length > 0) {
        // One line per failed check: its operations and one message.
        const byCheck = new Map<string, { ops: string[]; message: string }>();
        for (const x of m.failures) {
          const entry = byCheck.get(x.checkId) ?? { ops: [], message: x.message };
          entry.ops.push(x.operationId ?? '-');
          byCheck.set(x.checkId, entry);
        }
        out.push('', 'Failed checks:', '', ...[...byCheck].map(([id, e]) => `- \`${id}\` on ${e.ops.length} operation${e.ops.length === 1 ? '' : 's'} (${e.ops.join(', ')}), e.g. ${e.message.replace(/\s+/g, ' ').slice(0, 240)}`));
      }
      if (m.exitCode !== 0 && m.exitCode !== 1) out.push('', '```', m.tail.slice(-1500), '```');
      const st = mock.stateless;
      out.push(
        '',
        `The stateless run: \`runConformance\` (what \`doppel check\` runs), read-only, seed 1, against the same Prism mocks, with every check except the ${Object.keys(mock.excluded).length} that need a server which knows its own data: ` +
          `exit ${st.exitCode} after ${f1(st.durationMs / 1000)} s; checks ${Object.entries(st.checks).map(([k, v]) => `${v} ${k}`).join(', ')}; ${f0(st.requests)} requests; ${st.failures.length} failures.`,
      );
      if (st.failures.length > 0) out.push('', ...st.failures.slice(0, 15).map((x) => `- \`${x.checkId}\` (${x.operationId ?? '-'}): ${x.message.replace(/\s+/g, ' ').slice(0, 240)}`));
      out.push('', 'Left out, and why:', '', ...Object.entries(mock.excluded).map(([id, why]) => `- \`${id}\`: ${why}`));
      targets.push({ name: 'stateless checks against `prism mock`', goal: 'pass', value: `exit ${st.exitCode}, ${st.failures.length} failures`, met: st.exitCode === 0 });
      const outside = [...new Set(m.failures.map((x) => x.checkId))].filter((id) => !(id in mock.excluded));
      const onUnknownPaths = m.failures.filter((x) => outside.includes(x.checkId)).every((x) => x.operationId === null);
      const where =
        outside.length === 0
          ? 'all in checks left out above'
          : `outside the left-out checks: ${outside.join(', ')}${onUnknownPaths ? ' (only on the probes of paths outside the spec, which Prism answers with its own problem+json)' : ''}`;
      targets.push({ name: 'every check (read-only CLI) against `prism mock`', goal: 'for information', value: `exit ${m.exitCode}, ${m.failures.length} failures, ${where}`, met: undefined });
    }
  }

  if (r.upload413) {
    const u = r.upload413;
    out.push('', '## Oversized uploads (413)', '');
    out.push(
      `${u.uploads} uploads of 2 MB and 20 MB to every POST operation of both interfaces in turn (Content-Length and chunked; a raw socket that writes everything before reading, node:http, fetch) ` +
        `against the fake in a child process: ${u.got413} got the 413 envelope.`,
    );
    if (u.wrong.length > 0) out.push('', ...u.wrong.map((w) => `- ${w}`));
  }

  if (r.soak) {
    out.push('', '## Soak', '', ...renderSoak(r.soak));
  }

  if (r.stub) out.push('', renderStubFeatures(r.stub));
  if (r.sizing) out.push('', renderSizing(r.sizing));
  if (r.doppelProxy) out.push('', renderProxyOverhead(r.doppelProxy));
  if (r.proxyProduction) out.push('', renderProxyProduction(r.proxyProduction));
  if (r.errors && r.errors.length > 0) {
    out.push('', '## Sections that failed', '', ...r.errors.map((e) => `- ${e.section}: ${e.message.replace(/\s+/g, ' ').slice(0, 500)}`));
  }
  const metText = (met: Target['met']): string => (typeof met === 'string' ? met : met === undefined ? 'n/a' : met ? 'yes' : '**no**');
  if (speedAndMemory.length > 0) {
    out.push('', '## Targets: speed and memory', '');
    out.push(table(['target', 'goal', 'this run', 'met'], speedAndMemory.map((t) => [t.name, t.goal, t.value, metText(t.met)])));
    const missed = speedAndMemory.filter((t) => t.met === false && t.cause !== undefined);
    if (missed.length > 0) {
      out.push('', '### Causes of the missed targets (measured)');
      for (const t of missed) out.push('', `**${t.name}**`, '', ...t.cause!);
    }
  }
  if (proxyGoals.length > 0) {
    out.push('', '## Targets: doppel proxy', '');
    out.push(table(['target', 'goal', 'this run', 'met'], proxyGoals.map((t) => [t.name, t.goal, t.value, metText(t.met)])));
  }
  if (targets.length > 0) {
    out.push('', '## Targets: the first goals (Prism, every load answered, conformance)', '');
    out.push(table(['target', 'goal', 'this run', 'met'], targets.map((t) => [t.name, t.goal, t.value, metText(t.met)])));
  }
  if (r.totalS !== undefined) out.push('', `The whole bench took ${f0(r.totalS)} s.`);
  out.push('');
  return out.join('\n');
}

/** The speed and memory targets, each from the sections of this run that measure it (missing → not measured). */
export function speedTargets(r: BenchReport): Target[] {
  const targets: Target[] = [];
  const notMeasured = (name: string, goal: string, section: string): void => void targets.push({ name, goal, value: `not measured (section ${section} not run)`, met: undefined });
  const h = r.http;
  const causes = r.httpCauses;
  if (h) {
    const start = h.servers.find((sv) => sv.server === 'doppel');
    const bare = h.servers.find((sv) => sv.server === 'node:http');
    const here = start && bare ? `on this machine's Node ${r.machine.node}: ${f0(start.startupMs)} ms, ${f2(start.startupMs / bare.startupMs)}× node:http's ${f0(bare.startupMs)} ms (best of ${start.startupSamplesMs.length} interleaved; medians ${f0(median(start.startupSamplesMs))} and ${f0(median(bare.startupSamplesMs))} ms)` : undefined;
    const { verdicts, met } = startupByNodeMet(h.startupByNode);
    const value = verdicts.map((v) =>
      v.doppelMs === undefined
        ? `Node ${v.version}: not measured (${v.error})`
        : `Node ${v.version}${v.judged ? '' : ' (not judged)'}: ${f0(v.doppelMs)} ms, ${f2(v.doppelMs / v.nodeMs!)}× node:http's ${f0(v.nodeMs!)} ms${v.firstMs !== undefined ? `; first start ${f0(v.firstMs)} ms` : ''}`,
    );
    targets.push({
      name: `start-up: \`doppel mock\` spawn to first answer vs node:http on the same Node, measured alike (best sample of each after doppel's first start), on the Node versions users run (${STARTUP_JUDGED_FROM_MAJOR} and later)`,
      goal: `≤ ${STARTUP_GOAL.times}× node:http's and ≤ ${STARTUP_GOAL.ms} ms`,
      value: [...value, ...(here ? [here] : [])].join('; '),
      met,
      ...(met === false ? { cause: startupCause(causes, verdicts.filter((v) => v.judged && v.met === false).map((v) => v.version)) } : {}),
    });
    for (const goal of THROUGHPUT_GOALS) {
      const { pairs, missing, met } = throughputRatio(h.loads, goal);
      const value = [
        ...pairs.map(
          (x) =>
            `${x.generator} ${pct(x.ratio)} (${x.roundRatios.length > 0 ? `median of the rounds' ${x.roundRatios.map(pct).join(' / ')}; ` : ''}best rounds ${f0(x.rps)} of ${f0(x.ceilingRps)} req/s${goal.ceiling === 'POST' ? ', POST ceiling' : ''}, ${pct(x.bestRatio)})`,
        ),
        ...missing.map((g) => `${g} not measured${g === 'wrk' ? ' (wrk not installed)' : ''}`),
      ].join('; ');
      targets.push({
        name: `${goal.name} vs the node:http ceiling, wrk -t1 -c${WRK_CONNECTIONS} and autocannon`,
        goal: `≥ ${pct(goal.goal)} with each`,
        value,
        met,
        ...(met === false ? { cause: throughputCause(causes, goal.route) } : {}),
      });
    }
  } else {
    notMeasured('start-up and throughput vs the node:http ceiling', `≤ ${STARTUP_GOAL.times}× node:http; ${THROUGHPUT_GOALS.map((g) => `≥ ${pct(g.goal)}`).join(' / ')} of the ceiling`, 'http');
  }
  const stub = r.stub;
  if (stub) {
    const worst = Math.max(...stub.http.flatMap((row) => [row.costPct, row.derivedCostPct ?? Number.NEGATIVE_INFINITY]));
    const met = worst <= JOURNAL_GOAL_PCT;
    targets.push({
      name: 'request journal: cost in HTTP throughput, on (10,000 entries) vs `--journal-size 0` in the same run',
      goal: `≤ ${JOURNAL_GOAL_PCT} %`,
      value: stub.http.map((row) => `${row.target} ${f1(row.costPct)} % (${costInterval(row)}derived ${f1(row.derivedCostPct ?? Number.NaN)} %)`).join('; '),
      met,
      ...(met ? {} : { cause: journalCause(stub) }),
    });
  } else {
    notMeasured('request journal: cost in HTTP throughput', `≤ ${JOURNAL_GOAL_PCT} %`, 'stub');
  }
  const p = r.inProcess;
  const fetchName = 'in-process: fake.fetch per authenticated read (mean)';
  const fetchGoal = `≤ ${FAKE_FETCH_GOAL_US} µs`;
  if (p) {
    const f = p.fakeFetch;
    if (f === null || f === undefined) {
      targets.push({ name: fetchName, goal: fetchGoal, value: `fake.fetch does not exist yet; App.handle + JSON.stringify (the fake's own work) ${f1(p.direct.meanUs)} µs mean`, met: 'pending fake.fetch' });
    } else if ('error' in f) {
      targets.push({ name: fetchName, goal: fetchGoal, value: `failed: ${f.error.slice(0, 200)}`, met: false, cause: ['Cause not measured: the run failed before it could be profiled.'] });
    } else {
      const met = f.meanUs <= FAKE_FETCH_GOAL_US;
      targets.push({
        name: fetchName,
        goal: fetchGoal,
        value: `${f1(f.meanUs)} µs (p50 ${f1(f.p50Us)}, p99 ${f1(f.p99Us)}; App.handle + JSON.stringify ${f1(p.direct.meanUs)} µs)`,
        met,
        ...(met ? {} : { cause: fakeFetchCause(p) }),
      });
    }
    targets.push({ name: 'in-process: fetch through msw per authenticated read', goal: 'measured', value: `${f1(p.msw.meanUs)} µs mean (p50 ${f1(p.msw.p50Us)}, p99 ${f1(p.msw.p99Us)})`, met: 'measured' });
  } else {
    notMeasured('in-process: fake.fetch and msw', `${fetchGoal}; measured`, 'inprocess');
  }
  const u = r.upload413;
  if (u) {
    targets.push({ name: '413 always arrives (2 MB and 20 MB to every POST operation)', goal: 'every upload (100 of 100)', value: `${u.got413} of ${u.uploads}`, met: u.got413 === u.uploads && u.uploads >= 100 ? true : u.got413 === u.uploads ? 'yes, but fewer than 100 uploads' : false });
  } else {
    notMeasured('413 always arrives', '100 of 100', 'upload413');
  }
  if (r.scale) {
    const worst = Math.max(...r.scale.queries.map((q) => q.ratio));
    targets.push({ name: `no regression: listings with ${f0(r.scale.orders)} orders vs small state`, goal: '≤ 2× small-state p50', value: `worst ${f2(worst)}×`, met: worst <= 2 });
  } else {
    notMeasured('no regression: 1M-order listing', '≤ 2× small state', 'scale');
  }
  if (r.longLived) targets.push(...longLivedTargets(r.longLived));
  else notMeasured('no stalls behind admin work (export, import, namespace drop, reset, the GC after a drop) with a 200,000-order state; a 10,000-wallet listing', '≤ 50 ms; ≤ 5 ms', 'stall');
  const s = r.soak;
  if (s) {
    targets.push(...soakTargets(s));
  } else {
    notMeasured('soak: p99.9, answers over 1 s, RSS after reset', '≤ 250 ms, none, ≤ 2× start-up', 'soak');
  }
  return targets;
}

const us = (n: number): string => (Number.isFinite(n) ? (Math.abs(n) < 10 ? n.toFixed(2) : n.toFixed(1)) : 'n/a');
const signed = (n: number, unit: string): string => `${n >= 0 ? '+' : '−'}${us(Math.abs(n))} ${unit}`;
const loadText = (average: number[]): string => average.map((n) => n.toFixed(2)).join(' / ');
const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** µs of sampled time per answer, by kind, idle left out (waiting is not work). */
function perAnswerByKind(p: LoadProfile): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of p.summary.kinds) if (k.kind !== KIND.idle) out.set(k.kind, (k.ms * 1000) / p.requests);
  return out;
}

/** A missed throughput target: doppel's and the ceiling's time per answer by kind, and doppel's top functions. */
function throughputCause(causes: HttpCauses | undefined, route: string): string[] {
  const c = causes?.throughput.find((t) => t.route === route);
  if (causes === undefined || c === undefined) return ['Cause not measured (the profiles run only in a run of the http section that missed this target).'];
  if (c.error !== undefined || c.doppel === undefined || c.ceiling === undefined) return [`Cause not measured: profiling failed (${c.error ?? 'no profile'}).`];
  const d = c.doppel;
  const n = c.ceiling;
  const dk = perAnswerByKind(d);
  const nk = perAnswerByKind(n);
  const sum = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
  const idle = (x: LoadProfile): number => x.summary.kinds.find((k) => k.kind === KIND.idle)?.share ?? 0;
  const diffs = [...new Set([...dk.keys(), ...nk.keys()])]
    .map((kind) => ({ kind, d: dk.get(kind) ?? 0, n: nk.get(kind) ?? 0 }))
    .sort((a, b) => b.d - b.n - (a.d - a.n));
  return [
    `CPU profiles (\`node --cpu-prof\`, 500 µs) of a fresh \`doppel mock\` and of the node:http ceiling, each under the same autocannon load as the table (${d.connections} connections, ${causes.settings.warmupS} s warm-up outside the window, ${d.durationS} s profiled): ` +
      `doppel ${f0(d.rps)} req/s while profiled (load average ${loadText(d.loadAverage)}), the ceiling ${f0(n.rps)} req/s (${loadText(n.loadAverage)}). ` +
      `Sampled time per answer, idle left out: doppel ${us(sum(dk))} µs, the ceiling ${us(sum(nk))} µs (idle: ${pct(idle(d))} and ${pct(idle(n))} of the samples). ` +
      `Where doppel's answer takes longer, by kind: ${diffs.filter((x) => Math.abs(x.d - x.n) >= 0.05).slice(0, 6).map((x) => `${x.kind} ${signed(x.d - x.n, 'µs')} (${us(x.d)} vs ${us(x.n)})`).join(', ')}. ` +
      'The samples are wall-clock: on a busy machine a preempted process is charged to the frame it was in (often the native socket write that woke the client), in both profiles alike.',
    '',
    'doppel mock\'s top functions by self time during the load:',
    '',
    ...renderProfileSummary(d.summary),
  ];
}

function startupCause(causes: HttpCauses | undefined, missedOn: readonly string[]): string[] {
  const s = causes?.startup;
  if (s === undefined) return ['Cause not measured (the start-up profile runs only in a run of the http section that missed this target).'];
  if ('error' in s) return [`Cause not measured: profiling failed (${s.error}).`];
  return [
    `Missed on Node ${missedOn.join(', ')}. A CPU profile (\`node --cpu-prof\`, 100 µs) of \`doppel mock\` on Node ${s.node} from V8's start to its first answer (${f0(s.startupMs)} ms with the profiler; load average ${loadText(s.loadAverage)}); ` +
      'node itself starts in both doppel and node:http.',
    '',
    ...renderProfileSummary(s.summary),
  ];
}

function fakeFetchCause(p: InProcessResult): string[] {
  const c = p.fakeFetchCause;
  if (c === undefined) return ['Cause not measured (no profile in this run).'];
  const kinds = c.summary.kinds.map((k) => `${k.kind} ${us((k.ms * 1000) / c.requests)} µs`).join(', ');
  return [
    `A CPU profile (node:inspector, 100 µs) of ${f0(c.requests)} more fake.fetch calls in the same process: ${us((c.summary.ms * 1000) / c.requests)} µs of sampled time per call (the profiler's cost included), by kind: ${kinds}. ` +
      `App.handle + JSON.stringify alone took ${f1(p.direct.meanUs)} µs mean.`,
    '',
    ...renderProfileSummary(c.summary),
  ];
}

function journalCause(s: StubFeaturesResult): string[] {
  if (s.journalParts === undefined) return ['Cause not measured (no profile in this run).'];
  const out = [
    'App.handle in process, the same loop on a journaling fake and on one with `journalSize: 0`, two rounds each, alternating, profiled (node:inspector, 100 µs); per function, the self time per request with the journal minus without (top 8; a negative part is noise or time moved elsewhere):',
    ...s.journalParts.flatMap((j) => partsTable(j, `per request (${signed(j.onNs - j.offNs, 'ns')}, ${f0(j.requests)} requests each)`, 'request')),
  ];
  if (s.journalHttpParts === undefined) return out;
  out.push(
    '',
    'Over HTTP: `doppel mock` and `doppel mock --journal-size 0` under `--cpu-prof` (200 µs), each loaded with autocannon (10 connections) on the same route after a warm-up; per function, the self time per answered request with the journal minus without, idle left out (top 8; one profile each, so a part of a few hundred ns either way can be the two processes\' JIT, not the journal):',
    ...s.journalHttpParts.flatMap((j) => partsTable(j, `of CPU per answer (${signed(j.onNs - j.offNs, 'ns')}, ${f0(j.requests)} answers profiled in all)`, 'answer')),
  );
  return out;
}

/** One target's journal parts: its totals on and off, then the functions that differ most. */
function partsTable(j: JournalParts, totals: string, unit: 'request' | 'answer'): string[] {
  return [
    '',
    `${j.target}: ${f0(j.onNs)} ns on vs ${f0(j.offNs)} ns off ${totals}`,
    '',
    `| # | ns per ${unit} added | function | where | kind |`,
    '|---|---|---|---|---|',
    ...j.parts.map((x, i) => `| ${i + 1} | ${x.ns >= 0 ? '+' : '−'}${Math.abs(x.ns)} | ${cell(x.name)} | ${cell(x.where)} | ${x.kind} |`),
  ];
}

/** "95 % interval a to b %; " of a journal row's median, or nothing (an older result without it, or too few rounds). */
function costInterval(h: StubFeaturesResult['http'][number]): string {
  const [lo, hi] = h.costInterval ?? [Number.NaN, Number.NaN];
  return Number.isFinite(lo) && Number.isFinite(hi) ? `95 % interval ${f1(lo)} to ${f1(hi)} %; ` : '';
}

/** One side of the journal's pairs: median CPU per request and its range, and the answers a second each got while sharing the core. */
function journalSide(h: StubFeaturesResult['http'][number], side: 'on' | 'off'): string {
  const cpu = side === 'on' ? h.onCpuUs : h.offCpuUs;
  const rps = side === 'on' ? h.onRps : h.offRps;
  const sorted = [...cpu].sort((a, b) => a - b);
  const cpuText = h.measure === 'cpu' ? `${f1(median(cpu))} µs CPU per request (${f1(sorted[0] ?? NaN)}–${f1(sorted.at(-1) ?? NaN)}); ` : '';
  return `${cpuText}${f0(median(rps))} req/s sharing the core`;
}

/** What the request journal and namespaces cost (bench/stub-features.ts). */
export function renderStubFeatures(s: StubFeaturesResult): string {
  const out = ['## Request journal and namespaces', ''];
  out.push(
    'Journal on (10,000-entry ring) vs off (`--journal-size 0`) in the same run. Over HTTP: fresh pairs of `doppel mock` (the JIT can leave one process faster or slower than another of the same build for its whole life), both on one core and loaded at the same time, each by its own load generator on the other core (10 connections), 1 s of warm-up then rounds of 2 s; per round, the CPU each server used (every thread, the scheduler\'s own count) per answered request; the cost is the median of the on/off ratios, minus one (with the core to itself, a server\'s throughput is one over its CPU per request), and beside it the 95 % interval of that median (order statistics: how far the rounds let the median be off). Loaded at once, the two meet the same seconds of a shared machine, which two loads one after the other do not. "derived" is the in-process time of the journal per request over the CPU of one HTTP request without it. In process: App.handle, alternating rounds, median ns per request (its share of App.handle alone is not the target, which is throughput over HTTP). Goal: ≤ ' + `${JOURNAL_GOAL_PCT} % of throughput, the direct and the derived figure alike.`,
    '',
    table(
      ['where', 'request', 'journal on', 'journal off', 'cost', `goal ≤ ${JOURNAL_GOAL_PCT} %`],
      [
        ...s.http.map((h) => ['HTTP', `${h.target} (${h.generator}, ${h.onRps.length} rounds)`, journalSide(h, 'on'), journalSide(h, 'off'), `${f1(h.costPct)} % (${costInterval(h)}derived: ${f1(h.derivedCostPct ?? NaN)} %)`, h.costPct <= JOURNAL_GOAL_PCT && (h.derivedCostPct ?? 0) <= JOURNAL_GOAL_PCT ? 'met' : 'NOT met']),
        ...s.inProcess.map((p) => ['in process', p.target, `${f0(p.onNs)} ns`, `${f0(p.offNs)} ns`, `${f1(p.costPct)} % of App.handle (${signed(p.onNs - p.offNs, 'ns')})`, 'explains']),
      ],
    ),
    '',
    `Heap per journal entry (GET balances, each with a header of its own, kept with its query and response text): ${f0(s.journalEntryBytes)} bytes; a full ring of 10,000: ${f2(s.journalFullRingMiB)} MiB (response texts over 64 KiB are not kept, so the ring is bounded).`,
    `Heap per namespace (demo data, price book, two pipelines; mean of ${s.namespacesMeasured} after a full GC): ${f0(s.namespaceKiB)} KiB; the default bound of 100 namespaces: ${f1((s.namespaceKiB * 100) / 1024)} MiB.`,
  );
  return out.join('\n');
}
