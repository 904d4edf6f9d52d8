// Which names hold secrets, for every output of doppel that shows a request or an answer (the mock's
// journal and log, doppel check's and doppel proxy's reports, HAR files, learned profiles): one
// rule for a header, a query parameter, a cookie or a JSON field. Case is ignored and so are `-`
// and `_` (X-Auth-Token, access_token, apiKey); a name is a secret when it is one of a few words or
// ends with one of the others. A name that only contains such a word is not one: `token_id` (a field
// of the wallet's send) and `tokens` name no secret. What a password is stored as (`password_hash`,
// a `salt`) is one: a state dump of the target shows them; a `tx_hash` is not.
const IS = new Set(['key', 'auth', 'authorization', 'cookie', 'setcookie']);
const ENDS_WITH = ['token', 'secret', 'password', 'passwd', 'apikey', 'accesskey', 'privatekey', 'signature', 'credential', 'sessionid', 'passwordhash', 'salt'];

// Answers by name: doppel proxy asks for every field of every answer it sees, and the same few
// dozen names come again and again. Bounded, for traffic that makes up new names.
const known = new Map<string, boolean>();
const KNOWN_MAX = 1024;

/** Whether a header, query parameter, cookie or JSON field of this name holds a secret. */
export function isSecretName(name: string): boolean {
  let secret = known.get(name);
  if (secret === undefined) {
    const n = name.toLowerCase().replace(/[-_]/g, '');
    secret = IS.has(n) || ENDS_WITH.some((word) => n.endsWith(word));
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(name, secret);
  }
  return secret;
}
