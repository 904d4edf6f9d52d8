// jest with doppel/jest: one doppel mock for the run (the global setup), each jest worker in its
// own namespace. Copy this folder into a project as it is. jest runs ES modules with Node's
// --experimental-vm-modules: NODE_OPTIONS=--experimental-vm-modules npx jest --config examples/jest/jest.config.mjs
import { fileURLToPath } from 'node:url';

export default {
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  testMatch: ['<rootDir>/*.example.mjs'],
  transform: {},
  testEnvironment: 'node',
  globalSetup: 'doppel/jest/global-setup',
  globalTeardown: 'doppel/jest/global-teardown',
};
