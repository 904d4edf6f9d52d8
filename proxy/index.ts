// proxy/: doppel proxy, a reverse proxy that checks and records a deployment's real traffic with
// the checks of doppel check, sending no request of its own (Node only) — its whole public surface.
export { DEFAULT_MAX_CHECK_BYTES, DEFAULT_PORTS, TARGET_RESET_PATH, VIOLATIONS_PATH, startProxy } from './start-proxy.js';
export { runProxyCli, violationLine } from './run-proxy-cli.js';

export type { ProxyOptions, RunningProxy } from './start-proxy.js';
export type { ProxyCliOptions } from './run-proxy-cli.js';
