// diff/: doppel diff, two deployments compared answer by answer on recorded traffic or the checker's runs — its whole public surface.
export { diffRecording } from './diff-recording.js';
export { diffCheckRuns } from './diff-check-runs.js';
export type { CheckRunsOptions } from './diff-check-runs.js';
export { compareAnswers } from './compare-answers.js';
export { IdentifierMap } from './identifier-map.js';
export { NoiseModel } from './noise-model.js';
export { sideKeys } from './side-keys.js';

export type { DiffOptions } from './diff-recording.js';
export type { FieldDifference, Moved, Tolerance } from './compare-answers.js';
export type { SideKeys } from './side-keys.js';
export type { AnswerPair, DecisionChange, Difference, DifferenceKind, DiffReport, DiffTargets, Side, Verdict } from './types.js';
export { runDiffCli } from './run-diff-cli.js';
export { renderConsole, differenceLine } from './render-console.js';
export { renderHtml } from './render-html.js';
export type { DiffCliOptions } from './run-diff-cli.js';
export { compareProfiles } from './compare-profiles.js';
export type { ProfileDiff } from './compare-profiles.js';
