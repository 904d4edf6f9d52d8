#!/usr/bin/env node
// The `doppel` executable (package.json `bin`): all wiring lives in bin/run-doppel.ts and bin/index.ts.
import module from 'node:module';

// V8's compile cache (Node 22.1 and later, in the OS's temporary folder): a second start does not
// compile the CLI's modules again (docs/guides/operating.md, start-up). Node 20 has none. Static
// imports are evaluated before this line runs, so the CLI is imported after it.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runDoppel } = await import('./run-doppel.js');

// What node was given after this script (yargs' hideBin is the same outside Electron).
await runDoppel(process.argv.slice(2));
