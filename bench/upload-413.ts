// Section "413 always arrives": oversized uploads (2 MB and 20 MB, every POST operation
// of both interfaces, Content-Length and chunked, three clients) against the fake in a child
// process; every one must get the 413 envelope rather than EPIPE or ECONNRESET.
import { oversizedUploadCases, tryUpload } from '../test/support/oversized-upload.js';
import { startFakeProcess } from './fake-process.js';

export interface Upload413Result {
  uploads: number;
  got413: number;
  /** The first few that did not, and what they got. */
  wrong: string[];
}

export async function runUpload413(count: number): Promise<Upload413Result> {
  const server = await startFakeProcess({ walletRateLimit: 1_000_000_000 });
  try {
    const outcomes: string[] = [];
    for (const c of oversizedUploadCases({ trading: server.trading.port, wallet: server.wallet.port }, count)) outcomes.push(await tryUpload(c));
    const wrong = outcomes.filter((o) => !o.startsWith('ok'));
    return { uploads: outcomes.length, got413: outcomes.length - wrong.length, wrong: wrong.slice(0, 10) };
  } finally {
    await server.stop();
  }
}
