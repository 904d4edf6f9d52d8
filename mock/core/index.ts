// The public surface of mock/core: the router, the request/response types and the body rule.

export { createApp, stderrLogger, JSON_CONTENT_TYPE } from './router.js';
export { errorResponse } from './respond.js';
export { decodeBody, isJsonContentType, declaredLengthExceeds, DEFAULT_BODY_LIMIT_BYTES } from './decode-body.js';

export type { App, AppOptions, Logger } from './router.js';
export type { FakeRequest, FakeResponse, BodyError } from './fake-request.js';
export type { Route, RouteResult, HttpMethod } from './route.js';
export type { DecodedBody } from './decode-body.js';
