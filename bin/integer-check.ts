// A yargs .check() that the named numeric options are integers within bounds (yargs' `number`
// type lets 1.5 and NaN through).
import type { Arguments } from 'yargs';

/** Bounds per option name: [min] or [min, max], inclusive. */
export function checkInteger(bounds: Record<string, [number, number?]>) {
  return (argv: Arguments): true => {
    for (const [name, [min, max]] of Object.entries(bounds)) {
      const value = argv[name];
      if (value === undefined) continue;
      const ok = typeof value === 'number' && Number.isInteger(value) && value >= min && (max === undefined || value <= max);
      if (!ok) {
        const range = max === undefined ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
        throw new Error(`--${name} must be ${range} (got ${String(value)})`);
      }
    }
    return true;
  };
}
