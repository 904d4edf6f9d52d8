// How each outcome is shown on the console and in the HTML report.
import type { Outcome } from '../types.js';

export const MARK: Record<Outcome, string> = { passed: '✓', failed: '✗', observed: '~', 'not-exercised': '○', skipped: '-' };

export const LABEL: Record<Outcome, string> = {
  passed: 'passed',
  failed: 'failed',
  observed: 'observed',
  'not-exercised': 'not exercised',
  skipped: 'skipped',
};
