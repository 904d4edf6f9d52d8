// The dashboard page served at GET /__doppel/ (mock/admin/dashboard-routes.ts): plain HTML and one
// small script, no build step and no library, so it is a portable string (Node and the browser
// build alike). Its script fetches, relative to the page: dashboard/state, clock, requests; every
// fetch carries `Authorization: Bearer <token>` when the token field is filled. Data is written with
// textContent only, never as HTML. The script has no backticks or dollar-brace sequences, so that
// it can live in this template literal unchanged. Unindented, to keep the npm package under 1 MiB.
// The script reads DOPPEL_DASHBOARD_BASE when the browser build shows the page in a frame
// (mock/browser.ts dashboardHtml); the request journal (GET /__doppel/requests) is optional: a 404
// shows "journal not available".

export const DASHBOARD_HTML: string = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>doppel dashboard</title>
<style>
:root { --line: #dde2e8; --muted: #5b6470; --accent: #1f5fbf; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1d232b; background: #f6f8fa; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; padding: .8rem 1.4rem; background: #1d232b; color: #fff; }
header h1 { font-size: 1.1rem; margin: 0; } header .where { color: #b8c2cc; }
header label { display: flex; gap: .4rem; align-items: center; margin-left: auto; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(30rem, 1fr)); gap: 1rem; padding: 1rem 1.4rem; }
section { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: .6rem 1rem 1rem; overflow-x: auto; }
section.wide { grid-column: 1 / -1; }
h2 { font-size: 1rem; margin: .3rem 0 .6rem; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .2rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; } .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.clock { font-size: 1.5rem; font-variant-numeric: tabular-nums; margin-right: 1rem; }
button { font: inherit; padding: .25rem .7rem; border: 1px solid var(--accent); background: #fff; color: var(--accent); border-radius: 4px; cursor: pointer; }
button:hover { background: #eef3fb; } input { font: inherit; padding: .2rem .4rem; }
.muted, .empty { color: var(--muted); } #message { color: #ffb4b4; }
</style>
</head>
<body>
<header>
<h1>doppel dashboard</h1><span class="where" id="where"></span><span id="message" role="status"></span>
<label>admin token <input id="token" type="password" autocomplete="off" placeholder="(none)"></label>
<label><input id="auto" type="checkbox" checked> auto refresh</label>
<button id="refresh" type="button">Refresh</button>
</header>
<main>
<section class="wide"><h2>Virtual clock</h2>
<span class="clock" id="clock">…</span>
<button type="button" data-advance="60">+1 minute</button>
<button type="button" data-advance="3600">+1 hour</button>
<button type="button" data-advance="86400">+1 day</button>
</section>
<section><h2>Trading accounts and balances</h2><div id="accounts"></div></section>
<section><h2>Wallets</h2><div id="wallets"></div></section>
<section><h2>Open orders</h2><div id="orders"></div></section>
<section><h2>Pending transactions</h2><div id="pending"></div></section>
<section><h2>Copy relations</h2><div id="copies"></div></section>
<section><h2>Lead traders</h2><div id="traders"></div></section>
<section class="wide"><h2>Last requests</h2><div id="requests"></div></section>
</main>
<script>
(function () {
'use strict';
var base = window.DOPPEL_DASHBOARD_BASE || (location.origin + location.pathname.replace(/\\/__doppel\\/?$/, '') + '/__doppel/');
var $ = function (id) { return document.getElementById(id); };
var tokenField = $('token');
tokenField.value = sessionStorage.getItem('doppel-admin-token') || '';
tokenField.addEventListener('change', function () { sessionStorage.setItem('doppel-admin-token', tokenField.value); refresh(); });
$('where').textContent = base.replace(/\\/__doppel\\/$/, '');

function call(path, init) {
init = init || {};
var headers = { accept: 'application/json' };
// Every write as JSON, body or not: the admin API refuses a POST a page could send without a preflight (admin-guard.ts).
if (init.method && init.method !== 'GET') headers['content-type'] = 'application/json';
if (tokenField.value) headers.authorization = 'Bearer ' + tokenField.value;
return fetch(base + path, { method: init.method || 'GET', headers: headers, body: init.body, cache: 'no-store' }).then(function (response) {
return response.json().catch(function () { return {}; }).then(function (body) { return { status: response.status, body: body }; });
});
}

function el(tag, text, className) {
var node = document.createElement(tag);
if (text !== undefined && text !== null) node.textContent = String(text);
if (className) node.className = className;
return node;
}

function table(target, columns, rows, empty) {
if (!rows.length) { target.replaceChildren(el('p', empty || 'none', 'empty')); return; }
var head = el('tr');
columns.forEach(function (c) { head.append(el('th', c[0], c[2] ? 'num' : '')); });
var body = el('tbody');
rows.forEach(function (row) {
var tr = el('tr');
columns.forEach(function (c) { var v = c[1](row); tr.append(el('td', v === undefined ? '' : v, c[2] ? 'num' : '')); });
body.append(tr);
});
var t = el('table'); var thead = el('thead'); thead.append(head); t.append(thead, body);
target.replaceChildren(t);
}

function say(text) { $('message').textContent = text || ''; }

function render(data) {
$('clock').textContent = data.clock.now + ' UTC';
var t = data.trading, w = data.wallet;
var balances = [];
t.accounts.forEach(function (a) { a.balances.forEach(function (b) { balances.push({ account: a, b: b }); }); });
table($('accounts'), [
['account', function (r) { return r.account.id + ' ' + r.account.name; }],
['currency', function (r) { return r.b.currency + (r.b.chain ? ' (' + r.b.chain + ')' : ''); }],
['balance', function (r) { return r.b.balance; }, true],
['locked', function (r) { return r.b.locked; }, true]
], balances, 'no accounts');
var orders = [];
t.accounts.forEach(function (a) { a.open_orders.forEach(function (o) { orders.push({ account: a.id, o: o }); }); });
table($('orders'), [
['id', function (r) { return r.o.id; }], ['account', function (r) { return r.account; }],
['kind', function (r) { return r.o.type; }], ['market', function (r) { return r.o.market + '/' + r.o.pair; }],
['side', function (r) { return r.o.side || r.o.direction; }], ['amount', function (r) { return r.o.amount; }, true],
['price', function (r) { return r.o.price; }, true], ['status', function (r) { return r.o.status; }]
], orders, 'no open orders');
table($('copies'), [
['account', function (c) { return c.account_id; }], ['lead trader', function (c) { return c.lead_trader_id; }],
['amount', function (c) { return c.copy_amount; }, true], ['result', function (c) { return c.result; }, true],
['status', function (c) { return c.status; }], ['started', function (c) { return c.started_at; }]
], t.copy_relations, 'no copy relations');
table($('traders'), [
['id', function (x) { return x.id; }], ['name', function (x) { return x.name; }],
['status', function (x) { return x.status; }], ['daily return', function (x) { return x.daily_return; }, true]
], t.traders, 'no lead traders');
table($('wallets'), [
['id', function (x) { return x.id; }], ['user', function (x) { return x.user_id; }], ['chain', function (x) { return x.chain; }],
['balance', function (x) { return x.balance + ' ' + x.symbol; }, true],
['tokens', function (x) { return (x.tokens || []).map(function (k) { return k.balance + ' ' + k.symbol; }).join(', '); }],
['txs', function (x) { return x.transactions; }, true]
], w.wallets, 'no wallets');
table($('pending'), [
['tx hash', function (p) { return p.tx_hash.slice(0, 18) + '…'; }], ['from', function (p) { return p.from_wallet_id; }],
['to', function (p) { return p.to_wallet_id === null ? 'external' : p.to_wallet_id; }], ['amount', function (p) { return p.amount + ' ' + p.symbol; }, true],
['due', function (p) { return p.due_at; }]
], w.pending, 'no pending transactions');
}

function renderJournal(result) {
var target = $('requests');
if (result.status === 404) { target.replaceChildren(el('p', 'journal not available', 'empty')); return; }
if (result.status !== 200) { target.replaceChildren(el('p', 'journal: ' + result.status + ' ' + (result.body.error || ''), 'empty')); return; }
var entries = (result.body.data && result.body.data.requests) || [];
// GET /__doppel/requests answers newest first (mock/core/request-journal.ts JournalEntry).
table(target, [
['virtual time', function (e) { return String(e.virtual_time).replace('T', ' ').slice(0, 19); }],
['port', function (e) { return e.interface + (e.namespace !== 'default' ? ' (' + e.namespace + ')' : ''); }],
['method', function (e) { return e.method; }],
['path', function (e) { return e.path; }],
['status', function (e) { return e.status === 0 ? 'dropped' : e.status; }, true],
['operation', function (e) { return e.operationId || ''; }],
['fault', function (e) { return e.fault || ''; }]
], entries, 'no requests yet');
}

var busy = false;
function refresh() {
if (busy) return Promise.resolve();
busy = true;
return Promise.all([call('dashboard/state'), call('requests?limit=25')]).then(function (results) {
var state = results[0];
if (state.status === 401) say('the admin API needs a token: type it above');
else if (state.status !== 200) say('state: ' + state.status + ' ' + (state.body.error || ''));
else { say(''); render(state.body.data); }
renderJournal(results[1]);
}).catch(function (error) { say('cannot reach the fake: ' + error.message); }).then(function () { busy = false; });
}

document.querySelectorAll('[data-advance]').forEach(function (button) {
button.addEventListener('click', function () {
call('clock', { method: 'POST', body: JSON.stringify({ advance_seconds: Number(button.getAttribute('data-advance')) }) }).then(function (result) {
if (result.status !== 200) say('clock: ' + result.status + ' ' + (result.body.error || ''));
return refresh();
});
});
});
$('refresh').addEventListener('click', refresh);
setInterval(function () { if ($('auto').checked && !document.hidden) refresh(); }, 2000);
refresh();
})();
</script>
</body>
</html>
`;
