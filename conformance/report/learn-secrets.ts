// The secrets an exchange shows, by name (spec/secret-name.ts), both ways: request headers, query
// parameters, cookies and JSON fields of the request body, and of the answer (a login's token, a
// state dump's keys, a Set-Cookie). Each value is registered with Secrets, which masks it
// wherever it appears from then on, in every line and report, answers included.
import { isSecretName } from '../../spec/index.js';
import type { Exchange } from '../types.js';
import { parseBoundedJson } from '../exchange/bounded-json.js';
import type { Secrets } from './secrets.js';

/** Headers whose secrets have a name of their own (the curl lines' variables); others are named after the header. */
const NAMED_HEADERS: Readonly<Record<string, readonly [string, string]>> = {
  'api-key': ['DOPPEL_TRADING_KEY', 'API-KEY seen in the traffic'],
  'x-api-key': ['DOPPEL_WALLET_KEY', 'X-API-Key seen in the traffic'],
  authorization: ['DOPPEL_AUTHORIZATION', 'Authorization header seen in the traffic'],
};

const ALREADY_MASKED = /^\$DOPPEL_[A-Z0-9_]+$/;
/** Fields looked at in one body at most: a huge answer costs a bounded walk. */
const MAX_FIELDS = 20_000;

const variable = (name: string): string => `DOPPEL_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`;

export type SecretsSource = Pick<Exchange, 'url' | 'requestHeaders' | 'requestBody' | 'responseHeaders' | 'operationId' | 'status' | 'json'>;

/** Where learned secrets go: Secrets itself, or a collector that adds them later. */
export type SecretSink = Pick<Secrets, 'add'>;

/**
 * Registers what the exchange shows under secret names. `requestHeaders: false` leaves the request's
 * headers to whoever chose them (doppel check registers the keys it sends under their own names).
 */
export function learnSecrets(secrets: SecretSink, ex: SecretsSource, options: { requestHeaders?: boolean } = {}): void {
  const add = (value: unknown, base: string, what: string): void => {
    if (typeof value === 'string' && !ALREADY_MASKED.test(value)) secrets.add(value, base, what);
  };
  // A login's token first, so that it keeps its own name.
  if (ex.operationId === 'login' && ex.status >= 200 && ex.status < 300 && ex.json !== null && typeof ex.json === 'object') add((ex.json as Record<string, unknown>)['token'], 'DOPPEL_LOGIN_TOKEN', 'login token seen in the traffic');
  for (const [name, value] of Object.entries(options.requestHeaders === false ? {} : ex.requestHeaders)) {
    if (!isSecretName(name)) continue;
    // A Cookie header by its cookies: the header then shows their names (HAR, curl lines), each value a variable.
    if (name === 'cookie') {
      cookies(value, add);
      continue;
    }
    const [base, what] = NAMED_HEADERS[name] ?? [variable(name), `${name} header seen in the traffic`];
    add(value, base, what);
  }
  for (const [name, value] of Object.entries(ex.responseHeaders)) {
    if (!isSecretName(name)) continue;
    if (name === 'set-cookie') cookies(value.split(/,(?=\s*[^;,=\s]+=)/).map((c) => c.split(';')[0] ?? '').join('; '), add);
    else add(value, variable(name), `${name} header of an answer seen in the traffic`);
  }
  if (URL.canParse(ex.url)) for (const [name, value] of new URL(ex.url).searchParams) if (isSecretName(name)) add(value, variable(name), `${name} query parameter seen in the traffic`);
  if (ex.requestBody !== undefined) fields(parseBoundedJson(ex.requestBody).value, 'request', add);
  fields(ex.json, 'answer', add);
}

/** Every cookie's value (a cookie is a credential whatever its name: RFC 6265 §8), under its name's variable. */
function cookies(header: string, add: (value: unknown, base: string, what: string) => void): void {
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    add(pair.slice(eq + 1).trim(), variable(isSecretName(name) ? name : `cookie_${name}`), `${name} cookie seen in the traffic`);
  }
}

/**
 * The string values of secret-named fields anywhere in a parsed body (a bounded walk, no
 * recursion), and every string inside a secret-named field that is an object or a list (a state
 * dump's `password: {algorithm, salt, hash}`): a secret's name covers all it holds.
 */
function fields(body: unknown, where: string, add: (value: unknown, base: string, what: string) => void): void {
  const stack: [value: unknown, under: string | undefined][] = [[body, undefined]];
  let seen = 0;
  while (stack.length > 0 && seen < MAX_FIELDS) {
    const [value, under] = stack.pop() as [unknown, string | undefined];
    if (value === null || typeof value !== 'object') continue;
    const entries: [string | undefined, unknown][] = Array.isArray(value) ? value.slice(0, MAX_FIELDS).map((v) => [undefined, v]) : Object.entries(value);
    for (const [name, field] of entries) {
      seen++;
      const secret = under ?? (name !== undefined && isSecretName(name) ? name : undefined);
      if (typeof field === 'string') {
        if (secret !== undefined) add(field, variable(secret), `${secret} field of a ${where} seen in the traffic`);
      } else if (field !== null && typeof field === 'object') stack.push([field, secret]);
    }
  }
}
