// The request header that selects a namespace: an isolated fake with its own state,
// demo data and clock, created on first use. Without the header: the default namespace.

export const NAMESPACE_HEADER = 'x-doppel-namespace';
export const DEFAULT_NAMESPACE = 'default';
/** Letters, digits, `.`, `_`, `-`; 1 to 64 characters (`worker-3`, `ci.job_17`). */
export const NAMESPACE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export function namespaceOf(headers: Record<string, string | undefined>): string {
  return headers[NAMESPACE_HEADER] ?? DEFAULT_NAMESPACE;
}
