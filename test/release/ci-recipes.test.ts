// `npm run test:release`: the CI recipes of the release README (deploy/release/README.md), GitLab CI
// and GitHub Actions, run as their runners would run them, against the archive npm run
// build:release wrote. Their shell steps come from the README's yaml blocks; the one change is
// where the release is downloaded from: `DOPPEL_RELEASES` becomes a file:// URL of dist/release/
// (no network here), and their fixed ports free ones. A PATH without node, as on a runner with no
// Node. Each recipe must pass and leave the files its artifacts name (kept `when: always`).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../cluster/nginx-fleet.js';
import { codeBlocks } from '../docs/support/doc-pages.js';
import { ROOT } from '../robustness/built-cli.js';
import { pathWithoutNode } from './path-without-node.js';
import { RELEASE_DIR, releaseArchive } from './release-archive.js';
import { ScriptRunner } from './script-runner.js';

const README = 'deploy/release/README.md';
const recipes = codeBlocks(README, readFileSync(join(ROOT, README), 'utf8')).filter((b) => b.lang === 'yaml').map((b) => parse(b.content) as Record<string, unknown>);

interface GitLabJob {
  variables: Record<string, string>;
  before_script: string[];
  script: string[];
  artifacts: { when: string; reports: { junit: string }; paths: string[] };
}

interface GitHubWorkflow {
  jobs: Record<string, { env: Record<string, string>; steps: { name?: string; run?: string; uses?: string; if?: string; with?: { path: string } }[] }>;
}

const gitlab = recipes.map((r) => Object.values(r)[0] as GitLabJob).find((job) => Array.isArray(job?.script));
const github = recipes.find((r) => typeof r.jobs === 'object') as GitHubWorkflow | undefined;

let work = '';
let path = '';
let ports: [number, number];
const runner = new ScriptRunner();

beforeAll(async () => {
  releaseArchive();
  work = mkdtempSync(join(tmpdir(), 'doppel-ci-recipes-'));
  path = pathWithoutNode(join(work, 'bin'));
  const trading = await freePort();
  let wallet = await freePort();
  while (wallet === trading) wallet = await freePort();
  ports = [trading, wallet];
});

// Each recipe starts a stub on the same ports: the next one needs them free.
afterEach(() => runner.stopAll());

afterAll(async () => {
  await runner.stopAll();
  if (work) rmSync(work, { recursive: true, force: true });
});

const logOf = (dir: string) => (existsSync(join(dir, 'doppel.log')) ? readFileSync(join(dir, 'doppel.log'), 'utf8') : '(none)');

/** A recipe's text with the test's ports, and its variables with the local download folder. */
const withPorts = (text: string) => text.replaceAll('4010', String(ports[0])).replaceAll('4020', String(ports[1]));
function variables(declared: Record<string, string>): Record<string, string> {
  expect(declared.DOPPEL_RELEASES, 'the recipe downloads from $DOPPEL_RELEASES').toMatch(/^https:\/\//);
  return Object.fromEntries(Object.entries({ ...declared, DOPPEL_RELEASES: `file://${RELEASE_DIR}` }).map(([k, v]) => [k, withPorts(String(v))]));
}

describe('the CI recipes of the release README', () => {
  it('there is one for GitLab CI and one for GitHub Actions', () => {
    expect(gitlab).toBeDefined();
    expect(github).toBeDefined();
  });

  it('GitLab CI: the job\'s script passes, and its artifacts are kept always and exist', async () => {
    const job = gitlab!;
    // before_script only installs what the image lacks (this machine has both); it needs the network.
    expect(job.before_script.every((line) => line.startsWith('apt-get '))).toBe(true);
    const dir = mkdtempSync(join(work, 'gitlab-'));
    const env = { PATH: path, HOME: dir, CI_PROJECT_DIR: dir, ...variables(job.variables) };
    const { code, output } = await runner.run(withPorts(job.script.join('\n')), { cwd: dir, env });
    expect(code, `${output}\n--- doppel.log\n${logOf(dir)}`).toBe(0);
    expect(output).toContain(`doppel-${job.variables.DOPPEL_VERSION}-linux-x64.tar.xz: OK`);
    expect(output).toContain('doppel: OK');
    expect(job.artifacts.when).toBe('always');
    expect(readFileSync(join(dir, job.artifacts.reports.junit), 'utf8')).toMatch(/<testsuites[\s>]/);
    for (const file of job.artifacts.paths) expect(existsSync(join(dir, file)), file).toBe(true);
  });

  it('GitHub Actions: the run steps pass in order, and the artifact upload runs always on files that exist', async () => {
    const [job] = Object.values(github!.jobs);
    const dir = mkdtempSync(join(work, 'github-'));
    const env = { PATH: path, HOME: dir, GITHUB_WORKSPACE: dir, ...variables(job!.env) };
    let outputs = '';
    for (const step of job!.steps.filter((s) => s.run !== undefined)) {
      // Each step is a shell of its own (bash -e, pipefail), as on the runner; a stub started in
      // one keeps running for the next.
      const { code, output } = await runner.run(withPorts(step.run!), { cwd: dir, env });
      expect(code, `${step.name ?? step.run}:\n${output}\n--- doppel.log\n${logOf(dir)}`).toBe(0);
      outputs += output;
    }
    expect(outputs).toContain('doppel: OK');
    const upload = job!.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.if).toBe('always()');
    const files = upload!.with!.path.trim().split('\n');
    expect(readFileSync(join(dir, files[0]!), 'utf8')).toMatch(/<testsuites[\s>]/);
    for (const file of files) expect(existsSync(join(dir, file)), file).toBe(true);
  });
});
