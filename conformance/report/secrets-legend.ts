// "Keys are shown as …": one entry per kind of secret (eight login tokens are one entry).
import type { RunReport } from '../types.js';

export function secretsLegend(secrets: RunReport['secrets']): { names: string; what: string }[] {
  const byWhat = new Map<string, string[]>();
  for (const s of secrets) byWhat.set(s.what, [...(byWhat.get(s.what) ?? []), `$${s.name}`]);
  return [...byWhat].map(([what, names]) => ({
    names: names.length === 1 ? (names[0] as string) : `${names[0]} … ${names[names.length - 1]}`,
    what: names.length === 1 ? what : `${names.length} × ${what}`,
  }));
}
