// The spec lists, for every operation, each status the one pipeline can answer whatever the
// operation does (mock/core/pipeline-statuses.ts): 400 (a request the HTTP parser refuses, bad
// input), the guards' statuses where a key is needed, 413 where a body is read. An outside fuzzer
// (Schemathesis) flagged operations that answered an undocumented 400 for a control character in a
// header; this keeps every operation's list complete. `npm run gen:statuses` writes what is missing
// into the YAML (DOPPEL_UPDATE_SPEC=1), keeping its comments and layout.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pipelineStatuses } from '../../mock/core/index.js';
import { TRADING_GUARD_STATUSES } from '../../mock/api/trading/index.js';
import { WALLET_GUARD_STATUSES } from '../../mock/api/wallet/index.js';
import { operations, type InterfaceName } from '../../spec/index.js';
import { specFile } from './helpers.js';

const GUARDS: Record<InterfaceName, readonly number[]> = { trading: TRADING_GUARD_STATUSES, wallet: WALLET_GUARD_STATUSES };
const RESPONSE_REF: Record<number, string> = {
  400: '#/components/responses/BadRequest',
  401: '#/components/responses/Unauthorized',
  403: '#/components/responses/Forbidden',
  413: '#/components/responses/PayloadTooLarge',
  429: '#/components/responses/TooManyRequests',
};

function missing(iface: InterfaceName): Array<{ operationId: string; method: string; path: string; statuses: number[] }> {
  return operations(iface)
    .filter((op) => op.method !== 'PATCH')
    .map((op) => ({
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      statuses: pipelineStatuses({ method: op.method as 'GET', secured: op.secured }, GUARDS[iface]).filter((s) => !op.statuses.includes(String(s))),
    }))
    .filter((m) => m.statuses.length > 0);
}

describe.each(['trading', 'wallet'] as const)('%s spec lists every status the pipeline can answer', (iface) => {
  it('for every operation', () => {
    const gaps = missing(iface);
    if (gaps.length > 0 && process.env['DOPPEL_UPDATE_SPEC'] === '1') {
      const file = specFile(iface);
      writeFileSync(file, gaps.reduce((text, gap) => insertResponses(text, gap.operationId, gap.statuses), readFileSync(file, 'utf8')));
      return;
    }
    expect(gaps, 'run npm run gen:statuses').toEqual([]);
  });

  it('and no guard status where no key is needed', () => {
    const guards = GUARDS[iface].filter((s) => s !== 401 || iface === 'trading');
    for (const op of operations(iface).filter((o) => !o.secured)) {
      // Wallet login answers 401 for bad credentials (its own rule); a public operation has no guard.
      for (const status of guards) expect(op.statuses, `${op.operationId} documents ${status}`).not.toContain(String(status));
    }
  });
});

/**
 * Adds `'NNN': { $ref: … }` lines to one operation's responses, in status order, as text: a YAML
 * round trip would reflow the whole hand-kept document.
 */
function insertResponses(text: string, operationId: string, statuses: number[]): string {
  const lines = text.split('\n');
  const opLine = lines.findIndex((line) => line.trim() === `operationId: ${operationId}`);
  const indent = (lines[opLine] as string).search(/\S/);
  const responses = lines.findIndex((line, i) => i > opLine && line.search(/\S/) === indent && line.trim() === 'responses:');
  const statusIndent = indent + 2;
  for (const status of statuses) {
    let at = responses + 1;
    for (; at < lines.length; at++) {
      const line = lines[at] as string;
      const depth = line.search(/\S/);
      if (line.trim() !== '' && depth < statusIndent) break;
      const key = depth === statusIndent ? /^\s*['"]?(\d{3})['"]?:/.exec(line) : null;
      if (key !== null && Number(key[1]) > status) break;
    }
    lines.splice(at, 0, `${' '.repeat(statusIndent)}'${status}': { $ref: '${RESPONSE_REF[status]}' }`);
  }
  return lines.join('\n');
}
