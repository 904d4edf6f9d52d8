// spec/: the two OpenAPI documents as data: operation tables, validators, decisions and types.
export { INTERFACES, loadSpec, resolveRef } from './load-spec.js';
export { getOperation, operations } from './operations.js';
export { describe, validateParams, validateRequestBody, validateResponse, validatorAt } from './validators.js';
export { decision, decisions } from './decisions.js';

export type { InterfaceName, OpenApiDocument } from './load-spec.js';
export type { Operation, ParameterSpec, Permission } from './operations.js';
export type { ValidationResult } from './validators.js';
export type { Decision } from './decisions.js';
