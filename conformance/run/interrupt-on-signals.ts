// SIGINT and SIGTERM during `doppel check`: the first aborts the run, which then writes the reports
// asked for, marked partial, and exits 130 or 143 (128 + the signal's number, as a shell reports a
// process the signal ended); a second one ends the process at once.

const EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

export interface SignalInterrupt {
  /** Aborted at the first signal, with the signal's name as its reason. */
  signal: AbortSignal;
  /** 130 or 143 once a signal came; undefined before. */
  exitCode(): number | undefined;
  /** Removes the handlers (the run is over). */
  dispose(): void;
}

export function interruptOnSignals(signals: NodeJS.EventEmitter = process, exit: (code: number) => void = (code) => process.exit(code)): SignalInterrupt {
  const controller = new AbortController();
  let code: number | undefined;
  const on = (name: NodeJS.Signals): void => {
    if (code !== undefined) return exit(code);
    code = EXIT[name] ?? 130;
    controller.abort(name);
  };
  signals.on('SIGINT', on);
  signals.on('SIGTERM', on);
  return {
    signal: controller.signal,
    exitCode: () => code,
    dispose() {
      signals.off('SIGINT', on);
      signals.off('SIGTERM', on);
    },
  };
}
