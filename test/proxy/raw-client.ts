// A client on a raw connection for the proxy tests: writes the bytes as given (then a FIN when
// `end`), and gives what came back once the connection ended, `ms` passed, or (with `oneAnswer`)
// one answer whose length was given had come whole.
import { connect } from 'node:net';

export function rawSend(port: number, text: string | Buffer, { end = false, ms = 2_000, oneAnswer = false } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(got).toString('latin1'));
    };
    const timer = setTimeout(done, ms);
    socket.on('data', (d) => {
      got.push(d);
      if (!oneAnswer) return;
      const s = Buffer.concat(got).toString('latin1');
      const m = /content-length: (\d+)/i.exec(s);
      const head = s.indexOf('\r\n\r\n');
      if ((m && head >= 0 && Buffer.byteLength(s.slice(head + 4), 'latin1') >= Number(m[1])) || s.endsWith('\r\n0\r\n\r\n')) done();
    });
    socket.on('error', done).on('close', done);
    if (end) socket.end(text);
    else socket.write(text);
  });
}
