// Deep equality of JSON values that honours asymmetric matchers (expect.objectContaining, …), for
// Playwright: its expect gives custom matchers no `this.equals`. Keys whose value is undefined
// count as absent, as in toEqual.

export function jsonEquals(a: unknown, b: unknown): boolean {
  if (isAsymmetric(b)) return b.asymmetricMatch(a);
  if (isAsymmetric(a)) return a.asymmetricMatch(b);
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => jsonEquals(item, (b as unknown[])[i]));
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((key) => jsonEquals(x[key], y[key]));
}

function isAsymmetric(value: unknown): value is { asymmetricMatch(other: unknown): boolean } {
  return typeof value === 'object' && value !== null && typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function';
}
