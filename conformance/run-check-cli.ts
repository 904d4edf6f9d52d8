// `doppel check`: options → runConformance → reporters → exit status (issue 5: 0 no failure,
// 1 a check failed, 2 a usage or connection problem, with what to fix).
import { runConformance, type ConformanceTargets } from './run-conformance.js';
import { TransportError } from './transport.js';
import { progressLine, renderConsole } from './reporters/console.js';
import { writeJsonReport } from './reporters/json.js';
import { writeJunitReport } from './reporters/junit.js';

export interface CheckCliOptions {
  tradingUrl?: string | undefined;
  tradingKey?: string | undefined;
  tradingReadKey?: string | undefined;
  walletUrl?: string | undefined;
  walletKey?: string | undefined;
  allowWrites?: boolean | undefined;
  rateLimit?: boolean | undefined;
  strict?: boolean | undefined;
  seed?: number | undefined;
  runs?: number | undefined;
  json?: string | undefined;
  junit?: string | undefined;
  /** Where output goes; default process.stdout / process.stderr. */
  out?: ((line: string) => void) | undefined;
  err?: ((line: string) => void) | undefined;
}

function usageProblem(o: CheckCliOptions): string | undefined {
  if ((o.tradingKey || o.tradingReadKey) && !o.tradingUrl) return '--trading-key and --trading-read-key need --trading-url (without URLs the embedded fake is checked with its demo keys)';
  if (o.walletKey && !o.walletUrl) return '--wallet-key needs --wallet-url (without URLs the embedded fake is checked with its demo keys)';
  if (o.runs !== undefined && (!Number.isInteger(o.runs) || o.runs < 1)) return '--runs must be a positive integer';
  if (o.seed !== undefined && !Number.isInteger(o.seed)) return '--seed must be an integer';
  return undefined;
}

export async function runCheckCli(options: CheckCliOptions): Promise<number> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const problem = usageProblem(options);
  if (problem) {
    err(`doppel check: ${problem}`);
    return 2;
  }
  const targets: ConformanceTargets = {};
  if (options.tradingUrl) targets.trading = { url: options.tradingUrl, key: options.tradingKey, readKey: options.tradingReadKey };
  if (options.walletUrl) targets.wallet = { url: options.walletUrl, key: options.walletKey };
  const embedded = !targets.trading && !targets.wallet;
  out(embedded ? 'doppel check: the embedded fake (writes on)' : `doppel check: ${[targets.trading?.url, targets.wallet?.url].filter(Boolean).join(', ')}${options.allowWrites ? ' (writes allowed)' : ' (read-only)'}`);
  try {
    const report = await runConformance({
      targets: embedded ? undefined : targets,
      seed: options.seed,
      runs: options.runs,
      allowWrites: options.allowWrites,
      rateLimit: options.rateLimit,
      strict: options.strict,
      log: out,
      onCheck: (id, status, detail) => out(progressLine(id, status, detail)),
    });
    out(renderConsole(report));
    if (options.json) writeJsonReport(options.json, report);
    if (options.junit) writeJunitReport(options.junit, report);
    return report.failed ? 1 : 0;
  } catch (error) {
    if (error instanceof TransportError) {
      err(`doppel check: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
