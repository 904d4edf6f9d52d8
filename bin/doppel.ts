#!/usr/bin/env node
// The `doppel` executable (package.json `bin`): parses the command line and maps failures to exit
// statuses; all wiring lives in bin/index.ts.
import { createRequire } from 'node:module';
import { buildCli } from './index.js';

// From yargs' CommonJS build, which bin/index.ts loads anyway: the ES module `yargs/helpers` pulls
// in yargs' second (ESM) platform layer, ~25 ms of a `doppel mock` start.
const { hideBin } = createRequire(import.meta.url)('yargs/helpers') as typeof import('yargs/helpers');

try {
  await buildCli(hideBin(process.argv)).parseAsync();
} catch (error) {
  const exitCode = (error as { exitCode?: unknown }).exitCode;
  process.stderr.write(`doppel: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = typeof exitCode === 'number' ? exitCode : 1;
}
