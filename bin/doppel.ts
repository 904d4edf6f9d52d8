#!/usr/bin/env node
// The `doppel` executable (package.json `bin`): all wiring lives in bin/index.ts.
import { createRequire } from 'node:module';
import { runCli } from './index.js';

// From yargs' CommonJS build, which bin/index.ts loads anyway: the ES module `yargs/helpers` pulls
// in yargs' second (ESM) platform layer, ~25 ms of a `doppel mock` start.
const { hideBin } = createRequire(import.meta.url)('yargs/helpers') as typeof import('yargs/helpers');

await runCli(hideBin(process.argv));
