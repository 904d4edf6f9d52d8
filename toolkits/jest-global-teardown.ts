// doppel/jest/global-teardown: stops the doppel mock of doppel/jest/global-setup.
export { doppelGlobalTeardown as default } from './jest-global-setup.js';
