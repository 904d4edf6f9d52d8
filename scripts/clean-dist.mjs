// `npm run clean` (run by prepack): removes dist/, so a tarball never carries the compiled output
// of a source file that no longer exists.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist/', import.meta.url), { recursive: true, force: true });
