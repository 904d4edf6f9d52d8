// `doppel health`: asks running stubs whether they answer (GET /__doppel/health), exit 0 when every
// one does. The container image holds no shell nor curl (scripts/build-image.mjs), so a compose
// `healthcheck` or a Docker HEALTHCHECK runs the executable itself: `doppel health`.
import type { Argv, CommandModule } from 'yargs';
// The plain-text escaper alone: a probe every few seconds should not load the checker.
import { plainText } from '../../conformance/report/plain-text.js';
import { checkInteger } from '../option-checks.js';
import { MOCK_OPTIONS } from './mock.js';

/** Both interfaces at `doppel mock`'s default ports on this machine: a container probing itself. */
const DEFAULT_URLS = [MOCK_OPTIONS['trading-port'].default, MOCK_OPTIONS['wallet-port'].default].map((port) => `http://127.0.0.1:${port}`);

function builder(y: Argv) {
  return y
    .positional('urls', { type: 'string', array: true, describe: 'Base URLs of the stubs to ask (default: both interfaces\' default ports on 127.0.0.1)' })
    .option('timeout', { type: 'number', default: 2_000, describe: 'Milliseconds each answer may take' })
    .check(checkInteger({ timeout: [1] }))
    .epilogue('Exit 0 when every stub answers GET /__doppel/health with 200, else 1 with a line naming each that did not. '
      + 'Needs no admin token; it is what the container image\'s health probe runs.');
}

type HealthArgs = ReturnType<typeof builder> extends Argv<infer T> ? T & { urls?: string[] } : never;

/** Why the stub at base does not answer healthily, or undefined when it does. */
export async function unhealthy(base: string, timeoutMs: number): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL('/__doppel/health', base);
  } catch {
    return 'is not a URL';
  }
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await answer.arrayBuffer();
    return answer.status === 200 ? undefined : `answered ${answer.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return (error as Error).name === 'TimeoutError' ? `gave no answer within ${timeoutMs} ms` : `cannot be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`;
  }
}

export const healthCommand: CommandModule<object, HealthArgs> = {
  command: 'health [urls..]',
  describe: 'Exit 0 when the stubs at these URLs answer (a container health probe)',
  builder,
  async handler(argv) {
    const urls = argv.urls !== undefined && argv.urls.length > 0 ? argv.urls : DEFAULT_URLS;
    const problems = await Promise.all(urls.map(async (u) => [u, await unhealthy(u, argv.timeout)] as const));
    for (const [u, problem] of problems) {
      if (problem !== undefined) process.stderr.write(`doppel health: ${plainText(u)} ${problem}\n`);
    }
    if (problems.some(([, p]) => p !== undefined)) process.exitCode = 1;
  },
};
