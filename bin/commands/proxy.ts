// `doppel proxy`: a checking, recording reverse proxy in front of a deployment (yargs only; the
// work is proxy/run-proxy-cli.ts).
import { availableParallelism } from 'node:os';
import type { Argv, CommandModule } from 'yargs';
import type { ProxyCliOptions } from '../../proxy/index.js';
import { checkInteger, checkJsonFile, checkReportFiles, file } from '../option-checks.js';
import { listenProblem, parseAdminCorsOrigins } from './mock.js';
import { readAllowedHosts } from '../../mock/core/host-check.js';
import { bindProblem } from '../../proxy/local-guard.js';
import { version } from '../package-version.js';

const FILES = ['har', 'json', 'junit', 'html', 'replay', 'learn'];

function checkTargets(argv: { 'trading-target'?: string; 'wallet-target'?: string; 'trading-port'?: unknown; 'wallet-port'?: unknown }): true {
  const given = (['trading-target', 'wallet-target'] as const).filter((name) => argv[name] !== undefined);
  if (given.length === 0) throw new Error('give --trading-target or --wallet-target (or both): the deployment to forward to');
  for (const name of given) {
    const value = argv[name] as string;
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`--${name} must be an http:// or https:// URL (got ${JSON.stringify(value)})`);
  }
  if (argv['trading-target'] && argv['wallet-target'] && argv['trading-port'] === argv['wallet-port'] && argv['trading-port'] !== 0) {
    throw new Error(`--trading-port and --wallet-port are both ${String(argv['trading-port'])}: each interface needs its own port`);
  }
  return true;
}

const DESCRIBE = 'Check and record a deployment\'s real traffic: a reverse proxy that sends no request of its own';

function builder(y: Argv) {
  return y
    // A usage line of its own replaces the one yargs makes with the description: it goes under it.
    .usage(`$0 proxy --trading-target URL [--wallet-target URL] [options]\n\n${DESCRIBE}`)
    .epilogue(
      'Point your clients at the proxy instead of the deployment: each request is forwarded unchanged and the answer comes back unchanged; '
        + 'every exchange is judged by the checks of doppel check as it ends. A violation is one line on stderr at once (the check and '
        + 'assertion, what was wrong, a curl line with keys masked); GET /__doppel/violations on either port lists them as JSON. '
        + 'On SIGINT or SIGTERM (or an internal error) it writes the reports asked for; the HAR is written an entry at a time, so a proxy '
        + 'killed outright leaves one that --from-har reads up to its last whole entry. Exit status 0: no violation seen; 1: a violation (a seed rule broken, '
        + 'or with --strict a decision), no verdict (most answers the target\'s 404 for an unknown route: a warning names the likely cause) or an internal error; 2: a usage problem. A target that cannot be reached is answered 502 in the interface\'s error '
        + 'envelope and noted in the report, not counted against the target (when it was never reached, no verdict: exit status 1); one that takes a request and gives no readable answer (502) or no answer head within --target-timeout (504) fails. '
        + 'A client\'s request head must come within 10 s, an idle kept-alive connection is closed after 5 s. Example: doppel proxy --trading-target https://trading.example.test '
        + '--wallet-target https://wallet.example.test --har traffic.har --html proxy.html, then doppel check --from-har traffic.har --learn profile.json.',
    )
    .option('trading-target', { type: 'string', describe: 'Base URL of the trading deployment to forward to (a trailing /api/v1 is taken off, with one line)' })
    .option('wallet-target', { type: 'string', describe: 'Base URL of the wallet deployment to forward to (a trailing /api/v1 is taken off, with one line)' })
    .option('trading-port', { type: 'number', default: 4110, describe: 'Port of the trading proxy (0: any free port)' })
    .option('wallet-port', { type: 'number', default: 4120, describe: 'Port of the wallet proxy (0: any free port)' })
    .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to listen on; any address other than loopback requires --admin-token' })
    .option('admin-token', { type: 'string', describe: 'Token that requests to the target\'s admin API (/__doppel/) and the proxy\'s own routes then need as Authorization: Bearer <token> (forwarded as sent); needed when --host is not loopback' })
    .option('allowed-host', {
      type: 'string',
      array: true,
      describe: 'While bound to loopback, a Host name requests may use besides localhost, *.localhost, 127.0.0.0/8 and [::1] (others get 403: DNS rebinding); repeatable; .example.test allows it and every name under it',
    })
    .option('admin-cors-origin', { type: 'string', describe: 'Web pages that may call the proxy\'s own routes (GET /__doppel/violations, POST /__doppel/target-reset): a comma-separated list of origins, or loopback; default none' })
    .option('strict', { type: 'boolean', default: false, describe: 'Decision assertions are violations too, not only the seed documents\' rules' })
    .option('profile', { type: 'string', describe: 'Decision assertions compare with this deployment profile\'s values (a file doppel check --learn wrote)' })
    .option('max-check-bytes', { type: 'number', default: 5 * 1024 * 1024, describe: 'Bodies larger than this are forwarded without being checked (counted in the report)' })
    .option('max-connections', { type: 'number', default: 1_000, describe: 'Client connections open at once on each port; a new one over it is answered 503 in the error envelope and closed (counted as refused)' })
    .option('target-timeout', { type: 'number', default: 30, describe: 'Seconds the target may take to accept a connection and to send an answer\'s head; past it the client gets 504 in the error envelope, counted as the target\'s failure' })
    .option('har', { type: 'string', describe: 'Record the traffic to this file as HAR 1.2 (requests, answers, timings; secrets masked)' })
    .option('judges', { type: 'number', describe: 'Judges on worker threads beside the forwarding path (default: the cores available minus one, at least 1); 0 judges each exchange on the forwarding thread as it ends. Exchanges the judges cannot keep up with are forwarded and recorded, and counted as not judged' })
    .option('record-only', { type: 'boolean', default: false, describe: 'Forward and record to --har, judge nothing (doppel check --from-har judges the recording later)' })
    .option('json', { type: 'string', describe: 'At exit, write the JSON report to this file' })
    .option('junit', { type: 'string', describe: 'At exit, write a JUnit XML report to this file' })
    .option('html', { type: 'string', describe: 'At exit, write a self-contained HTML report to this file' })
    .option('replay', { type: 'string', describe: 'At exit, write a shell script that re-sends each violation\'s request (curl)' })
    .option('learn', { type: 'string', describe: 'At exit, write the decision points the traffic showed as a profile' })
    .option('show-secrets', { type: 'boolean', default: false, describe: 'Show keys, tokens and passwords in lines, reports and the HAR (default: masked as $DOPPEL_TRADING_KEY etc.)' })
    .check(checkInteger({ 'trading-port': [0, 65535], 'wallet-port': [0, 65535], 'max-check-bytes': [0], judges: [0, 256], 'max-connections': [1] }))
    .check((argv: { 'record-only'?: unknown; har?: unknown }) => {
      if (argv['record-only'] && typeof argv.har !== 'string') throw new Error('--record-only needs --har FILE: the recording is what doppel check --from-har FILE judges later');
      return true;
    })
    .check((argv: { 'target-timeout'?: unknown }) => {
      const t = argv['target-timeout'];
      if (typeof t !== 'number' || !(t > 0) || t > 86_400) throw new Error(`--target-timeout must be a number of seconds above 0, at most 86400 (got ${String(t)})`);
      return true;
    })
    .check(checkTargets)
    .check((argv: { 'allowed-host'?: unknown; 'admin-cors-origin'?: unknown }) => {
      if (Array.isArray(argv['allowed-host'])) readAllowedHosts(argv['allowed-host'].map(String));
      if (typeof argv['admin-cors-origin'] === 'string') parseAdminCorsOrigins(argv['admin-cors-origin']);
      return true;
    })
    .check(checkReportFiles(FILES))
    .check(checkJsonFile('profile'))
    // Off loopback only with a token: a usage problem (exit 2) before anything listens.
    .check((argv: { host?: unknown; 'admin-token'?: unknown }) => {
      const problem = bindProblem({ host: String(argv.host ?? '127.0.0.1'), adminToken: typeof argv['admin-token'] === 'string' ? argv['admin-token'] : undefined });
      if (problem) throw new Error(problem);
      return true;
    });
}

