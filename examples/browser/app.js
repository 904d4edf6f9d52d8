// The example app: starts doppel's fake in the page behind msw's service worker, then talks to the
// trading interface with plain fetch, as any front end would.
import { createFake, dashboardHtml, startFakeWorker } from './doppel-browser.js';

const TRADING = 'http://trading.doppel.test';
const $ = (id) => document.getElementById(id);

const fake = createFake({ seed: 1 });
await startFakeWorker(fake, { workerUrl: './mockServiceWorker.js' });
// For the console: doppelFake.advance(3_600_000), doppelFake.exportState(), …
window.doppelFake = fake;

async function call(path, init = {}) {
  const response = await fetch(`${TRADING}${path}`, {
    ...init,
    headers: { 'API-KEY': $('key').value, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const body = await response.json();
  if (!body.success) $('error').textContent = `${response.status} ${JSON.stringify(body)}`;
  return body;
}

function rows(target, items, cells) {
  target.replaceChildren(...items.map((item) => {
    const tr = document.createElement('tr');
    for (const [text, numeric] of cells(item)) {
      const td = document.createElement('td');
      td.textContent = text ?? '';
      if (numeric) td.className = 'num';
      tr.append(td);
    }
    return tr;
  }));
}

async function loadBalances() {
  const body = await call('/api/v1/account/balances');
  if (body.success) rows($('balances'), body.data, (b) => [[b.currency], [b.chain], [b.balance, true], [b.locked, true]]);
}

async function loadOrders() {
  const body = await call('/api/v1/account/orders');
  if (body.success) rows($('orders'), body.data, (o) => [[String(o.id)], [`${o.market}/${o.pair}`], [o.side], [o.order_type], [o.amount, true], [o.price, true], [o.status]]);
}

$('load-balances').addEventListener('click', loadBalances);
// doppel's dashboard (GET /__doppel/ of doppel mock), in a frame the service worker also answers.
$('show-dashboard').addEventListener('click', () => {
  $('dashboard').hidden = false;
  $('dashboard').srcdoc = dashboardHtml(TRADING);
});
$('order-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const order = Object.fromEntries(new FormData(event.target));
  if (order.order_type === 'market') delete order.price;
  const body = await call('/api/v1/spot/order', { method: 'POST', body: JSON.stringify(order) });
  if (body.success) await Promise.all([loadOrders(), loadBalances()]);
});

await Promise.all([loadBalances(), loadOrders()]);
$('status').textContent = 'ready: the fake answers in this page through the service worker';
