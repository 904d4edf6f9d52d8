#!/usr/bin/env node
// The `doppel` executable (package.json `bin`): all wiring lives in bin/index.ts.
import module, { createRequire } from 'node:module';

// V8's compile cache (Node 22.1 and later, in the OS's temporary folder): a second start does not
// compile the CLI's modules again (docs/guides/operating.md, start-up). Node 20 has none. Static
// imports are evaluated before this line runs, so the CLI is imported after it.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runCli } = await import('./index.js');

// From yargs' CommonJS build, which bin/index.ts loads anyway: the ES module `yargs/helpers` pulls
// in yargs' second (ESM) platform layer, ~25 ms of a `doppel mock` start.
const { hideBin } = createRequire(import.meta.url)('yargs/helpers') as typeof import('yargs/helpers');

await runCli(hideBin(process.argv));
