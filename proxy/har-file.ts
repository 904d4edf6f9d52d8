// doppel proxy --har FILE: the traffic as HAR 1.2, written entry by entry as exchanges end (a long
// session keeps nothing in memory) and closed into a whole document at exit.
import { createWriteStream, type WriteStream } from 'node:fs';
import { HAR_TAIL, harHead, type HarEntry } from '../conformance/traffic/har.js';

export class HarFile {
  private readonly stream: WriteStream;
  private entries = 0;

  constructor(file: string, version: string) {
    this.stream = createWriteStream(file);
    this.stream.write(harHead(version));
  }

  add(entry: HarEntry): void {
    this.stream.write(`${this.entries++ === 0 ? '' : ',\n'}${JSON.stringify(entry)}`);
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.on('error', reject);
      this.stream.end(HAR_TAIL, () => resolve());
    });
  }
}
