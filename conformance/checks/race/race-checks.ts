// The race checks (--concurrency N), in the order the runner runs them: registered as one group at
// the end of checks/index.ts, after the sequential writes, so that overlapping requests never
// disturb what the sequential checks compare; the rate-limit race last but one (its key ends over
// its limit).
import type { Check } from '../check.js';
import { cancelRace } from './cancel-race.js';
import { overlapHistory } from './overlap-history.js';
import { copyStartRace } from './copy-start-race.js';
import { rateLimitRace } from './rate-limit-race.js';
import { registerRace } from './register-race.js';
import { spotReserveRace } from './spot-reserve-race.js';
import { walletSendRace } from './wallet-send-race.js';

export const RACE_CHECKS: readonly Check[] = [walletSendRace, spotReserveRace, copyStartRace, cancelRace, registerRace, rateLimitRace];

/** The history judge of any stream (a state check: the checker's own run, doppel proxy, --from-har). */
export const HISTORY_CHECKS: readonly Check[] = [overlapHistory];
