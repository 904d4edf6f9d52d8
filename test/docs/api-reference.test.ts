// docs/reference/api-reference.md is generated from spec/ and the error-code registry (scripts/
// api-reference.ts): this test fails when the committed file is stale, and `npm run gen:docs` runs
// it with DOPPEL_UPDATE_DOCS=1, which rewrites the file instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../mock/domain/error-codes.js';
import { apiReferenceMarkdown, slug } from '../../scripts/api-reference.js';
import { INTERFACES, operations } from '../../spec/index.js';

const FILE = new URL('../../docs/reference/api-reference.md', import.meta.url);
const generated = apiReferenceMarkdown();

/** The part of the reference between one operation's heading and the next heading of its level. */
function sectionOf(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n### ${heading}\n`);
  expect(start, `no section ${heading}`).toBeGreaterThan(-1);
  const end = markdown.indexOf('\n### ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

describe('docs/reference/api-reference.md', () => {
  it('is current (npm run gen:docs regenerates it)', () => {
    if (process.env.DOPPEL_UPDATE_DOCS === '1') writeFileSync(FILE, generated);
    expect(readFileSync(FILE, 'utf8'), 'docs/reference/api-reference.md is stale: run npm run gen:docs').toBe(generated);
  });

  it.each(INTERFACES)('documents every %s operation with auth, every status and a curl example', (iface) => {
    for (const op of operations(iface)) {
      const section = sectionOf(generated, op.operationId);
      expect(section).toContain(`\`${op.method} ${op.path}\``);
      expect(section).toContain('**Auth:**');
      if (op.secured) expect(section).toMatch(iface === 'trading' ? new RegExp(`API-KEY\` header with the \`${op.permission}\``) : /X-API-Key` header/);
      for (const status of op.statuses) expect(section, `${op.operationId} lacks ${status}`).toMatch(new RegExp(`\\n\\| ${status} \\|`));
      for (const p of op.parameters) expect(section).toContain(`| \`${p.name}\` | ${p.in} |`);
      expect(section).toMatch(new RegExp(`curl -s ${op.method === 'GET' ? '' : `-X ${op.method} `}'http://127\\.0\\.0\\.1:\\d+`));
      // Each error status names at least one code.
      for (const row of section.matchAll(/\n\| (4\d\d|5\d\d) \|[^\n]*\| ([^|\n]*) \|/g)) expect(row[2], `${op.operationId} ${row[1]}`).toMatch(/`[a-z_]+`/);
    }
  });

  it('lists request body fields with their types and formats', () => {
    const spot = sectionOf(generated, 'placeSpotOrder');
    expect(spot).toMatch(/\| `side` \| yes \| string \| one of `buy`, `sell`/);
    expect(spot).toMatch(/\| `amount` \| yes \| string \| Decimal; pattern/);
    expect(spot).toMatch(/\| `price` \| no \| string \|/);
    const send = sectionOf(generated, 'sendFromWallet');
    expect(send).toMatch(/\| `token_id` \| no \| integer or null \|/);
  });

  it('lists for each status the codes of its own interface', () => {
    const send = sectionOf(generated, 'sendFromWallet');
    expect(send).toMatch(/\n\| 400 \|[^\n]*`insufficient_balance`/);
    expect(send).toMatch(/\n\| 429 \|[^\n]*`rate_limited`/);
    for (const tradingOnly of ['order_not_open', 'unknown_market', 'ip_not_whitelisted', 'unknown_symbol']) expect(send).not.toContain(tradingOnly);
    expect(sectionOf(generated, 'getPrice')).toMatch(/\n\| 404 \|[^\n]*`unknown_symbol`/);
    expect(sectionOf(generated, 'placeSpotOrder')).toMatch(/\n\| 403 \|[^\n]*`forbidden`, `ip_not_whitelisted`/);
  });

  it('has one error-code table with every code of the registry', () => {
    const table = generated.slice(generated.indexOf('## Error codes'));
    for (const [code, status] of Object.entries(ERROR_CODES)) expect(table).toMatch(new RegExp(`\\| \`${code}\` \\| ${status} `));
  });

  it('every in-page link points at a heading of the page', () => {
    const anchors = new Set([
      ...[...generated.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1] as string)),
      ...[...generated.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1] as string),
    ]);
    const links = [...generated.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1] as string);
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) expect(anchors.has(link), `#${link}`).toBe(true);
  });
});
