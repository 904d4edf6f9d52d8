// The registry of stable error codes and the HTTP status each one maps to.
//
// One table so that a code always means the same status everywhere. Trading and wallet fakes add
// their codes here. Statuses come from seed trading §7 (400, 401, 403, 404, 500) and
// seed wallet §7-8 (429); 409 and 413 are doppel decisions. The codes of requests the HTTP
// parser refuses before any route live with that adapter (mock/http/parser-refusal.ts).

export const ERROR_CODES = {
  invalid_request: 400,
  invalid_json: 400,
  // Decision: 400, not 415, because the trading seed documents only 400 for bad requests.
  unsupported_media_type: 400,
  insufficient_balance: 400,
  order_not_open: 400,
  unknown_market: 400,
  unauthorized: 401,
  forbidden: 403,
  ip_not_whitelisted: 403,
  // GET /api/v1/price/{symbol} with a symbol that has no price: "resource not found" (seed trading §7).
  unknown_symbol: 404,
  not_found: 404,
  // Unknown path and known path with a wrong method alike: the seed lists 404 and no 405.
  route_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  // The admin API's (doppel's own, outside both interfaces): an admin POST without
  // Content-Type: application/json, which a web page could send without a CORS preflight
  // (mock/admin/admin-guard.ts).
  json_required: 415,
  rate_limited: 429,
  internal: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(s: string): s is ErrorCode {
  return Object.hasOwn(ERROR_CODES, s);
}
