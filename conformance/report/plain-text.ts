// What came from the network is data: before it reaches a terminal or a log line, its control
// characters are escaped, so that an answer or a path cannot print a forged line (`\n`), move the
// cursor, colour the screen (`\x1b[…`) or reorder what follows (bidirectional overrides). The same
// in every file a person opens (a report, a script, a HAR): escaped text there, escaped JSON strings.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** What a file keeps as it is where it shows text by lines (an HTML <pre>, JUnit's text): line feeds and tabs. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw in a string, though a terminal or an editor acts on it. */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escaped = (c: string): string => {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
};

/** `text` with each control character written as an escape (`\n`, `\x1b`, `\u202e`); `keepLines`: line feeds and tabs stay. */
export function plainText(text: string, keepLines = false): string {
  return text.replace(keepLines ? CONTROL_BUT_LINES : CONTROL, escaped);
}

/** JSON.stringify, with what it leaves raw (DEL, C1 controls, line separators, bidirectional controls) as `\uXXXX` escapes: the same value, read back. */
export function plainJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
