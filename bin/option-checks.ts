// yargs .check()s shared by the commands: each option given once, numbers that are integers within
// bounds (yargs' `number` type lets 1.5, NaN and repeated values through). Each failure is one line
// naming the option; bin/index.ts turns it into exit status 2 before anything starts.
import { readFileSync, statSync } from 'node:fs';
import { dirname, normalize, resolve } from 'node:path';
import type { Arguments } from 'yargs';
import { reportPathProblem } from '../conformance/report/report-paths.js';
import { createFolders } from '../mock/index.js';

/** Bounds per option name: [min] or [min, max], inclusive. */
export function checkInteger(bounds: Record<string, [number, number?]>) {
  return (argv: Arguments): true => {
    for (const [name, [min, max]] of Object.entries(bounds)) {
      const value = argv[name];
      if (value === undefined) continue;
      checkOnce(name, value);
      const ok = typeof value === 'number' && Number.isInteger(value) && value >= min && (max === undefined || value <= max);
      if (!ok) {
        const range = max === undefined ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
        // NaN is what yargs makes of a word; bin/index.ts puts back what was typed.
        throw new Error(`--${name} must be ${range} (got ${String(value)})`);
      }
    }
    return true;
  };
}

/** A repeated flag (`--trading-port 1 --trading-port 2`) is an error, not a silent array. */
export function checkOnce(name: string, value: unknown): void {
  if (Array.isArray(value)) {
    throw new Error(`--${name} is given ${value.length} times (${value.map(String).join(', ')}): give it once`);
  }
}

/** Options meant to be given more than once (declared `array: true`): check's and diff's --wallet-key, check's --only, --skip, --from-har; mock's --allowed-host; health's URLs; diff's --candidate-wallet-key and --profiles. */
const REPEATABLE = new Set(['wallet-key', 'only', 'skip', 'allowed-host', 'urls', 'from-har', 'candidate-wallet-key', 'profiles']);

/** checkOnce for every option of the command line (yargs lists each twice, kebab and camel case). */
export function checkEveryOptionOnce(argv: Arguments): true {
  for (const [name, value] of Object.entries(argv)) {
    if (name === '_' || name === '$0' || /[A-Z]/.test(name) || REPEATABLE.has(name)) continue;
    checkOnce(name, value);
  }
  return true;
}

/** The path's stat; undefined when it does not exist, also when a file stands where a folder is on its way (ENOTDIR). */
function statOrNothing(path: string): ReturnType<typeof statSync> {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * doppel check's report files: not a folder, and the nearest existing folder on the
 * path is a folder, so that the missing ones can be created before the run (conformance's
 * report-paths.ts creates them and says so with exit 2 when it cannot write).
 */
export function checkReportFiles(names: string[]) {
  return (argv: Arguments): true => {
    for (const name of names) {
      const value = argv[name];
      if (value === undefined) continue;
      checkOnce(name, value);
      const file = String(value);
      if (file.trim() === '') throw new Error(`--${name} needs a file name`);
      if (statOrNothing(file)?.isDirectory()) throw new Error(`--${name} ${file} is a folder, not a file`);
      for (let folder = dirname(resolve(file)); ; folder = dirname(folder)) {
        const stat = statOrNothing(folder);
        if (stat && !stat.isDirectory()) throw new Error(`--${name} ${file}: ${folder} is a file, not a folder`);
        if (stat || dirname(folder) === folder) break;
      }
    }
    return true;
  };
}

/**
 * Options naming a folder: it must be a folder if it exists, and exist when `mustExist`; one that
 * may be missing (an output folder) is created now, so that a path that cannot be made (a read-only
 * file system, /proc) is one line before anything runs.
 */
export function checkFolders(folders: Record<string, { mustExist: boolean }>) {
  return (argv: Arguments): true => {
    for (const [name, { mustExist }] of Object.entries(folders)) {
      const value = argv[name];
      if (value === undefined) continue;
      checkOnce(name, value);
      const folder = String(value);
      if (folder.trim() === '') throw new Error(`--${name} needs a folder name`);
      const stat = statSync(folder, { throwIfNoEntry: false });
      if (stat === undefined && mustExist) throw new Error(`--${name} ${folder}: no such folder`);
      if (stat !== undefined && !stat.isDirectory()) throw new Error(`--${name} ${folder} is a file, not a folder`);
      if (stat === undefined) {
        try {
          createFolders(folder);
        } catch (error) {
          throw new Error(`--${name} ${folder} cannot be created (${(error as { code?: string }).code ?? 'error'}: ${(error as Error).message}); choose a writable path`);
        }
      }
    }
    return true;
  };
}

/** A file option's value, given once and not empty; undefined when the option is absent. */
function fileOption(argv: Arguments, name: string): string | undefined {
  const value = argv[name];
  if (value === undefined) return undefined;
  checkOnce(name, value);
  const file = String(value);
  if (file.trim() === '') throw new Error(`--${name} needs a file name`);
  return file;
}

/**
 * A snapshot file option: if the path exists it must be a file (it is read, then written back), and
 * it must be writable now (its missing folders are created), not only when the mock stops.
 */
export function checkStateFile(name: string) {
  return (argv: Arguments): true => {
    const file = fileOption(argv, name);
    if (file === undefined) return true;
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`--${name} ${file} is a folder, not a file`);
    const problem = reportPathProblem([{ flag: `--${name}`, file }]);
    if (problem !== undefined) throw new Error(problem);
    return true;
  };
}

/**
 * A profile or baseline option: an existing file of JSON. Its content is validated by the command
 * (a profile against its schema, spec/profile.ts; a baseline as a report of this report format,
 * conformance/report/baseline-file.ts), exit 2 in one line, so that yargs does not load the validator for
 * every command line.
 */
export function checkJsonFile(name: string) {
  return (argv: Arguments): true => {
    const file = fileOption(argv, name);
    if (file === undefined) return true;
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined) throw new Error(`--${name} ${file}: no such file`);
    if (stat.isDirectory()) throw new Error(`--${name} ${file} is a folder, not a file`);
    try {
      JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`--${name} ${file} is not JSON: ${(error as Error).message}`);
    }
    return true;
  };
}

/**
 * Options naming files to read, one or more (check's --from-har): each an existing file. Their
 * content is the command's to read (a HAR a killed proxy left unclosed is no JSON document, yet
 * readable up to its last whole entry).
 */
export function checkInputFiles(name: string) {
  return (argv: Arguments): true => {
    const value = argv[name];
    if (value === undefined) return true;
    const files = (Array.isArray(value) ? value : [value]).map(String);
    if (files.length === 0) throw new Error(`--${name} needs a file name`);
    for (const file of files) {
      if (file.trim() === '') throw new Error(`--${name} needs a file name`);
      const stat = statSync(file, { throwIfNoEntry: false });
      if (stat === undefined) throw new Error(`--${name} ${file}: no such file`);
      if (stat.isDirectory()) throw new Error(`--${name} ${file} is a folder, not a file`);
    }
    return true;
  };
}

/** A file option as the command uses it: normalized (`./r.json` and `r.json` name one file), or undefined when not given. */
export const file = (value: string | undefined): string | undefined => (value === undefined ? undefined : normalize(value));

/** `--only a,b --only c` → ['a', 'b', 'c']. */
export const idList = (values: string[] | undefined): string[] | undefined =>
  values === undefined ? undefined : values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
