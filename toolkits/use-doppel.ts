// useDoppel's options and their reading, shared by doppel/vitest and doppel/jest: an in-process
// fake of this test file, or this worker's namespace on the shared doppel mock that the global
// setup started (or that runs at the given URLs).
import type { FakeOptions } from '../mock/index.js';
import { inProcessDoppel, type Doppel, type InProcessDoppel, type SharedDoppel } from './doppel-handle.js';
import { sharedDoppel } from './shared-doppel.js';

export interface InProcessOptions extends FakeOptions {
  shared?: false;
  /** Default true: state, journal and fault rules are reset before each test. */
  reset?: boolean;
}

export interface SharedOptions {
  /** A namespace on one doppel mock for the whole run (the global setup's, or `urls`). */
  shared: true;
  /** A doppel mock already running (`doppel mock`): its two base URLs, instead of the global setup's. */
  urls?: { trading: string; wallet: string };
  /** Default: one per worker (`vitest-<pool id>`, `jest-<worker id>`). */
  namespace?: string;
  adminToken?: string;
  reset?: boolean;
}

export type UseDoppelOptions = InProcessOptions | SharedOptions;

/** What the global setup hands to the workers. */
export interface ProvidedDoppel {
  trading: string;
  wallet: string;
  adminToken?: string;
}

export interface Runner {
  /** The global setup's mock, if it ran. */
  provided(): ProvidedDoppel | undefined;
  /** This worker's namespace. */
  namespace: string;
  /** The line to add to the runner's config. */
  setupHint: string;
}

/** How doppel/jest/global-setup hands the mock's URLs to jest's workers (JSON of ProvidedDoppel). */
export const DOPPEL_URLS_ENV = 'DOPPEL_SHARED_MOCK';

const SHARED_KEYS = new Set(['shared', 'urls', 'namespace', 'adminToken', 'reset']);

export function openDoppel(options: InProcessOptions | undefined, runner: Runner): InProcessDoppel;
export function openDoppel(options: SharedOptions, runner: Runner): SharedDoppel;
export function openDoppel(options: UseDoppelOptions | undefined, runner: Runner): Doppel;
export function openDoppel(options: UseDoppelOptions = {}, runner: Runner): Doppel {
  if (options.shared !== true) {
    const { shared: _shared, reset: _reset, ...fakeOptions } = options;
    return inProcessDoppel(fakeOptions);
  }
  const stray = Object.keys(options).filter((name) => !SHARED_KEYS.has(name));
  if (stray.length > 0) throw new TypeError(`doppel: ${stray.join(', ')} configure an in-process fake; a shared doppel mock takes them where it starts (the global setup's options, or doppel mock's flags)`);
  const provided = options.urls ?? runner.provided();
  if (provided === undefined) {
    throw new Error(`doppel: useDoppel({ shared: true }) needs the doppel mock that doppel's global setup starts, and none was started. ${runner.setupHint}; or pass the URLs of a running doppel mock: useDoppel({ shared: true, urls: { trading: 'http://127.0.0.1:4010', wallet: 'http://127.0.0.1:4020' } })`);
  }
  const adminToken = options.adminToken ?? (provided as ProvidedDoppel).adminToken;
  return sharedDoppel({ urls: { trading: provided.trading, wallet: provided.wallet }, namespace: options.namespace ?? runner.namespace, ...(adminToken ? { adminToken } : {}) });
}
