// mock/: the stateful fake of both interfaces — its whole public surface.
export { createFake, DEFAULT_BASE_URLS } from './create-fake.js';
export { startMock } from './start-mock.js';
export { createHandlers } from './create-handlers.js';
export { CLIENT_IP_HEADER } from './core/client-ip-header.js';
export { ProfileError } from '../spec/profile.js';
export { SnapshotError, SNAPSHOT_VERSION, readSnapshotEnvelope } from './domain/snapshot/index.js';

export type { Profile } from '../spec/profile.js';
export type { Fake, FakeOptions } from './create-fake.js';
export type { RunningMock, StartMockOptions } from './start-mock.js';
export type { HandlerUrls } from './create-handlers.js';
export type { FetchLike } from './fetch/create-fake-fetch.js';
export type { App, FakeRequest, FakeResponse } from './core/index.js';
export type { DoppelSnapshot, TradingSnapshot, WalletSnapshot } from './domain/snapshot/index.js';
