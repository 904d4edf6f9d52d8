// The one entry of both executables (dist/bin/doppel.js and the single executable, bin/sea-main.ts):
// a plain `doppel mock` command line starts the fake without loading yargs (./quick-mock-args.ts);
// every other command line, and every mistake, goes to the yargs CLI (./index.ts), whose messages
// and exit statuses they are.

/** `name`: the executable as invoked, for usage lines and messages (default `doppel`). */
export async function runDoppel(args: readonly string[], name?: string): Promise<void> {
  const quick = args[0] === 'mock' ? (await import('./quick-mock-args.js')).quickMockArgs(args.slice(1)) : undefined;
  if (quick === undefined) {
    const { runCli } = await import('./index.js');
    await runCli(args, name);
    return;
  }
  const [{ mockCommand }, { reportFailure }] = await Promise.all([import('./commands/mock.js'), import('./report-failure.js')]);
  try {
    await mockCommand.handler(quick as Parameters<typeof mockCommand.handler>[0]);
  } catch (error) {
    reportFailure(error);
  }
}
