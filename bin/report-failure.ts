// How a failed command ends, the same for the yargs CLI and the quick `doppel mock` start: one
// `doppel: <message>` line on stderr and the error's exit status (a usage problem: 2), else 1.

export function reportFailure(error: unknown): void {
  const exitCode = (error as { exitCode?: unknown } | undefined)?.exitCode;
  process.stderr.write(`doppel: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = typeof exitCode === 'number' ? exitCode : 1;
}
