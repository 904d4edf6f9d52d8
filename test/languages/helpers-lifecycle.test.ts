// `npm run test:languages`: the Python and Go helpers (examples/python/doppel_mock.py,
// examples/go/doppelmock) against the single executable, with only python3 or go on PATH:
// ports given to them are used (not given twice), and a test process killed with SIGKILL leaves no
// stub and no busy port (they start it with --exit-with-parent and hold its stdin).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../docs/support/doc-pages.js';
import { alive, refused } from '../support/process-probes.js';

const EXECUTABLE = join(ROOT, 'dist', 'sea', 'doppel-linux-x64');

function which(tool: string, prefer: string[] = []): string {
  for (const candidate of [...prefer, ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, tool))]) {
    if (candidate.startsWith('/') && existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error(`${tool} is not installed (.ci/run installs it with apt-get)`);
}

let work = '';
let bin = '';
const started: ChildProcess[] = [];
const stubs: number[] = [];

beforeAll(() => {
  expect(existsSync(EXECUTABLE), `${EXECUTABLE} is missing: npm run build:sea`).toBe(true);
  work = mkdtempSync(join(tmpdir(), 'doppel-helpers-lifecycle-'));
  bin = join(work, 'bin');
  mkdirSync(bin);
});

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of stubs.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function envWith(tool: string, path: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!existsSync(join(bin, tool))) symlinkSync(path, join(bin, tool));
  return { HOME: work, PATH: bin, ...extra };
}


/** Starts a test process that prints `<trading url> <wallet url> <stub pid>` once its stub is up, then sleeps. */
function startRunner(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ runner: ChildProcess; trading: number; wallet: number; pid: number }> {
  const runner = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(runner);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URLs within 60 s:\n${out}`)), 60_000);
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const line = /http:\/\/127\.0\.0\.1:(\d+) http:\/\/127\.0\.0\.1:(\d+) (\d+)/.exec(out);
      if (!line) return;
      clearTimeout(timer);
      stubs.push(Number(line[3]));
      resolve({ runner, trading: Number(line[1]), wallet: Number(line[2]), pid: Number(line[3]) });
    };
    runner.stdout?.on('data', read);
    runner.stderr?.on('data', read);
    runner.on('exit', (code) => reject(new Error(`exited ${String(code)} before its stub was up:\n${out}`)));
  });
}

async function killedRunnerFreesPorts(stub: { runner: ChildProcess; trading: number; wallet: number; pid: number }): Promise<void> {
  expect(await refused(stub.trading)).toBe(false);
  stub.runner.kill('SIGKILL');
  await expect.poll(async () => (await refused(stub.trading)) && (await refused(stub.wallet)), { timeout: 1000, interval: 25 }).toBe(true);
  await expect.poll(() => alive(stub.pid), { timeout: 5000, interval: 50 }).toBe(false);
}

describe('the Python helper', () => {
  const script = `
import sys, time
from doppel_mock import DoppelMock
mock = DoppelMock("--trading-port", "0", wallet_port=0).start()   # ports given: used, not given twice
print(mock.trading, mock.wallet, mock._proc.pid, flush=True)
time.sleep(600)
`;

  it('uses the ports it is given, and its stub dies with a test process killed by SIGKILL', async () => {
    const python = which('python3', ['/usr/bin/python3']);
    const env = envWith('python3', python, { PYTHONPATH: join(ROOT, 'examples', 'python'), PYTHONDONTWRITEBYTECODE: '1' });
    writeFileSync(join(work, 'runner.py'), script);
    await killedRunnerFreesPorts(await startRunner(python, [join(work, 'runner.py')], work, env));
  }, 90_000);
});

describe('the Go helper', () => {
  const program = `package main

import (
	"fmt"
	"log"
	"time"

	"doppel.example/goclient/doppelmock"
)

func main() {
	mock, err := doppelmock.Start("--trading-port", "0", "--wallet-port=0") // ports given: used, not given twice
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(mock.Trading, mock.Wallet, mock.Pid())
	time.Sleep(10 * time.Minute)
}
`;

  it('uses the ports it is given, and its stub dies with a test process killed by SIGKILL', async () => {
    const go = which('go');
    const dir = mkdtempSync(join(work, 'go-runner-'));
    writeFileSync(join(dir, 'go.mod'), `module runner\n\ngo 1.19\n\nrequire doppel.example/goclient v0.0.0\n\nreplace doppel.example/goclient => ${join(ROOT, 'examples', 'go')}\n`);
    writeFileSync(join(dir, 'main.go'), program);
    const env = envWith('go', go, { GOCACHE: join(work, 'gocache'), GOPATH: join(work, 'gopath'), GOFLAGS: '-mod=mod', GOPROXY: 'off', CGO_ENABLED: '0' });
    // Built first: a SIGKILL to `go run` would leave the program it started running.
    const built = await new Promise<number | null>((resolve) => spawn(go, ['build', '-o', 'runner', '.'], { cwd: dir, env, stdio: 'inherit' }).on('exit', resolve));
    expect(built).toBe(0);
    await killedRunnerFreesPorts(await startRunner(join(dir, 'runner'), [], dir, env));
  }, 180_000);
});
