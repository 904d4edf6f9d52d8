// The keys and tokens a run uses, and their masks: every report and curl line shows a key as the
// environment variable that holds it (`$DOPPEL_TRADING_KEY`), so a report can be shared and a
// curl line still runs once the variable is set. `--show-secrets` turns masking off.

import { isSecretName } from '../../spec/index.js';
import { SecretMatcher } from './secret-matcher.js';

export interface SecretName {
  /** The environment variable a curl line refers to, e.g. DOPPEL_TRADING_KEY. */
  name: string;
  /** What it is, e.g. "--trading-key" or "login token of a user the checker registered". */
  what: string;
}

export class Secrets {
  private readonly byValue = new Map<string, SecretName>();
  private readonly counts = new Map<string, number>();
  /** Each secret's forms (as is, and as inside JSON text), found in one pass whatever their number (a proxy sees a key per client). */
  readonly matcher = new SecretMatcher();

  constructor(readonly show: boolean) {}

  /**
   * Registers a secret under base (numbered from the second one on: DOPPEL_WALLET_KEY_2). Values
   * shorter than 4 characters are not masked: replacing them would mangle unrelated text.
   */
  add(value: string | undefined, base: string, what: string): void {
    if (value === undefined || value.length < 4 || this.byValue.has(value)) return;
    const n = (this.counts.get(base) ?? 0) + 1;
    this.counts.set(base, n);
    const name = n === 1 ? base : `${base}_${n}`;
    this.byValue.set(value, { name, what });
    // Also the value as it appears inside JSON text (a key with a quote or backslash).
    for (const form of new Set([value, JSON.stringify(value).slice(1, -1)])) this.matcher.add(form, `$${name}`);
  }

  names(): SecretName[] {
    return [...this.byValue.values()];
  }

  /**
   * The text with every secret replaced by `$NAME`, and what secret-named JSON fields and query
   * parameters hold hidden even when it is no secret seen before (unchanged with --show-secrets).
   * `header`: the text is the value of this header; a Cookie's or Set-Cookie's then has each
   * cookie's value hidden, its name and attributes kept.
   */
  mask(text: string, header?: string): string {
    if (this.show) return text;
    // Then what secret names hold that is no known secret (known ones are `$NAME` by now).
    const masked = maskSecretFields(this.matcher.replace(text));
    const name = header?.toLowerCase();
    return name === 'cookie' || name === 'set-cookie' ? maskCookies(masked, name) : masked;
  }
}

/** A masked placeholder in a text, as mask() writes it. */
export const MASKED = /\$DOPPEL_[A-Z0-9_]+/;

const HIDDEN = '(masked)';

/**
 * The values of secret-named fields in JSON text (spec/secret-name.ts), also as they stand inside a
 * JSON string (`\\"token\\":\\"…\\"`, a body quoted in a report), and of secret-named query
 * parameters in URLs: not values to name as variables (they may be short, or seen only here), still
 * never shown.
 */
export const maskSecretFields = (text: string): string =>
  text
    .replace(/"([A-Za-z0-9_-]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g, (whole, name: string, colon: string, value: string) => (isSecretName(name) ? `"${name}"${colon}"${hiddenValue(name, value)}"` : whole))
    .replace(/\\"([A-Za-z0-9_-]{1,64})\\"(\s*:\s*)\\"((?:[^"\\]|\\\\(?:\\\\|\\"|[^"\\]))*)\\"/g, (whole, name: string, colon: string, value: string) => (isSecretName(name) ? `\\"${name}\\"${colon}\\"${hiddenValue(name, value)}\\"` : whole))
    .replace(/([?&])([A-Za-z0-9_.%-]{1,64})=([^&#\s"'\\<>]*)/g, (whole, sep: string, name: string, value: string) => (value !== '' && isSecretName(decodedName(name)) && !MASKED_VALUE.test(value) ? `${sep}${name}=${HIDDEN}` : whole));

/** A secret-named field's value as shown: a cookie header's cookies each hidden, else all of it (left as it is when masked already). */
function hiddenValue(name: string, value: string): string {
  const header = name.toLowerCase();
  if (header === 'cookie' || header === 'set-cookie') return maskCookies(value, header);
  return MASKED_VALUE.test(value) ? value : HIDDEN;
}

/**
 * A Cookie or Set-Cookie header's value with each cookie's value hidden (RFC 6265 §4): `a=1; b=2`,
 * or Set-Cookie lines (`a=1; Path=/; HttpOnly`, several joined by `, ` in a header record), their
 * names and attributes kept. A value masked already (`$DOPPEL_…`) stays as it is.
 */
export function maskCookies(value: string, header: 'cookie' | 'set-cookie'): string {
  const hide = (pair: string): string => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    const cookie = pair.slice(eq + 1).trim();
    return cookie === '' || MASKED_VALUE.test(cookie) ? pair : `${pair.slice(0, eq + 1)}${HIDDEN}`;
  };
  if (header === 'cookie') return value.split(';').map((pair) => (pair.startsWith(' ') ? ` ${hide(pair.slice(1))}` : hide(pair))).join(';');
  // A comma starts another cookie where a name= follows it (an Expires date's comma does not).
  return value
    .split(/(?=,\s*[^;,=\s]+=)/)
    .map((line) => {
      const lead = /^,\s*/.exec(line)?.[0] ?? '';
      const semi = line.indexOf(';');
      const first = semi < 0 ? line.slice(lead.length) : line.slice(lead.length, semi);
      return `${lead}${hide(first)}${semi < 0 ? '' : line.slice(semi)}`;
    })
    .join('');
}

/** A masked value already: a variable or the hidden mark. */
const MASKED_VALUE = /\$DOPPEL_[A-Z0-9_]+|\(masked\)/;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
