// Formats epoch ms as the wallet seed's transaction date: "YYYY-MM-DD HH:MM:SS" in UTC.

// The last second formatted: the records of one answer, and the answers of one virtual second,
// share it (a manual clock stands still), so most calls are one comparison.
let lastSecond = Number.NaN;
let lastText = '';

/** Seed wallet §2, Transaction.date. UTC because the seed names no zone. */
export function formatSeedDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second === lastSecond) return lastText;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) throw new RangeError(`formatSeedDate: not a valid time: ${ms}`);
  const iso = d.toISOString(); // "2026-01-01T00:00:00.000Z" for years 0..9999
  lastText = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  lastSecond = second;
  return lastText;
}
