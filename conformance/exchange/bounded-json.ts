// JSON from the network, parsed only when its nesting is one a check can walk: JSON.parse itself
// takes any depth, but the checks, the schema validator and the reporters (JSON.stringify) recurse,
// and a 100,000-deep body would overflow their stack and end a proxy. Neither interface nests
// near this deep: deeper is judged "not JSON", with this reason.
export const MAX_JSON_DEPTH = 512;

/** Whether `text`'s arrays and objects nest deeper than `limit` (strings skipped; one pass, no allocation). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  // Fewer characters than two brackets a level cannot be that deep, nor fewer opening brackets
  // than levels (counted with indexOf, about 0.1 µs for a 1 kB answer against 3-5 µs for the walk
  // below, which doppel proxy would otherwise pay for every answer it judges).
  if (text.length <= limit * 2 || openingsAtMost(text, limit)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether `text` holds at most `limit` of `{` and `[` in all (inside strings too: an upper bound). */
function openingsAtMost(text: string, limit: number): boolean {
  let n = 0;
  for (let i = text.indexOf('{'); i !== -1; i = text.indexOf('{', i + 1)) if (++n > limit) return false;
  for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1)) if (++n > limit) return false;
  return true;
}

/** JSON.parse's message for an empty text, asked once (see parseBoundedJson). */
let emptyTextError: string | undefined;

/** JSON.parse, refusing (with a reason) what nests deeper than MAX_JSON_DEPTH. */
export function parseBoundedJson(text: string): { value: unknown; error?: undefined } | { value?: undefined; error: string } {
  // doppel proxy records every answer it does not judge with an empty text: a thrown SyntaxError
  // for each, with its stack, was about 20 µs of such an exchange, a third of the proxy's own time
  // per request. The empty text's message is the same every time; for the rest, only the message
  // of a parse error is kept, so no stack is captured.
  if (text === '' && emptyTextError !== undefined) return { error: emptyTextError };
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { error: `it nests deeper than ${MAX_JSON_DEPTH} levels, which doppel does not judge as JSON` };
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const { message } = error as Error;
    if (text === '') emptyTextError = message;
    return { error: message };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}
