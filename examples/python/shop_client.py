"""The client under test: a tiny client of both interfaces, as a Python service would have one.

It knows nothing of doppel: it takes base URLs, a key and extra headers (the tests pass the
namespace header there), and it honours Retry-After on a 429 (seed trading §8, wallet §8).
"""

import json
import time
import urllib.error
import urllib.request


class ApiError(Exception):
    def __init__(self, status, body):
        super().__init__(f"{status}: {body.get('error')}")
        self.status = status
        self.body = body


class _Http:
    def __init__(self, base_url, auth, headers=None, sleep=time.sleep, retries=3):
        self.base_url = base_url
        self.headers = {**auth, **(headers or {})}
        self.sleep = sleep
        self.retries = retries

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        headers = {**self.headers, **({"content-type": "application/json"} if data else {})}
        for attempt in range(self.retries + 1):
            request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return json.load(response)
            except urllib.error.HTTPError as error:
                payload = json.loads(error.read() or b"{}")
                retry_after = error.headers.get("Retry-After")
                if error.code == 429 and retry_after is not None and attempt < self.retries:
                    self.sleep(float(retry_after))
                    continue
                raise ApiError(error.code, payload) from None
        raise AssertionError("unreachable")


class TradingClient:
    def __init__(self, base_url, api_key, headers=None, sleep=time.sleep):
        self.http = _Http(base_url, {"API-KEY": api_key}, headers, sleep)

    def buy_limit(self, market, pair, amount, price):
        body = {"market": market, "pair": pair, "side": "buy", "order_type": "limit", "amount": amount, "price": price}
        return self.http.call("POST", "/api/v1/spot/order", body)["data"]

    def open_orders(self):
        return [o for o in self.http.call("GET", "/api/v1/account/orders")["data"] if o["status"] == "open"]


class WalletClient:
    def __init__(self, base_url, api_key, headers=None, sleep=time.sleep):
        self.http = _Http(base_url, {"X-API-Key": api_key}, headers, sleep)

    def balance(self, wallet_id):
        return self.http.call("GET", f"/api/v1/wallets/{wallet_id}/balance")["balance"]

    def send(self, wallet_id, to_address, amount):
        body = {"to_address": to_address, "amount": amount, "token_id": None}
        return self.http.call("POST", f"/api/v1/wallets/{wallet_id}/send", body)["tx_hash"]

    def transaction(self, wallet_id, tx_hash):
        transactions = self.http.call("GET", f"/api/v1/wallets/{wallet_id}/transactions")["transactions"]
        return next(t for t in transactions if t["tx_hash"] == tx_hash)
