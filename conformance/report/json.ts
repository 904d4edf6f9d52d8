// The JSON report (--json FILE): the RunReport as is (masked), with per-check outcome (status),
// cases and duration, for CI systems and scripts.
import { writeFileSync } from 'node:fs';
import type { RunReport } from '../types.js';

export function writeJsonReport(file: string, report: RunReport): void {
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
