// What came from the network is data: before it reaches a terminal or a log line, its control
// characters are escaped, so that an answer or a path cannot print a forged line (`\n`), move the
// cursor, colour the screen (`\x1b[…`) or reorder what follows (bidirectional overrides).
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with each control character written as an escape (`\n`, `\x1b`, `\u202e`). */
export function plainText(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}
