// conformance/: the checker's public surface. PLACEHOLDER until issue 5 lands: only the CLI entry
// point exists, so that `doppel check` is wired and fails clearly.

/** Options of `doppel check`, named as in issue 5's CLI contract. */
export interface CheckCliOptions {
  tradingUrl?: string;
  tradingKey?: string;
  tradingReadKey?: string;
  walletUrl?: string;
  walletKey?: string;
  allowWrites: boolean;
  rateLimit: boolean;
  strict: boolean;
  /** Absent: a random seed, printed so that the run can be reproduced. */
  seed?: number;
  runs: number;
  json?: string;
  junit?: string;
}

/** Runs the suite and returns the exit status: 0 no check failed, 1 one did, 2 usage or connection problem. */
export async function runCheckCli(_options: CheckCliOptions): Promise<number> {
  process.stderr.write('doppel check: not implemented yet (issue 5)\n');
  return 2;
}
