// The header that names the caller's IP for in-process (msw) requests, which have no socket.

/**
 * Decision: in-process requests have no socket, so the caller IP is 127.0.0.1 unless the request
 * carries an `x-doppel-client-ip` header, which lets tests exercise the IP whitelist
 * (seed trading §5.6) without a network.
 */
export const CLIENT_IP_HEADER = 'x-doppel-client-ip';
