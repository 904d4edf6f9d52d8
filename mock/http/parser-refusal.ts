// The answers to requests node's HTTP parser refuses before any route: the only statuses and codes
// of the fake that come from the HTTP adapter rather than the pipeline (decisions
// trading.request-bodies, wallet.guard-order). In-process adapters (msw, fake.fetch) never meet them.

export const PARSER_REFUSALS = {
  /** Malformed request line or headers (e.g. a control character in a header value). */
  malformed_request: { status: 400, message: 'the request is not well-formed HTTP/1.1' },
  /** Headers not within 10 s, or the whole request not within 30 s (slowloris bounds). */
  request_timeout: { status: 408, message: 'the request did not arrive in time' },
  /** Request line and headers over 16 KiB. */
  headers_too_large: { status: 431, message: 'request line and headers exceed 16 KiB' },
} as const;

export type ParserRefusalCode = keyof typeof PARSER_REFUSALS;

export interface ParserRefusal {
  status: number;
  code: ParserRefusalCode;
  /** The error envelope, as every other error of the fake. */
  body: { success: false; error: string; code: ParserRefusalCode };
}

/** The answer for node's clientError code (HPE_HEADER_OVERFLOW, ERR_HTTP_REQUEST_TIMEOUT, any other parse error). */
export function parserRefusal(nodeErrorCode?: string): ParserRefusal {
  const code: ParserRefusalCode =
    nodeErrorCode === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : nodeErrorCode === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request_timeout' : 'malformed_request';
  const { status, message } = PARSER_REFUSALS[code];
  return { status, code, body: { success: false, error: message, code } };
}
