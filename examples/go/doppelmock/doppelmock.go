// Package doppelmock starts a doppel stub server for a test run and drives its admin API over
// HTTP. Standard library only. The command is the single executable (dist/sea/doppel-linux-x64 of
// a doppel checkout) or whatever the DOPPEL environment variable says, e.g. DOPPEL="npx doppel"
// in a project that installed the npm package.
package doppelmock

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"
)

var ready = map[string]string{"trading": "doppel trading interface ready at ", "wallet": "doppel wallet interface ready at "}

// Mock is one `doppel mock` on loopback with a manual virtual clock: free ports unless given.
type Mock struct {
	Trading, Wallet string
	cmd             *exec.Cmd
	// The write end of doppel's stdin (--exit-with-parent): held open while the mock runs; when this
	// process dies, even by kill -9 or a `go test -timeout`, it closes and doppel stops.
	lifeline io.WriteCloser
	mu       sync.Mutex
	lines    []string
}

// given says whether the arguments name an option (`--trading-port 4010` or `--trading-port=4010`).
func given(args []string, option string) bool {
	for _, arg := range args {
		if arg == option || strings.HasPrefix(arg, option+"=") {
			return true
		}
	}
	return false
}

// Command is the command that runs doppel: $DOPPEL split on spaces, else the built executable.
func Command() ([]string, error) {
	if v := strings.TrimSpace(os.Getenv("DOPPEL")); v != "" {
		return strings.Fields(v), nil
	}
	_, here, _, _ := runtime.Caller(0)
	exe := filepath.Join(filepath.Dir(here), "..", "..", "..", "dist", "sea", "doppel-linux-x64")
	if _, err := os.Stat(exe); err != nil {
		return nil, fmt.Errorf("no doppel: build %s (npm run build:sea) or set DOPPEL", exe)
	}
	return []string{exe}, nil
}

// Start runs `doppel mock` with extra arguments and returns once both ready lines are printed.
// The ports are free ones unless the arguments give them (`"--trading-port", "4010"`).
func Start(args ...string) (*Mock, error) {
	command, err := Command()
	if err != nil {
		return nil, err
	}
	all := append(command[1:], "mock")
	for _, option := range []string{"--trading-port", "--wallet-port"} {
		if !given(args, option) {
			all = append(all, option, "0")
		}
	}
	all = append(append(all, "--clock", "manual", "--log-level", "error", "--exit-with-parent"), args...)
	cmd := exec.Command(command[0], all...)
	// Its own process group, so that Stop also ends what a wrapper such as npx started.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	lifeline, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	m := &Mock{cmd: cmd, lifeline: lifeline}
	urls := make(chan map[string]string, 1)
	go func() {
		found := map[string]string{}
		scanner := bufio.NewScanner(out)
		// Keeps reading after the ready lines, so that the pipe never fills and blocks doppel.
		for scanner.Scan() {
			line := scanner.Text()
			m.mu.Lock()
			m.lines = append(m.lines, line)
			m.mu.Unlock()
			for name, prefix := range ready {
				if strings.HasPrefix(line, prefix) {
					found[name] = strings.TrimSpace(strings.TrimPrefix(line, prefix))
				}
			}
			if len(found) == len(ready) && urls != nil {
				urls <- found
				urls = nil
			}
		}
		if urls != nil {
			close(urls)
		}
	}()
	select {
	case found, ok := <-urls:
		if ok {
			m.Trading, m.Wallet = found["trading"], found["wallet"]
			return m, nil
		}
	case <-time.After(30 * time.Second):
	}
	m.Stop()
	m.mu.Lock()
	defer m.mu.Unlock()
	return nil, fmt.Errorf("%s printed no ready lines:\n%s", strings.Join(command, " "), strings.Join(m.lines, "\n"))
}

// Pid is the process id of doppel (of the wrapper, when $DOPPEL names one such as npx).
func (m *Mock) Pid() int {
	return m.cmd.Process.Pid
}

// Stop ends the mock and everything it started.
func (m *Mock) Stop() {
	if m.cmd.ProcessState != nil {
		return
	}
	_ = syscall.Kill(-m.cmd.Process.Pid, syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = m.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-m.cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
}

// Admin calls an admin route (docs/reference/admin-api.md) in a namespace ("" for the default one)
// and decodes its `data` into out (nil: ignored).
func (m *Mock) Admin(method, path, namespace string, body, out any) error {
	var reader io.Reader
	if method != http.MethodGet {
		if body == nil {
			body = struct{}{}
		}
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, m.Trading+path, reader)
	if err != nil {
		return err
	}
	req.Header.Set("content-type", "application/json")
	if namespace != "" {
		req.Header.Set("X-Doppel-Namespace", namespace)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	text, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, text)
	}
	if out == nil {
		return nil
	}
	var envelope struct{ Data json.RawMessage }
	if err := json.Unmarshal(text, &envelope); err != nil {
		return err
	}
	return json.Unmarshal(envelope.Data, out)
}

// Reset puts a namespace back to the demo data, its clock to the start, and clears its journal
// entries and fault rules.
func (m *Mock) Reset(namespace string) error {
	return m.Admin(http.MethodPost, "/__doppel/reset", namespace, nil, nil)
}

// DropNamespace frees a namespace.
func (m *Mock) DropNamespace(namespace string) error {
	return m.Admin(http.MethodDelete, "/__doppel/namespaces/"+url.PathEscape(namespace), "", nil, nil)
}

// Advance moves a namespace's virtual clock; what fell due (fills, confirmations) happens.
func (m *Mock) Advance(namespace string, seconds int) error {
	return m.Admin(http.MethodPost, "/__doppel/clock", namespace, map[string]int{"advance_seconds": seconds}, nil)
}

// Fault is a fault rule (docs/guides/client-developers.md#fault-injection).
type Fault struct {
	ID    string         `json:"id,omitempty"`
	Match map[string]any `json:"match"`
	Times int            `json:"times,omitempty"`
	Fault map[string]any `json:"fault"`
}

// AddFault adds a fault rule in a namespace and returns it with its id.
func (m *Mock) AddFault(namespace string, rule Fault) (Fault, error) {
	var added Fault
	err := m.Admin(http.MethodPost, "/__doppel/faults", namespace, rule, &added)
	return added, err
}

// Entry is one request of the journal: what the client sent and what it got.
type Entry struct {
	OperationID string            `json:"operationId"`
	Method      string            `json:"method"`
	Path        string            `json:"path"`
	Headers     map[string]string `json:"headers"`
	Body        json.RawMessage   `json:"body"`
	Status      int               `json:"status"`
	Fault       *string           `json:"fault"`
	WallTime    time.Time         `json:"wall_time"`
}

// Requests reads a namespace's journal, newest first, with filters such as operationId or status.
func (m *Mock) Requests(namespace string, filters url.Values) ([]Entry, error) {
	var page struct{ Requests []Entry }
	err := m.Admin(http.MethodGet, "/__doppel/requests?"+filters.Encode(), namespace, nil, &page)
	return page.Requests, err
}
