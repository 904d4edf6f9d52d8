// One generated invalid request: what was broken, and whether the seed or a doppel decision says
// it must be rejected with 400.
export interface InvalidCase {
  operationId: string;
  /** What the mutation did, e.g. `leverage = 0 (below minimum 1)`. */
  mutation: string;
  /** `seed …` or `decision:<id>`: the rule that makes it invalid. */
  basis: string;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string>;
  /** Path parameters (the operation's path comes from spec/). */
  params?: Record<string, string | number>;
}
