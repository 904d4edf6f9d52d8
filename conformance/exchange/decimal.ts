// Exact decimal arithmetic for balance comparisons: strings and numbers as bigint scaled by 1e8.

const SCALE = 8;

/** The value as an integer number of 1e-8 units; undefined when it is not a plain decimal. */
export function toUnits(value: unknown): bigint | undefined {
  const text = typeof value === 'number' ? value.toFixed(SCALE) : value;
  if (typeof text !== 'string') return undefined;
  const m = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) return undefined;
  const units = BigInt(m[2] as string) * 10n ** BigInt(SCALE) + BigInt((m[3] ?? '').padEnd(SCALE, '0') || '0');
  return m[1] === '-' ? -units : units;
}

export function formatUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const s = abs.toString().padStart(SCALE + 1, '0');
  return `${sign}${s.slice(0, -SCALE)}.${s.slice(-SCALE)}`;
}
