// createHandlers: msw request handlers over a fake, for in-process tests without a port.
import type { RequestHandler } from 'msw';
import { DEFAULT_BASE_URLS, type Fake } from './create-fake.js';

export interface HandlerUrls {
  /** Base URL the client under test uses for the trading interface. */
  tradingBaseUrl?: string;
  walletBaseUrl?: string;
}

/**
 * Async because msw is loaded on first use: `doppel mock` never needs it, and importing it costs
 * more than the whole rest of the start-up (`doppel mock`'s start-up target is 250 ms).
 */
export async function createHandlers(fake: Fake, urls: HandlerUrls = {}): Promise<RequestHandler[]> {
  const { createMswHandlers } = await import('./msw/create-msw-handlers.js');
  return [
    ...createMswHandlers(fake.trading, urls.tradingBaseUrl ?? DEFAULT_BASE_URLS.trading),
    ...createMswHandlers(fake.wallet, urls.walletBaseUrl ?? DEFAULT_BASE_URLS.wallet),
  ];
}
