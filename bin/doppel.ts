#!/usr/bin/env node
// The `doppel` executable (package.json `bin`): all wiring lives in bin/index.ts.
import module from 'node:module';

// V8's compile cache (Node 22.1 and later, in the OS's temporary folder): a second start does not
// compile the CLI's modules again (docs/guides/operating.md, start-up). Node 20 has none. Static
// imports are evaluated before this line runs, so the CLI is imported after it.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// What node was given after this script (yargs' hideBin is the same outside Electron).
const args = process.argv.slice(2);

// `doppel mock` with plain, valid options starts without loading yargs (bin/quick-mock-args.ts);
// every other command line, and every mistake, goes to the one CLI.
const quick = args[0] === 'mock' ? (await import('./quick-mock-args.js')).quickMockArgs(args.slice(1)) : undefined;
if (quick !== undefined) {
  const [{ mockCommand }, { reportFailure }] = await Promise.all([import('./commands/mock.js'), import('./report-failure.js')]);
  try {
    await mockCommand.handler(quick as Parameters<typeof mockCommand.handler>[0]);
  } catch (error) {
    reportFailure(error);
  }
} else {
  const { runCli } = await import('./index.js');
  await runCli(args);
}
