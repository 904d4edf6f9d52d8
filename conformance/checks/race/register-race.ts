// One e-mail registered at once by several clients (--concurrency N): a uniqueness check that reads
// before it writes lets two through and leaves two users for one e-mail, one of whom can never log
// in. Judged against the duplicate rule applied in some order (decision wallet.register-semantics:
// doppel refuses a duplicate), so at most one registration is accepted; login finds that one user.
import { decision, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { obj } from '../../exchange/json-shape.js';
import { newEmail } from '../../act/wallet-peer.js';
import { callTogether, concurrencyOf, raceSkip, defineRaceCheck } from './fire-together.js';
import { changedOnce, judgeRace, opOf, raceFailure } from './race-history.js';

/** Registered or not; a registration is accepted only when the e-mail is not (wallet.register-semantics). */
export const uniqueEmailModel = changedOnce<'register'>(false);

export const registerRace = defineRaceCheck({
  id: 'register-race',
  title: 'one e-mail registered at once by several clients makes at most one user',
  assertions: [
    seed('one-user', 'wallet §4 POST /api/v1/register', 'at most one of the overlapping registrations of one e-mail is accepted (login finds one user by e-mail)'),
    decision('linearizable', 'wallet.register-semantics', 'the answers agree with the duplicate rule applied in some order consistent with real time'),
  ],
  appliesTo: ['wallet'],
  skip: (ctx) => raceSkip(ctx, 'wallet'),
  async run(ctx, out) {
    const n = concurrencyOf(ctx);
    const email = newEmail(ctx, 'race');
    const body = { name: 'doppel race', email, password: `pw-${ctx.nonce}` };
    const answers = await callTogether(ctx, n, 'register', { body });
    const settled = answers.filter((ex) => ex.status !== 429 && ex.status < 500);
    const accepted = settled.filter((ex) => is2xx(ex.status));
    // None accepted: an earlier run with this --seed registered the e-mail; nothing was raced.
    if (accepted.length === 0) return out.notExercised(`none of the ${n} overlapping registrations of ${email} was accepted (${answers.map((ex) => ex.status).join(', ')})`);
    out.checked('register', 'wallet', 'one-user');
    if (accepted.length > 1) {
      const ids = accepted.map((ex) => String(obj(ex.json)['user_id']));
      out.fail(raceFailure({ assertion: 'one-user', operationId: 'register', title: `${accepted.length} overlapping registrations of one e-mail were accepted`, message: `${email} was registered ${accepted.length} times at once (user_id ${ids.join(', ')})`, exchanges: accepted }));
    }
    judgeRace(out, { assertion: 'linearizable', operationId: 'register', iface: 'wallet', what: 'an e-mail is registered once and a duplicate refused', model: uniqueEmailModel, ops: settled.map((ex) => opOf(ex, 'register' as const, is2xx(ex.status))) });
  },
});
