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
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...fieldsNamed(v, match, `${at}[${i}]`)));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (match(k)) out.push([`${at}.${k}`, v]);
      else out.push(...fieldsNamed(v, match, `${at}.${k}`));
    }
  }
  return out;
}
