// The public surface of mock/core: the pipeline, the request/response types and the body rule.

export { createPipeline, stderrLogger, JSON_CONTENT_TYPE } from './pipeline.js';
export { createRouteTable } from '../../spec/route-table.js';
export { pipelineStatuses } from './pipeline-statuses.js';
export { errorResponse } from './respond.js';
export { decodeBody, isJsonContentType, declaredLengthExceeds, DEFAULT_BODY_LIMIT_BYTES } from './decode-body.js';

export { createGateway } from './gateway.js';
export { createRequestJournal, DEFAULT_JOURNAL_SIZE } from './request-journal.js';
export { createFaultRules, FaultRuleError, MAX_FAULT_DELAY_MS } from './fault-rules.js';
export { NAMESPACE_HEADER, DEFAULT_NAMESPACE } from './namespace-header.js';
export { matchesPattern } from './request-pattern.js';

export type { App, Logger, PipelineOptions, RoutedApp, RouteInfo } from './pipeline.js';
export type { GatewayOptions, ServedNamespace } from './gateway.js';
export type { CorsPolicy } from './cors.js';
export type { RequestJournal, JournalEntry, JournalFilter, Verification } from './request-journal.js';
export type { FaultAction, FaultRule, FaultRuleInput, FaultRules } from './fault-rules.js';
export type { RequestPattern } from './request-pattern.js';
export type { AdminRoute, InterfaceRules, OperationEntry, OperationInput, Page } from './operation-entry.js';
export type { FakeRequest, FakeResponse, BodyError } from './fake-request.js';
export type { HttpMethod, RouteMatch, RouteTable } from '../../spec/route-table.js';
export type { DecodedBody } from './decode-body.js';
