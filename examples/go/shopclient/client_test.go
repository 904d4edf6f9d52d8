package shopclient_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"testing"
	"time"

	"doppel.example/goclient/doppelmock"
	"doppel.example/goclient/shopclient"
)

// One doppel mock for the package's tests; each test has a namespace of its own on it.
var mock *doppelmock.Mock

func TestMain(m *testing.M) {
	var err error
	if mock, err = doppelmock.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	mock.Stop()
	os.Exit(code)
}

// namespace gives the test a fresh namespace (demo data, its own clock, journal and fault rules),
// dropped when it ends, and the header that selects it.
func namespace(t *testing.T) (string, map[string]string) {
	t.Helper()
	name := regexp.MustCompile(`[^A-Za-z0-9._-]`).ReplaceAllString(t.Name(), "-")
	if err := mock.Reset(name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = mock.DropNamespace(name) })
	return name, map[string]string{"X-Doppel-Namespace": name}
}

func journal(t *testing.T, ns, operationID string) []doppelmock.Entry {
	t.Helper()
	entries, err := mock.Requests(ns, url.Values{"operationId": {operationID}})
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

func bodyOf(t *testing.T, e doppelmock.Entry) map[string]any {
	t.Helper()
	var body map[string]any
	if err := json.Unmarshal(e.Body, &body); err != nil {
		t.Fatal(err)
	}
	return body
}

func TestAPlacedOrderIsListed(t *testing.T) {
	ns, headers := namespace(t)
	client := shopclient.NewTrading(mock.Trading, "demo-trade-key", headers)
	order, err := client.BuyLimit("BTC", "USDT", "0.01", "1000")
	if err != nil || order.Status != "open" {
		t.Fatalf("order %+v, %v", order, err)
	}
	open, err := client.OpenOrders()
	if err != nil || len(open) != 1 || open[0].ID != order.ID {
		t.Fatalf("open orders %+v, %v; want only %d", open, err, order.ID)
	}
	sent := journal(t, ns, "placeSpotOrder")
	want := map[string]any{"market": "BTC", "pair": "USDT", "side": "buy", "order_type": "limit", "amount": "0.01", "price": "1000"}
	if len(sent) != 1 || !reflect.DeepEqual(bodyOf(t, sent[0]), want) || sent[0].Headers["api-key"] != "***" {
		t.Fatalf("the journal has %+v", sent)
	}
}

func TestA429IsRetriedAfterRetryAfter(t *testing.T) {
	ns, headers := namespace(t)
	rule, err := mock.AddFault(ns, doppelmock.Fault{
		Match: map[string]any{"operationId": "placeSpotOrder"},
		Times: 1,
		Fault: map[string]any{"type": "rate_limit", "retry_after": 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	order, err := shopclient.NewTrading(mock.Trading, "demo-trade-key", headers).BuyLimit("BTC", "USDT", "0.01", "1000")
	if err != nil || order.Status != "open" {
		t.Fatalf("order %+v, %v", order, err)
	}
	sent := journal(t, ns, "placeSpotOrder") // newest first
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
	ns, headers := namespace(t)
	const burn = "0x000000000000000000000000000000000000dEaD"
	wallet := shopclient.NewWallet(mock.Wallet, "demo-wallet-key", headers)
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
	if err := mock.Advance(ns, 10*60); err != nil {
		t.Fatal(err)
	}
	status, err = wallet.TransactionStatus(1, tx)
	expect("status ten virtual minutes later", status, "confirmed", err)
	sent := journal(t, ns, "sendFromWallet")
	want := map[string]any{"to_address": burn, "amount": "0.5", "token_id": nil}
	if len(sent) != 1 || !reflect.DeepEqual(bodyOf(t, sent[0]), want) {
		t.Fatalf("the journal has %+v", sent)
	}
}
