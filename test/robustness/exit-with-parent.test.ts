// `doppel mock --exit-with-parent`: a parent that starts the stub with stdin a pipe and is then
// killed by SIGKILL (a test runner killed, `go test -timeout`) leaves no stub and no busy port: the
// kernel closes the parent's end of the pipe, the stub's stdin ends, and it stops as on SIGTERM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { doppelCommand, type DoppelCommand } from './built-cli.js';
import { alive, refused } from '../support/process-probes.js';

let doppel: DoppelCommand;
let parent: ChildProcessWithoutNullStreams | undefined;
let stubPid: number | undefined;

beforeAll(() => {
  doppel = doppelCommand();
}, 120_000);

afterEach(() => {
  if (parent !== undefined && parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
  if (stubPid !== undefined && alive(stubPid)) process.kill(stubPid, 'SIGKILL');
  parent = undefined;
  stubPid = undefined;
});


/** The parent: a node process that starts the stub with stdin a pipe it holds, and passes on its output with the stub's pid. */
const PARENT = `
const { spawn } = require('node:child_process');
const [file, ...args] = JSON.parse(process.argv[1]);
const stub = spawn(file, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdout.write('stub pid ' + stub.pid + '\\n');
stub.stdout.pipe(process.stdout);
setInterval(() => {}, 1000);
`;

function startParent(extra: string[]): Promise<{ trading: number; wallet: number; pid: number }> {
  const command = [doppel.file, ...doppel.args, 'mock', '--trading-port', '0', '--wallet-port', '0', '--log-level', 'error', ...extra];
  const proc = spawn(process.execPath, ['-e', PARENT, JSON.stringify(command)], { stdio: 'pipe', env: doppel.env });
  parent = proc;
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready lines: ${out}`)), 15_000);
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const pid = /stub pid (\d+)/.exec(out);
      if (pid) stubPid = Number(pid[1]);
      const trading = /trading interface ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      const wallet = /wallet interface ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (pid && trading && wallet) {
        clearTimeout(timer);
        resolve({ trading: Number(trading[1]), wallet: Number(wallet[1]), pid: Number(pid[1]) });
      }
    });
    proc.on('exit', (code) => reject(new Error(`the parent exited ${code} before ready: ${out}`)));
  });
}

describe('doppel mock --exit-with-parent', () => {
  it('frees both ports within 1 s of its parent being killed with SIGKILL, and exits', async () => {
    const stub = await startParent(['--exit-with-parent']);
    expect(await refused(stub.trading)).toBe(false);
    parent?.kill('SIGKILL');
    const killed = Date.now();
    await expect.poll(async () => (await refused(stub.trading)) && (await refused(stub.wallet)), { timeout: 1000, interval: 25 }).toBe(true);
    expect(Date.now() - killed).toBeLessThan(1000);
    await expect.poll(() => alive(stub.pid), { timeout: 5000, interval: 50 }).toBe(false);
  });

  it('without it, the stub outlives its killed parent (what the flag is for)', async () => {
    const stub = await startParent([]);
    parent?.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(stub.pid)).toBe(true);
    expect(await refused(stub.trading)).toBe(false);
  });
});

describe('doppel mock --exit-with-parent that cannot start', () => {
  it('exits with its error at once, its stdin still open', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const child = spawn(doppel.file, [...doppel.args, 'mock', '--trading-port', String(port), '--wallet-port', '0', '--exit-with-parent'], { stdio: ['pipe', 'pipe', 'pipe'], env: doppel.env });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      clearTimeout(timer);
      child.stdin.destroy();
      expect(code).toBe(1);
      expect(stderr).toContain(`port ${port} on 127.0.0.1 is already in use (--trading-port)`);
    } finally {
      busy.close();
    }
  });
});
