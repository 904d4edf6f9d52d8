"""Tests of shop_client against doppel: what the client does, and (from the journal) what it sent.

The fixture doppel_ns is the pytest plugin's of the doppel-stub wheel: a fresh namespace of one
stub for the session.
"""

from datetime import datetime

from shop_client import TradingClient, WalletClient

BURN = "0x000000000000000000000000000000000000dEaD"


def wall_ms(entry):
    return datetime.fromisoformat(entry["wall_time"].replace("Z", "+00:00")).timestamp() * 1000


def test_a_placed_order_is_listed(doppel_ns):
    client = TradingClient(doppel_ns.trading, "demo-trade-key", headers=doppel_ns.headers)
    order = client.buy_limit("BTC", "USDT", "0.01", "1000")
    assert order["status"] == "open"
    assert [o["id"] for o in client.open_orders()] == [order["id"]]
    # What the client sent, as the server received it (the key masked).
    [sent] = doppel_ns.requests(operationId="placeSpotOrder")
    assert sent["body"] == {"market": "BTC", "pair": "USDT", "side": "buy", "order_type": "limit", "amount": "0.01", "price": "1000"}
    assert sent["headers"]["api-key"] == "***"
    assert sent["status"] == 200


def test_a_429_is_retried_after_retry_after(doppel_ns):
    rule = doppel_ns.add_fault({"match": {"operationId": "placeSpotOrder"}, "times": 1, "fault": {"type": "rate_limit", "retry_after": 1}})
    client = TradingClient(doppel_ns.trading, "demo-trade-key", headers=doppel_ns.headers)
    order = client.buy_limit("BTC", "USDT", "0.01", "1000")
    assert order["status"] == "open"
    retried, first = doppel_ns.requests(operationId="placeSpotOrder")  # newest first
    assert (first["status"], first["fault"]) == (429, rule["id"])
    assert (retried["status"], retried["fault"]) == (200, None)
    assert retried["body"] == first["body"]
    assert wall_ms(retried) - wall_ms(first) >= 1000, "the client did not wait Retry-After: 1"


def test_a_send_moves_the_balance_and_confirms_on_the_virtual_clock(doppel_ns):
    wallet = WalletClient(doppel_ns.wallet, "demo-wallet-key", headers=doppel_ns.headers)
    assert wallet.balance(1) == "2.50000000"
    tx_hash = wallet.send(1, BURN, "0.5")
    assert wallet.balance(1) == "2.00000000"
    assert wallet.transaction(1, tx_hash)["status"] == "pending"
    doppel_ns.clock.advance(10 * 60)
    assert wallet.transaction(1, tx_hash)["status"] == "confirmed"
    assert wallet.balance(1) == "2.00000000"
    [sent] = doppel_ns.requests(operationId="sendFromWallet")
    assert sent["body"] == {"to_address": BURN, "amount": "0.5", "token_id": None}
