// Runs fast-check model-based commands against the target (fc.asyncModelRun) and turns the shrunk
// failing sequence into a Failure for the check.
import fc from 'fast-check';
import type { ScenarioOutput } from '../checks/check.js';
import { checkProperty } from '../property.js';
import type { Exchange, InterfaceName } from '../types.js';

export async function runModel<M extends object, R>(opts: {
  name: string;
  iface: InterfaceName;
  seed: number;
  numRuns: number;
  commands: fc.Arbitrary<fc.AsyncCommand<M, R>>[];
  maxCommands: number;
  setup: () => Promise<{ model: M; real: R }>;
  cleanup: (model: M, real: R) => Promise<void>;
  out: ScenarioOutput;
  operationId: string;
  /** The client's exchange log, to report the shrunk sequence's requests. */
  recorded: readonly Exchange[];
}): Promise<void> {
  const failure = await checkProperty(opts.name, opts.seed, opts.numRuns, fc.commands(opts.commands, { maxCommands: opts.maxCommands }), async (cmds) => {
    const state = await opts.setup();
    try {
      await fc.asyncModelRun(() => state, cmds);
    } finally {
      await opts.cleanup(state.model, state.real);
    }
  }, [], opts.recorded);
  if (failure) {
    const sequence = String(failure.value).split(/,(?=[A-Z])/);
    opts.out.fail({
      iface: opts.iface,
      operationId: failure.exchange?.operationId ?? opts.operationId,
      title: failure.problem.slice(0, 100),
      message: `${failure.problem} (property seed ${failure.seed})`,
      exchange: failure.exchange,
      sequence,
      requests: failure.requests,
    });
  }
}
