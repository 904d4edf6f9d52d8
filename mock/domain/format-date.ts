// Formats epoch ms as the wallet seed's transaction date: "YYYY-MM-DD HH:MM:SS" in UTC.

/** Seed wallet §2, Transaction.date. UTC because the seed names no zone. */
export function formatSeedDate(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) throw new RangeError(`formatSeedDate: not a valid time: ${ms}`);
  const iso = d.toISOString(); // "2026-01-01T00:00:00.000Z" for years 0..9999
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
