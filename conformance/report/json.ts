// The JSON report (--json FILE): the RunReport as is (masked), with per-check outcome (status),
// cases and duration, for CI systems and scripts.
import { writeFileSync } from 'node:fs';
import type { RunReport } from '../types.js';
import { plainJson } from './plain-text.js';

export function writeJsonReport(file: string, report: RunReport): void {
  writeFileSync(file, `${plainJson(report, 2)}\n`);
}
