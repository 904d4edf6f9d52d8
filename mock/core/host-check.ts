// The Host rule against DNS rebinding (docs/guides/security.md). A page on http://evil.test:4010
// whose name the attacker's DNS then points at 127.0.0.1 reaches doppel mock's loopback listener as
// its own origin, so CORS does not stop it; but its requests still say `Host: evil.test:4010`.
// While doppel mock listens on loopback, a request whose Host is not a name of this machine nor one
// the user allowed (--allowed-host) is refused with 403, before anything else (mock/core/gateway.ts).
// The dev servers' fix for the same hole: webpack-dev-server's allowedHosts (CVE-2025-30359,
// CVE-2025-30360), Vite's server.allowedHosts (CVE-2025-24010).
//
// In process (msw, fake.fetch, the browser's worker) no request crossed a socket: the Host is
// whatever URL the test chose, and no other page can reach the fake; the rule does not apply
// (FakeRequest.listener is unset). Off loopback, the fake is meant to be reached under other
// names, and the admin token guards the admin API instead.
//
// Names are compared as the WHATWG URL parser writes them, which is how a browser forms the Host
// it sends: lower case, IPv4 in dotted decimal (127.1 is 127.0.0.1), IPv6 compressed in brackets.
// No dependency: the command line checks --allowed-host with this module before anything loads.

/** A Host header's shape: a name or an IPv4 address, or an IPv6 address in brackets; a port. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/;
const LOCALHOST = /^(?:[a-z0-9_-]+\.)*localhost$/;
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** ::1, and 127.0.0.0/8 mapped into IPv6 (::ffff:7f00:1 as the URL parser writes ::ffff:127.0.0.1). */
const IPV6_LOOPBACK = /^\[(?:::1|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})\]$/;

/** `name` as the URL parser normalizes it, or undefined when it is no host (999.1.1.1, a:b). */
function normalized(name: string): string | undefined {
  try {
    return new URL(`http://${name}/`).hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

/**
 * A host name (no port) that only ever names this machine: a loopback address, `localhost`, or a
 * name under `.localhost`, which browsers resolve to loopback themselves (never through DNS, so a
 * rebinding attacker cannot own one). `name` as normalized().
 */
function isLoopbackName(name: string): boolean {
  return LOCALHOST.test(name) || IPV4_LOOPBACK.test(name) || IPV6_LOOPBACK.test(name);
}

/**
 * Checks the entries of --allowed-host (StartMockOptions.allowedHosts): a host name, `.name` for
 * the name and every name under it, or an IP address (IPv6 with or without brackets); no port, no
 * scheme. Returns them normalized; throws an Error naming the bad entry.
 */
export function readAllowedHosts(list: readonly string[]): string[] {
  return list.map((entry) => {
    const text = entry.trim().toLowerCase();
    const domain = text.startsWith('.');
    const bare = domain ? text.slice(1) : text;
    const host = bare.includes(':') && !bare.startsWith('[') ? `[${bare}]` : bare;
    // Normalized first (bücher.test is xn--bcher-kva.test, as a browser sends it), then its shape.
    const name = /[/?#@\s]/.test(host) ? undefined : normalized(host);
    const match = name === undefined ? null : HOST.exec(name);
    if (name === undefined || match === null || match[2] !== undefined || (domain && name.startsWith('['))) {
      throw new Error(`--allowed-host: ${JSON.stringify(entry)} is not a host name (such as myapp.test, or .myapp.test for it and every name under it) or an IP address; give it without scheme or port`);
    }
    return domain ? `.${name}` : name;
  });
}

/** The name of a Host header, normalized, or undefined when it is malformed. */
function hostName(header: string): string | undefined {
  const match = HOST.exec(header.trim().toLowerCase());
  if (match === null || (match[2] !== undefined && Number(match[2]) > 65535)) return undefined;
  return normalized(match[1] as string);
}

function isAllowed(name: string, allowed: readonly string[]): boolean {
  if (isLoopbackName(name)) return true;
  return allowed.some((entry) => (entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry));
}

/**
 * The Host rule for these allowed hosts (readAllowedHosts' output): for a Host header, why it is
 * refused (the gateway answers 403 host_not_allowed with it), or undefined. A request without Host
 * (HTTP/1.0) passes: every browser sends one. A client sends the same Host on every request, so
 * the verdicts are kept (a few dozen at most: a flood of made-up names only refills the memo).
 */
export function createHostCheck(allowed: readonly string[]): (header: string | undefined) => string | undefined {
  const verdicts = new Map<string, string | undefined>();
  return (header) => {
    if (header === undefined) return undefined;
    if (verdicts.has(header)) return verdicts.get(header);
    const verdict = checkHost(header, allowed);
    if (verdicts.size >= 64) verdicts.clear();
    verdicts.set(header, verdict);
    return verdict;
  };
}

/** One Host header against the allowed hosts: why it is refused, or undefined. */
export function checkHost(header: string, allowed: readonly string[]): string | undefined {
  const name = hostName(header);
  if (name !== undefined && isAllowed(name, allowed)) return undefined;
  const hint = name === undefined ? 'it is not a valid Host header' : `to allow this one, start it with --allowed-host ${name} (startMock: allowedHosts)`;
  return (
    `Host ${JSON.stringify(header.slice(0, 100))} is not a name of this machine: doppel mock on loopback answers only localhost, ` +
    `*.localhost, 127.0.0.0/8, [::1] and the names given with --allowed-host (against DNS rebinding); ${hint}`
  );
}
