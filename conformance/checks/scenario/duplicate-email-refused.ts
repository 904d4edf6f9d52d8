// A second registration with the same e-mail (also differently cased) is refused with 409
// (wallet.register-semantics), or the status the --profile gives at its point
// wallet.register-semantics#duplicate-status; --learn writes the refusal's status. The observer
// knows the e-mails a stream registered (case-insensitively) and reads any registration of one again.
import { defineScenarioCheck, decision, seed } from '../check.js';
import { bodyIsValid, is2xx, requestBodyOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { BoundedMap } from '../bounded-map.js';
import { obj } from '../../exchange/json-shape.js';
import { newEmail } from '../../act/wallet-peer.js';
import type { Exchange } from '../../types.js';

const POINT = 'wallet.register-semantics#duplicate-status';

/** The registrations' fields but the e-mail are the same. */
const sameOtherwise = (a: Exchange, b: Exchange): boolean => {
  const [x, y] = [obj(requestBodyOf(a)), obj(requestBodyOf(b))];
  return JSON.stringify(x['name']) === JSON.stringify(y['name']) && JSON.stringify(x['password']) === JSON.stringify(y['password']);
};

export const duplicateEmailRefused = defineScenarioCheck({
  id: 'duplicate-email-refused',
  title: 'a duplicate e-mail is refused with 409 (or the profile\'s status)',
  assertions: [
    seed('not-accepted', 'wallet §4 POST /api/v1/register', 'an e-mail already registered is not registered again (login finds one user by e-mail)'),
    decision('status', 'wallet.register-semantics', 'the second registration is refused with 409 (or the profile\'s status)'),
  ],
  observes: [POINT],
  appliesTo: ['wallet'],
  skip: (ctx) => writesSkip(ctx, 'wallet'),
  observer: {
    shows: { [POINT]: 'a registration of an e-mail the traffic registered before (in any case)' },
    start() {
      const registered = new BoundedMap<string, Exchange>(100_000);
      return (ex, found) => {
        const email = obj(requestBodyOf(ex))['email'];
        if (ex.operationId !== 'register' || typeof email !== 'string' || ex.status >= 500 || ex.status === 429 || !bodyIsValid(ex)) return;
        const first = registered.get(email.toLowerCase());
        // An acceptance breaks the seed's rule whatever else the body says; a refusal shows the
        // decision only when the rest of the input is what was accepted (another password may be
        // refused for itself).
        if (first && (is2xx(ex.status) || sameOtherwise(first, ex))) {
          const same = (obj(requestBodyOf(first))['email'] as string) === email ? 'the same' : 'the differently cased';
          found({
            point: POINT,
            // A 2xx breaks the seed's rule (one user per e-mail); a refusal's status is the decision's.
            assertion: is2xx(ex.status) ? 'not-accepted' : 'status',
            evidence: [first, ex],
            value: ex.status >= 400 ? ex.status : undefined,
            describe: (expected) => ({ title: `registering ${same} e-mail again answered ${ex.status}, expected ${expected}`, message: `registering ${same} e-mail ${email} again answered ${ex.status}, expected ${expected}` }),
          });
        } else if (!first && is2xx(ex.status)) registered.set(email.toLowerCase(), ex);
      };
    },
  },
  async run(ctx, out) {
    const seen: string[] = [];
    for (const upper of [false, true]) {
      const email = newEmail(ctx, 'dup');
      const body = { name: 'doppel dup', email, password: 'pw' };
      const first = await ctx.call('register', { body });
      // Refused: an earlier run with this --seed registered the e-mail; nothing new to register twice.
      if (!is2xx(first.status)) {
        seen.push(`registering ${email} answered ${first.status}`);
        continue;
      }
      await ctx.call('register', { body: { ...body, email: upper ? email.toUpperCase() : email } });
    }
    out.notExercised(seen.join('; ') || 'no second registration was answered');
  },
});
