// Date helpers shared by the date checks: the seed format and the response's Date header.

/** Wallet §2: `YYYY-MM-DD HH:MM:SS` exactly. */
export const SEED_DATE = /^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])$/;

/** Epoch ms of a seed date read as UTC. */
export function seedDateMs(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

/** The response's Date header in epoch ms, or undefined. */
export function dateHeaderMs(headers: Record<string, string>): number | undefined {
  const raw = headers['date'];
  if (!raw) return undefined;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Every (path, value) in a JSON value whose key matches. */
export function fieldsNamed(value: unknown, match: (key: string) => boolean, at = 'body'): [string, unknown][] {
  const out: [string, unknown][] = [];
  collectFields(value, match, at, out);
  return out;
}

// Into one array, and a path made only for a match or an object to walk: doppel proxy runs this
// over every answer, where building a path for every leaf and spreading each level's array into
// its parent's was most of the time (the spread also fails past some 100,000 matches).
function collectFields(value: unknown, match: (key: string) => boolean, at: string, out: [string, unknown][]): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v !== null && typeof v === 'object') collectFields(v, match, `${at}[${i}]`, out);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const k of Object.keys(value)) {
      const v: unknown = (value as Record<string, unknown>)[k];
      if (match(k)) out.push([`${at}.${k}`, v]);
      else if (v !== null && typeof v === 'object') collectFields(v, match, `${at}.${k}`, out);
    }
  }
}
