// Helpers of the doppel check CLI tests: a port nothing listens on (a run that got past the option
// checks would fail to connect), and the usage error of a command line as the executable parses it.
import { createServer } from 'node:net';
import { buildCli } from '../../bin/index.js';

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Parses like the executable; the usage error's exit code and message. */
export async function usage(args: string[]): Promise<{ exitCode: number | undefined; message: string }> {
  try {
    await buildCli(args).parseAsync(args, {}, () => {});
    return { exitCode: undefined, message: '' };
  } catch (error) {
    return { exitCode: (error as { exitCode?: number }).exitCode, message: (error as Error).message };
  }
}
