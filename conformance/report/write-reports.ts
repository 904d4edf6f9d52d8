// A finished report to the console and the files asked for (--json, --junit, --html, --replay,
// --learn): the same for doppel check, doppel check --from-har and doppel proxy at exit.
import { writeFileSync } from 'node:fs';
import { learnedProfile } from '../judge/learned-profile.js';
import { renderConsole } from './console.js';
import { writeHtmlReport } from './html.js';
import { writeJsonReport } from './json.js';
import { writeJunitReport } from './junit.js';
import { writeReplayScript } from './replay-script.js';
import { plainJson } from './plain-text.js';
import type { RunReport } from '../types.js';

export interface ReportFiles {
  json?: string | undefined;
  junit?: string | undefined;
  html?: string | undefined;
  replay?: string | undefined;
  /** The observed decision points, as a profile. */
  learn?: string | undefined;
}

/** Writes the report's console text with `out` and its files; `command` names who says it (`doppel check`). */
export function writeReports(report: RunReport, files: ReportFiles, out: (line: string) => void, command: string): void {
  out(renderConsole(report));
  if (files.json) writeJsonReport(files.json, report);
  if (files.junit) writeJunitReport(files.junit, report);
  if (files.html) writeHtmlReport(files.html, report);
  if (files.replay) writeReplayScript(files.replay, report);
  if (files.learn) {
    const learned = learnedProfile(report);
    writeFileSync(files.learn, `${plainJson(learned, 2)}\n`);
    const all = Object.keys(learned.points).length + (learned.unobserved?.length ?? 0);
    out(`${command}: learned ${Object.keys(learned.points).length} of ${all} decision points → ${files.learn}${learned.unobserved?.length ? ` (unobserved, left at doppel's choice: ${learned.unobserved.map((u) => u.id).join(', ')})` : ''}`);
  }
}
