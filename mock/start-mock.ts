// startMock: serves both interfaces of a fake over HTTP (what `doppel mock` runs).
import { isLoopback } from './admin/is-loopback.js';
import { createFake, type Fake, type FakeOptions } from './create-fake.js';
import { startHttpServer } from './http/start-http-server.js';

export interface StartMockOptions extends FakeOptions {
  host?: string;
  /** 0 = a free port. Defaults: trading 4010, wallet 4020. */
  tradingPort?: number;
  walletPort?: number;
  /** Print nothing (the ready lines go to stdout otherwise). */
  quiet?: boolean;
  log?: (line: string) => void;
}

export interface RunningMock {
  trading: { url: string; port: number };
  wallet: { url: string; port: number };
  fake: Fake;
  close(): Promise<void>;
}

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.adminToken) {
    throw new Error(`binding ${host} exposes the admin API beyond this machine: give --admin-token`);
  }
  const fake = createFake({ clock: 'realtime', ...options });
  const trading = await startHttpServer(fake.trading, { host, port: options.tradingPort ?? 4010 });
  let wallet;
  try {
    wallet = await startHttpServer(fake.wallet, { host, port: options.walletPort ?? 4020 });
  } catch (error) {
    await trading.close();
    throw error;
  }
  if (!options.quiet) {
    const log = options.log ?? ((line: string) => console.log(line));
    log(`doppel trading interface ready at ${trading.url}`);
    log(`doppel wallet interface ready at ${wallet.url}`);
  }
  return {
    trading: { url: trading.url, port: trading.port },
    wallet: { url: wallet.url, port: wallet.port },
    fake,
    close: async () => {
      await Promise.all([trading.close(), wallet.close()]);
    },
  };
}
