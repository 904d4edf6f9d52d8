// The error a stateful command or property throws when the target breaks a rule, carrying the
// exchange that shows it and, for a check with several assertions, the one it breaks.
import type { Exchange } from '../types.js';

export class CheckFailure extends Error {
  constructor(
    message: string,
    readonly exchange?: Exchange | undefined,
    readonly assertion?: string | undefined,
  ) {
    super(message);
    this.name = 'CheckFailure';
  }
}
