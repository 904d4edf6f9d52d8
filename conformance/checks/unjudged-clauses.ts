// The clauses of docs/interfaces (spec/clauses.ts ids) that no assertion judges, each with why it
// cannot be judged from outside the target. docs/reference/seed-coverage.md lists them with the
// judged ones; a test fails when a clause has neither an assertion nor a reason here, or both.
export const UNJUDGED_CLAUSES: Readonly<Record<string, string>> = {
  'trading §1 bullet 1': 'says what the service is for; no answer can show it',
  'trading §1 bullet 3': 'names the trading kinds; each is judged under its own §4 row',
  'trading §1 bullet 4': 'the address is the checker\'s input (--trading-url); every request it sends begins with /api/v1, so a target elsewhere fails every other clause',
  'trading §5.2': 'keys are created in the account\'s API-keys area: no operation of the interface does it',
  'trading §5.7': 'key format, lifetime and the whitelist\'s configuration are not shown, and no operation exposes them (decision trading.key-format is the fake\'s alone)',
  'trading §6 Events, callbacks or notifications': 'no events are shown: nothing the target sends could be judged (decision trading.events)',
  'trading §8 bullet 2': 'rate limits are not shown: a trading 429 is not judged (decision trading.rate-limit is the fake\'s alone)',
  'trading §9 bullet 1': 'the version is part of every path the checker sends (/api/v1): a target without it fails every other clause',
  'trading §9 bullet 2': 'a policy for future versions has no answer to judge (decision trading.versioning)',
  'wallet §1 bullet 1': 'says what the service is for; no answer can show it',
  'wallet §1 bullet 3': 'the address is the checker\'s input (--wallet-url); every request it sends begins with /api/v1, so a target elsewhere fails every other clause',
  'wallet §6 Events, callbacks or notifications': 'no events are shown: nothing the target sends could be judged (decision wallet.events)',
  'wallet §9 bullet 1': 'the version is part of every path the checker sends (/api/v1): a target without it fails every other clause',
  'wallet §9 bullet 2': 'a policy for future versions has no answer to judge (decision wallet.versioning)',
};
