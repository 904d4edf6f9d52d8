#!/usr/bin/env node
// The `doppel` executable (package.json `bin`): parses the command line and maps failures to exit
// statuses; all wiring lives in bin/index.ts.
import { hideBin } from 'yargs/helpers';
import { buildCli } from './index.js';

try {
  await buildCli(hideBin(process.argv)).parseAsync();
} catch (error) {
  const exitCode = (error as { exitCode?: unknown }).exitCode;
  process.stderr.write(`doppel: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = typeof exitCode === 'number' ? exitCode : 1;
}
