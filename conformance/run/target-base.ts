// A target URL as people give it: often copied from a request, `https://host/api/v1`. Every request
// path of both interfaces starts with /api/v1 already (seed trading §5, wallet §5), so that path
// would be sent twice. doppel check and doppel proxy both take it off, and say so in one line.

/** The URL without a trailing /api/v1 (or /api/v1/), and the line saying so when there was one. */
export function withoutApiPath(url: string, option: string, command: string): { url: string; line?: string | undefined } {
  if (!URL.canParse(url)) return { url };
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, '');
  if (!/\/api\/v1$/i.test(path)) return { url };
  parsed.pathname = path.slice(0, -'/api/v1'.length) || '/';
  const base = parsed.toString().replace(/\/$/, '');
  return { url: base, line: `${command}: ${option} ${url} ends with /api/v1, which every request path starts with already: using ${base}` };
}
