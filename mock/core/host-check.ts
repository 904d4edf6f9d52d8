// The Host rule against DNS rebinding (docs/guides/security.md). A page on http://evil.test:4010
// whose name the attacker's DNS then points at 127.0.0.1 reaches doppel mock's loopback listener as
// its own origin, so CORS does not stop it; but its requests still say `Host: evil.test:4010`.
// While doppel mock listens on loopback, a request whose Host is not a name of this machine
// (mock/core/loopback.ts) nor one the user allowed (--allowed-host) is refused with 403, before
// anything else. The dev servers' fix for the same hole: webpack-dev-server's allowedHosts
// (CVE-2025-30359, CVE-2025-30360), Vite's server.allowedHosts (CVE-2025-24010).
//
// In process (msw, fake.fetch, the browser's worker) no request crossed a socket: the Host is
// whatever URL the test chose, and no other page can reach the fake; the rule does not apply
// (FakeRequest.listener is unset). Off loopback, the fake is meant to be reached under other
// names, and the admin token guards the admin API instead.
//
// The refusal is doppel's own, like the HTTP parser's (mock/http/parser-refusal.ts): outside both
// interfaces' contracts, in their error envelope, with a code of its own.
import ipaddr from 'ipaddr.js';
import { isLoopbackHostName } from './loopback.js';

const NAME = /^\.?(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

/**
 * Checks the entries of --allowed-host (StartMockOptions.allowedHosts): a host name, `.name` for
 * the name and every name under it, or an IP address; no port, no scheme. Returns them normalized;
 * throws an Error naming the bad entry.
 */
export function readAllowedHosts(list: readonly string[]): string[] {
  return list.map((entry) => {
    const text = entry.trim().toLowerCase();
    const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
    if (ipaddr.isValid(address)) return ipaddr.process(address).toString();
    if (!NAME.test(text.replace(/\.$/, ''))) {
      throw new Error(`--allowed-host: ${JSON.stringify(entry)} is not a host name (such as myapp.test, or .myapp.test for it and every name under it) or an IP address; give it without scheme or port`);
    }
    return text.replace(/\.$/, '');
  });
}

/** The name of a Host header (`name[:port]`, `[v6]:port`), lower case, or undefined when it is malformed. */
function hostName(header: string): string | undefined {
  const host = header.trim().toLowerCase();
  let name: string;
  let port: string;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end === -1) return undefined;
    name = host.slice(1, end);
    port = host.slice(end + 1);
    if (!ipaddr.IPv6.isValid(name)) return undefined;
  } else {
    const colon = host.indexOf(':');
    name = colon === -1 ? host : host.slice(0, colon);
    port = colon === -1 ? '' : host.slice(colon);
  }
  if (port !== '' && !/^:\d{1,5}$/.test(port)) return undefined;
  name = name.replace(/\.$/, '');
  if (ipaddr.isValid(name)) return ipaddr.process(name).toString();
  return NAME.test(name) && !name.startsWith('.') ? name : undefined;
}

function isAllowed(name: string, allowed: readonly string[]): boolean {
  if (isLoopbackHostName(name)) return true;
  return allowed.some((entry) => (entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry));
}

/**
 * Why a request whose Host header names neither this machine nor an allowed host is refused (the
 * gateway answers 403 host_not_allowed with it), else undefined. A request without Host (HTTP/1.0)
 * passes: every browser sends one.
 */
export function checkHost(header: string | undefined, allowed: readonly string[]): string | undefined {
  if (header === undefined) return undefined;
  const name = hostName(header);
  if (name !== undefined && isAllowed(name, allowed)) return undefined;
  const hint = name === undefined ? 'it is not a valid Host header' : `to allow this one, start it with --allowed-host ${name.includes(':') ? `[${name}]` : name} (startMock: allowedHosts)`;
  return (
    `Host ${JSON.stringify(header.slice(0, 100))} is not a name of this machine: doppel mock on loopback answers only localhost, ` +
    `*.localhost, 127.0.0.0/8, [::1] and the names given with --allowed-host (against DNS rebinding); ${hint}`
  );
}