type ProxyArgs = ReturnType<typeof builder> extends Argv<infer T> ? T : never;

export const proxyCommand: CommandModule<object, ProxyArgs> = {
  command: 'proxy',
  describe: DESCRIBE,
  builder,
  async handler(argv) {
    const options: ProxyCliOptions = {
      tradingTarget: argv.tradingTarget,
      walletTarget: argv.walletTarget,
      tradingPort: argv.tradingPort,
      walletPort: argv.walletPort,
      host: argv.host,
      ...(argv.adminToken ? { adminToken: argv.adminToken } : {}),
      allowedHosts: readAllowedHosts((argv.allowedHost ?? []).map(String)),
      adminCors: argv.adminCorsOrigin === undefined ? [] : parseAdminCorsOrigins(argv.adminCorsOrigin),
      strict: argv.strict,
      profile: file(argv.profile),
      showSecrets: argv.showSecrets,
      maxCheckBytes: argv.maxCheckBytes,
      maxConnections: argv.maxConnections,
      targetTimeoutMs: argv.targetTimeout * 1000,
      har: file(argv.har),
      judges: argv.judges ?? Math.max(1, availableParallelism() - 1),
      recordOnly: argv.recordOnly,
      json: file(argv.json),
      junit: file(argv.junit),
      html: file(argv.html),
      replay: file(argv.replay),
      learn: file(argv.learn),
      version: version(),
    };
    // Loaded on use: each command pays only for its own modules.
    const { runProxyCli } = await import('../../proxy/index.js');
    try {
      process.exitCode = await runProxyCli(options);
    } catch (error) {
      throw listenProblem(error, { host: options.host ?? '127.0.0.1', tradingPort: options.tradingPort ?? 4110, walletPort: options.walletPort ?? 4120 }) ?? error;
    }
  },
};
