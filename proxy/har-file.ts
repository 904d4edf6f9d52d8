// doppel proxy --har FILE: the traffic as HAR 1.2, written entry by entry as exchanges end (a long
// session keeps nothing in memory) and closed into a whole document at exit. Each entry is one
// line written at once (a synchronous write, not a stream's queue): a proxy killed outright
// (kill -9) leaves a file whose whole entries doppel check --from-har reads back (readHarText).
import { closeSync, openSync, writeSync } from 'node:fs';
import { HAR_TAIL, harHead, type HarEntry } from '../conformance/traffic/har.js';
import { plainJson } from '../conformance/report/plain-text.js';

export class HarFile {
  private fd: number | undefined;
  private entries = 0;

  constructor(file: string, version: string) {
    this.fd = openSync(file, 'w');
    writeSync(this.fd, harHead(version));
  }

  add(entry: HarEntry): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, `${this.entries++ === 0 ? '' : ',\n'}${plainJson(entry)}`);
  }

  close(): Promise<void> {
    if (this.fd !== undefined) {
      const fd = this.fd;
      this.fd = undefined;
      writeSync(fd, HAR_TAIL);
      closeSync(fd);
    }
    return Promise.resolve();
  }
}
