// Loose readers of parsed JSON: the checker reads answers from targets it does not trust, so a
// missing or mistyped field reads as empty instead of throwing.

/** The value as an object (arrays and primitives read as {}). */
export const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The value as an array ([] otherwise). */
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A number, or a numeric string as a number; undefined otherwise. */
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
