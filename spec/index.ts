// spec/: the two OpenAPI documents as data: operation tables, validators, decisions and types.
export { INTERFACES, loadSpec, resolveRef } from './load-spec.js';
export { getOperation, operations } from './operations.js';
export { interfacesAt, operationAt, pathParamsAt } from './operation-at.js';
export { describe, validateParams, validateRequestBody, validateResponse, validatorAt } from './validators.js';
export { decision, decisions } from './decisions.js';
export { DECISION_POINTS, DEFAULT_DECISIONS, NOT_LEARNABLE, OPERATION_ID_SLOT, TRADING_GUARD_ORDERS, WALLET_GUARD_ORDERS, decisionOf, decisionPoint, keyRequiredByProfile, pointsOf, renderTemplate, statusPointFor, templateOf } from './decision-points.js';
export { isSecretName } from './secret-name.js';
export { clausesOf } from './clauses.js';
export { resourceGraph } from './resource-graph.js';
export { PROFILE_VERSION, ProfileError, profileSchema, readProfile } from './profile.js';

export type { InterfaceName, OpenApiDocument } from './load-spec.js';
export type { Operation, ParameterSpec, Permission } from './operations.js';
export type { ValidationResult } from './validators.js';
export type { Decision } from './decisions.js';
export type { DecisionPoint, DecisionValues, PointId, PointKind } from './decision-points.js';
export type { Clause, ClauseForm, ClauseInterface } from './clauses.js';
export type { Carrier, CarrierRole, Comparison, FieldSource, Relation, RelationKind, RelationSource, Resource, ResourceGraph, Scope } from './resource-graph.js';
export type { Evidence, Profile, ProfilePoint } from './profile.js';
