package doppeltest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sync/atomic"
	"testing"
	"time"
)

// shared is the package's stub while Main runs its tests.
var shared *Server

// Main starts one stub for a package's tests, runs them and stops it; Start then gives each test
// a namespace of it:
//
//	func TestMain(m *testing.M) { os.Exit(doppeltest.Main(m, doppeltest.Options{})) }
func Main(m *testing.M, opts Options) int {
	server, err := StartServer(opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	shared = server
	defer func() { shared = nil; server.Stop() }()
	return m.Run()
}

// Stub is a test's namespace of a stub: a fake of its own (demo data, clock, journal, fault rules).
type Stub struct {
	Server          *Server
	Trading, Wallet string // base URLs
	Namespace       string
	t               testing.TB
}

var serial int64

var notAllowed = regexp.MustCompile(`[^A-Za-z0-9._-]`)

// Start gives the test a fresh namespace, dropped when it ends: of the stub Main started, or else of
// a stub of the test's own (started with opts, stopped when it ends).
func Start(t testing.TB, opts Options) *Stub {
	t.Helper()
	server := shared
	if server == nil {
		var err error
		if server, err = StartServer(opts); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(server.Stop)
	}
	name := fmt.Sprintf("%d-%s", atomic.AddInt64(&serial, 1), notAllowed.ReplaceAllString(t.Name(), "-"))
	if len(name) > 64 {
		name = name[:64]
	}
	s := &Stub{Server: server, Trading: server.Trading, Wallet: server.Wallet, Namespace: name, t: t}
	s.Reset()
	t.Cleanup(func() {
		_ = server.Admin(http.MethodDelete, "/__doppel/namespaces/"+url.PathEscape(name), "", nil, nil)
	})
	return s
}

// Headers selects the test's namespace: give them to the client under test.
func (s *Stub) Headers() map[string]string {
	return map[string]string{"X-Doppel-Namespace": s.Namespace}
}

func (s *Stub) admin(method, path string, body, out any) {
	s.t.Helper()
	if err := s.Server.Admin(method, path, s.Namespace, body, out); err != nil {
		s.t.Fatal(err)
	}
}

// Reset puts the namespace back to the start: state, virtual clock, rate-limit windows; its
// journal entries and fault rules cleared.
func (s *Stub) Reset() {
	s.t.Helper()
	s.admin(http.MethodPost, "/__doppel/reset", nil, nil)
}

type clock struct {
	EpochMS int64 `json:"epoch_ms"`
}

// Now is the namespace's virtual time; with the manual clock it moves only by Advance.
func (s *Stub) Now() time.Time {
	s.t.Helper()
	var c clock
	s.admin(http.MethodGet, "/__doppel/clock", nil, &c)
	return time.UnixMilli(c.EpochMS).UTC()
}

// Advance moves the namespace's virtual clock forward by whole seconds; what fell due (fills,
// confirmations) happens. It returns the new virtual time.
func (s *Stub) Advance(d time.Duration) time.Time {
	s.t.Helper()
	var c clock
	s.admin(http.MethodPost, "/__doppel/clock", map[string]int64{"advance_seconds": int64(d / time.Second)}, &c)
	return time.UnixMilli(c.EpochMS).UTC()
}

// Fault is a fault rule: which requests it matches, how many times, and what it answers.
type Fault struct {
	ID    string         `json:"id,omitempty"`
	Match map[string]any `json:"match"`
	Times int            `json:"times,omitempty"`
	Fault map[string]any `json:"fault"`
}

// AddFault adds a fault rule in the namespace and returns it with its id.
func (s *Stub) AddFault(rule Fault) Fault {
	s.t.Helper()
	var added Fault
	s.admin(http.MethodPost, "/__doppel/faults", rule, &added)
	return added
}

// Entry is one request of the journal: what the client sent and what it got.
type Entry struct {
	OperationID string            `json:"operationId"`
	Namespace   string            `json:"namespace"`
	Method      string            `json:"method"`
	Path        string            `json:"path"`
	Headers     map[string]string `json:"headers"`
	Body        json.RawMessage   `json:"body"`
	Status      int               `json:"status"`
	Fault       *string           `json:"fault"`
	WallTime    time.Time         `json:"wall_time"`
}

// Requests reads the namespace's journal, newest first, with filters such as operationId or status.
func (s *Stub) Requests(filters url.Values) []Entry {
	s.t.Helper()
	var page struct{ Requests []Entry }
	s.admin(http.MethodGet, "/__doppel/requests?"+filters.Encode(), nil, &page)
	return page.Requests
}
