// Why the proxy answers a request itself after forwarding it, and whose failure that is. A target
// out of reach (the connection could not be made, so the request never went out) is not judged:
// nothing of it was seen, and traffic that met only that gives no verdict. A target that took the
// request and gave no readable answer (bytes that are not HTTP, a header block over undici's
// limit, the connection closed without an answer, no answer head within --target-timeout) failed:
// a client of it directly would have met the same. The answers are in the interfaces' error
// envelope (seed wallet §7, decision trading.error-shape) with the proxy's code.
import type { InterfaceName } from '../conformance/types.js';

export interface TargetFailure {
  /** unreachable: not the target's failure (not judged); fault: the target's. */
  kind: 'unreachable' | 'fault';
  status: 502 | 504;
  /** One line for the report and the terminal (data from the network: the caller masks and escapes it). */
  line: string;
  /** The proxy's answer body. */
  text: string;
}

/**
 * `sent`: the request went out on a connection to the target; `blame`: what the target did before
 * that explains the error (the bytes of its previous answer); `timeoutMs`: --target-timeout.
 */
export function targetFailure(iface: InterfaceName, target: string, error: unknown, sent: boolean, blame: string | undefined, timeoutMs: number): TargetFailure {
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code ?? (error as Error).name;
  const message = (error as Error)?.message ?? String(error);
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    const line = `the ${iface} target ${target} took the request and sent no answer head within ${timeoutMs / 1000} s (--target-timeout)`;
    return { kind: 'fault', status: 504, line, text: envelope(line, 'upstream_timeout') };
  }
  if (!sent) {
    const line = `cannot reach the ${iface} target ${target} (${code}: ${message})`;
    return { kind: 'unreachable', status: 502, line, text: envelope(line, 'upstream_unreachable') };
  }
  const line = `the ${iface} target ${target} took the request and gave no readable answer: ${blame ?? `${whatCame(code)} (${code}: ${message})`}`;
  return { kind: 'fault', status: 502, line, text: envelope(line, 'upstream_bad_answer') };
}

function whatCame(code: string): string {
  if (code === 'HTTPParserError' || code.startsWith('HPE_')) return 'the bytes it sent are not an HTTP answer';
  if (code === 'UND_ERR_HEADERS_OVERFLOW') return 'its answer head is larger than a client reads';
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') return 'it closed the connection without an answer';
  return 'its answer could not be read';
}

const envelope = (line: string, code: string): string => JSON.stringify({ success: false, error: `doppel proxy: ${line}`, code });
