package doppeltest_test

import (
	"net"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"doppel.example/doppeltest"
)

func TestMain(m *testing.M) { os.Exit(doppeltest.Main(m, doppeltest.Options{})) }

func status(t *testing.T, url string, headers map[string]string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url+"/api/v1/account/balances", nil)
	req.Header.Set("API-KEY", "demo-trade-key")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func TestEachStartIsANamespaceWithItsOwnClock(t *testing.T) {
	a, b := doppeltest.Start(t, doppeltest.Options{}), doppeltest.Start(t, doppeltest.Options{})
	if a.Namespace == b.Namespace || a.Trading != b.Trading {
		t.Fatalf("namespaces %q and %q of %s and %s", a.Namespace, b.Namespace, a.Trading, b.Trading)
	}
	start := b.Now()
	if got := a.Advance(time.Hour); !got.Equal(start.Add(time.Hour)) {
		t.Fatalf("advanced to %v from %v", got, start)
	}
	if !b.Now().Equal(start) {
		t.Fatalf("the other namespace's clock moved to %v", b.Now())
	}
}

func TestResetPutsBackTheClockAndClearsFaultsAndJournal(t *testing.T) {
	s := doppeltest.Start(t, doppeltest.Options{})
	start := s.Now()
	s.AddFault(doppeltest.Fault{Match: map[string]any{"operationId": "getBalances"}, Fault: map[string]any{"type": "status", "status": 503}})
	if got := status(t, s.Trading, s.Headers()); got != 503 {
		t.Fatalf("with the fault rule: %d", got)
	}
	s.Advance(10 * time.Minute)
	s.Reset()
	if got := status(t, s.Trading, s.Headers()); got != 200 {
		t.Fatalf("after reset: %d", got)
	}
	if !s.Now().Equal(start) {
		t.Fatalf("after reset the clock is %v, not %v", s.Now(), start)
	}
	if entries := s.Requests(map[string][]string{"operationId": {"getBalances"}}); len(entries) != 1 || entries[0].Status != 200 || entries[0].Namespace != s.Namespace {
		t.Fatalf("the journal has %+v", entries)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestTheGivenPortsAreUsed(t *testing.T) {
	trading, wallet := freePort(t), freePort(t)
	server, err := doppeltest.StartServer(doppeltest.Options{TradingPort: trading, Args: []string{"--wallet-port", "0"}})
	if err != nil {
		t.Fatal(err)
	}
	defer server.Stop()
	if server.Trading != "http://127.0.0.1:"+strconv.Itoa(trading) {
		t.Fatalf("trading at %s, not port %d", server.Trading, trading)
	}
	server.Stop()
	server, err = doppeltest.StartServer(doppeltest.Options{WalletPort: wallet})
	if err != nil {
		t.Fatal(err)
	}
	defer server.Stop()
	if server.Wallet != "http://127.0.0.1:"+strconv.Itoa(wallet) {
		t.Fatalf("wallet at %s, not port %d", server.Wallet, wallet)
	}
}
