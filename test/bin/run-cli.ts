// Runs the doppel command line in-process as the executable parses it, capturing yargs' output
// instead of printing or exiting (shared by the CLI tests).
import { buildCli } from '../../bin/index.js';

export interface Outcome {
  exitCode: number;
  output: string;
  message: string;
}

export async function run(args: string[]): Promise<Outcome> {
  let output = '';
  try {
    await buildCli(args).parseAsync(args, {}, (_error, _argv, text) => {
      output = text;
    });
    return { exitCode: 0, output, message: '' };
  } catch (error) {
    const exitCode = (error as { exitCode?: unknown }).exitCode;
    return { exitCode: typeof exitCode === 'number' ? exitCode : 1, output, message: (error as Error).message };
  }
}
