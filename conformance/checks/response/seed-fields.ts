// Record fields and their types as the seed documents give them (trading §2; wallet §2, §4),
// validated without any of doppel's additions.
import { defineResponseCheck, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { seedValidator } from './seed-shapes.js';

export const seedFields = defineResponseCheck({
  id: 'seed-fields',
  title: 'seed record fields and types',
  assertions: [seed('fields', 'trading §2, wallet §2 §4', 'seed record fields and types')],
  appliesTo: ['trading', 'wallet'],
  applies: (ex) => is2xx(ex.status) && ex.jsonError === undefined && ex.operationId !== null && seedValidator(ex.iface, ex.operationId) !== undefined,
  run(ex) {
    const validate = seedValidator(ex.iface, ex.operationId as string);
    if (!validate || validate(ex.json)) return [];
    return (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || 'body'} ${e.message ?? 'is invalid'}`);
  },
});
