// The names nearest to a misspelt one (edit distance), for errors that say what was meant.

/** Up to `count` of `names`, nearest first; ties keep the order of `names`. */
export function closestNames(name: string, names: readonly string[], count = 3): string[] {
  const wanted = name.toLowerCase();
  return names
    .map((candidate, index) => ({ candidate, index, distance: editDistance(wanted, candidate.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .slice(0, count)
    .map((c) => c.candidate);
}

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
