// A small trading page: it calls the trading interface at its production base URL; in the tests,
// doppel/playwright answers those requests from the test's own namespace of a doppel mock.
const API = 'https://api.trading.example.test';
const KEY = 'demo-trade-key';
const $ = (id) => document.getElementById(id);

async function call(method, path, body) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { 'API-KEY': KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`The exchange answered ${res.status}: ${answer.error ?? 'no reason given'}`);
  return answer.data;
}

async function show() {
  const [price, balances, bets] = await Promise.all([
    call('GET', '/api/v1/price/BTC'),
    call('GET', '/api/v1/account/balances'),
    call('GET', '/api/v1/account/orders?type=binary&limit=20'),
  ]);
  $('price').textContent = price.price_usd.toFixed(2);
  // Trading settles USDT on tron (decision trading.balance-meaning); `balance` is what is available.
  $('usdt').textContent = balances.find((b) => b.currency === 'USDT' && b.chain === 'tron')?.balance ?? '0';
  $('bets').replaceChildren(...bets.map((bet) => {
    const row = document.createElement('tr');
    for (const text of [bet.id, `${bet.direction === 'long' ? 'up' : 'down'} ${Number(bet.amount)} ${bet.pair}`, bet.status, bet.result ?? '—', bet.pnl ?? '—']) {
      row.append(Object.assign(document.createElement('td'), { textContent: String(text) }));
    }
    return row;
  }));
}

async function run(action) {
  $('error').textContent = '';
  try {
    await action();
    await show();
  } catch (error) {
    $('error').textContent = error.message;
  }
}

const bet = (direction) => run(() => call('POST', '/api/v1/binary/order', { market: 'BTC', pair: 'USDT', direction, amount: '10', duration_minutes: 5 }));
$('up').addEventListener('click', () => bet('long'));
$('down').addEventListener('click', () => bet('short'));
$('refresh').addEventListener('click', () => run(async () => {}));
run(async () => {});
