// mock/: the stateful fake of both interfaces — its whole public surface.
export { createFake, DEFAULT_BASE_URLS } from './create-fake.js';
export { startMock } from './start-mock.js';
export { createFolders } from './create-folders.js';
export { createHandlers } from './create-handlers.js';
export { CLIENT_IP_HEADER } from './core/client-ip-header.js';
export { NAMESPACE_HEADER, DEFAULT_NAMESPACE, DEFAULT_JOURNAL_SIZE, FaultRuleError } from './core/index.js';
export { ProfileError } from '../spec/profile.js';
export { SnapshotError, SNAPSHOT_VERSION, readSnapshotEnvelope } from './domain/snapshot/index.js';

export type { Profile } from '../spec/profile.js';
export type { Fake, FakeOptions, FakeNamespace } from './create-fake.js';
export type { RunningMock, StartMockOptions } from './start-mock.js';
export type { HandlerUrls } from './create-handlers.js';
export type { FetchLike } from './fetch/create-fake-fetch.js';
export type { App, FakeRequest, FakeResponse } from './core/index.js';
export type { JournalEntry, JournalFilter, Verification, FaultAction, FaultRule, FaultRuleInput, RequestPattern } from './core/index.js';
export type { DoppelSnapshot, TradingSnapshot, WalletSnapshot } from './domain/snapshot/index.js';
