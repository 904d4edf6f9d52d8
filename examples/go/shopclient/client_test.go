package shopclient_test

import (
	"encoding/json"
	"net/url"
	"os"
	"reflect"
	"testing"
	"time"

	"doppel.example/doppeltest"
	"doppel.example/goclient/shopclient"
)

// One doppel stub for the package's tests (Main); doppeltest.Start gives each test a fresh
// namespace of it, dropped when the test ends.
func TestMain(m *testing.M) { os.Exit(doppeltest.Main(m, doppeltest.Options{})) }

func journal(t *testing.T, stub *doppeltest.Stub, operationID string) []doppeltest.Entry {
	t.Helper()
	return stub.Requests(url.Values{"operationId": {operationID}})
}

func bodyOf(t *testing.T, e doppeltest.Entry) map[string]any {
	t.Helper()
	var body map[string]any
	if err := json.Unmarshal(e.Body, &body); err != nil {
		t.Fatal(err)
	}
	return body
}

func TestAPlacedOrderIsListed(t *testing.T) {
	stub := doppeltest.Start(t, doppeltest.Options{})
	client := shopclient.NewTrading(stub.Trading, "demo-trade-key", stub.Headers())
	order, err := client.BuyLimit("BTC", "USDT", "0.01", "1000")
	if err != nil || order.Status != "open" {
		t.Fatalf("order %+v, %v", order, err)
	}
	open, err := client.OpenOrders()
	if err != nil || len(open) != 1 || open[0].ID != order.ID {
		t.Fatalf("open orders %+v, %v; want only %d", open, err, order.ID)
	}
	sent := journal(t, stub, "placeSpotOrder")
	want := map[string]any{"market": "BTC", "pair": "USDT", "side": "buy", "order_type": "limit", "amount": "0.01", "price": "1000"}
	if len(sent) != 1 || !reflect.DeepEqual(bodyOf(t, sent[0]), want) || sent[0].Headers["api-key"] != "***" {
		t.Fatalf("the journal has %+v", sent)
	}
}

func TestA429IsRetriedAfterRetryAfter(t *testing.T) {
	stub := doppeltest.Start(t, doppeltest.Options{})
	rule := stub.AddFault(doppeltest.Fault{
		Match: map[string]any{"operationId": "placeSpotOrder"},
		Times: 1,
		Fault: map[string]any{"type": "rate_limit", "retry_after": 1},
	})
	order, err := shopclient.NewTrading(stub.Trading, "demo-trade-key", stub.Headers()).BuyLimit("BTC", "USDT", "0.01", "1000")
	if err != nil || order.Status != "open" {
		t.Fatalf("order %+v, %v", order, err)
	}
	sent := journal(t, stub, "placeSpotOrder") // newest first
	if len(sent) != 2 {
		t.Fatalf("want a 429 and a retry, the journal has %+v", sent)
	}
	retried, first := sent[0], sent[1]
	if first.Status != 429 || first.Fault == nil || *first.Fault != rule.ID || retried.Status != 200 || retried.Fault != nil {
		t.Fatalf("first %+v, retried %+v", first, retried)
	}
	if !reflect.DeepEqual(bodyOf(t, first), bodyOf(t, retried)) {
		t.Fatalf("the retry sent %s, the first %s", retried.Body, first.Body)
	}
	if gap := retried.WallTime.Sub(first.WallTime); gap < time.Second {
		t.Fatalf("the client retried after %v, not Retry-After: 1", gap)
	}
}

func TestASendMovesTheBalanceAndConfirmsOnTheVirtualClock(t *testing.T) {
	stub := doppeltest.Start(t, doppeltest.Options{})
	const burn = "0x000000000000000000000000000000000000dEaD"
	wallet := shopclient.NewWallet(stub.Wallet, "demo-wallet-key", stub.Headers())
	expect := func(what, got, want string, err error) {
		t.Helper()
		if err != nil || got != want {
			t.Fatalf("%s: %q, %v; want %q", what, got, err, want)
		}
	}
	balance, err := wallet.Balance(1)
	expect("balance before", balance, "2.50000000", err)
	tx, err := wallet.Send(1, burn, "0.5")
	if err != nil {
		t.Fatal(err)
	}
	balance, err = wallet.Balance(1)
	expect("balance after the send", balance, "2.00000000", err)
	status, err := wallet.TransactionStatus(1, tx)
	expect("status at once", status, "pending", err)
	stub.Advance(10 * time.Minute)
	status, err = wallet.TransactionStatus(1, tx)
	expect("status ten virtual minutes later", status, "confirmed", err)
	sent := journal(t, stub, "sendFromWallet")
	want := map[string]any{"to_address": burn, "amount": "0.5", "token_id": nil}
	if len(sent) != 1 || !reflect.DeepEqual(bodyOf(t, sent[0]), want) {
		t.Fatalf("the journal has %+v", sent)
	}
}
