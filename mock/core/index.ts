// The public surface of mock/core: the pipeline, the request/response types and the body rule.

export { createPipeline, stderrLogger, JSON_CONTENT_TYPE } from './pipeline.js';
export { createRouteTable } from './route-table.js';
export { pipelineStatuses } from './pipeline-statuses.js';
export { errorResponse } from './respond.js';
export { decodeBody, isJsonContentType, declaredLengthExceeds, DEFAULT_BODY_LIMIT_BYTES } from './decode-body.js';

export type { App, Logger, PipelineOptions } from './pipeline.js';
export type { AdminRoute, InterfaceRules, OperationEntry, OperationInput, Page } from './operation-entry.js';
export type { FakeRequest, FakeResponse, BodyError } from './fake-request.js';
export type { HttpMethod, RouteMatch, RouteTable } from './route-table.js';
export type { DecodedBody } from './decode-body.js';
