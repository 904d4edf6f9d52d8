// Child process of bench/long-lived.ts: `doppel mock`'s startMock with a large state (orders of one
// account, built through the backend: test/support/big-state.ts), its URLs sent over IPC.
import { startMock } from '../mock/index.js';
import { buildBigState } from '../test/support/big-state.js';

const orders = Number(process.argv[2] ?? '200000');
const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
const started = performance.now();
buildBigState(mock.fake, orders, 2_000);
const buildMs = performance.now() - started;
process.send?.({ trading: mock.trading.url, wallet: mock.wallet.url, buildMs });
process.on('message', (message: { stop?: boolean }) => {
  if (message.stop === true) void mock.close().then(() => process.exit(0));
});
