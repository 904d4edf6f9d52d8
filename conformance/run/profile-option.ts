// --profile FILE, as doppel check and doppel proxy read it: JSON, checked against the profile
// format (spec/profile.ts) before any request, so a bad file is one line and exit status 2.
import { readFileSync } from 'node:fs';
import { readProfile } from '../../spec/profile.js';

/** The profile's content ({ profile: undefined } without --profile); undefined when the file is unusable, after saying why with `err`. */
export function readProfileOption(file: string | undefined, command: string, err: (line: string) => void): { profile: unknown } | undefined {
  if (file === undefined) return { profile: undefined };
  try {
    const profile: unknown = JSON.parse(readFileSync(file, 'utf8'));
    readProfile(profile);
    return { profile };
  } catch (error) {
    err(`${command}: --profile ${file}: ${(error as Error).message}`);
    return undefined;
  }
}
