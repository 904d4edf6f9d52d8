// Package doppeltest runs doppel's stub server (`doppel mock`) for Go tests: Start gives a test a
// fresh namespace of a stub (the package's, started by Main, or one of its own), with its URLs,
// manual virtual clock, reset, fault rules and request journal. Standard library only.
//
// The executable is Options.Executable, else $DOPPEL (split on spaces, e.g. "npx doppel"), else
// doppel-linux-x64 on PATH.
package doppeltest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Options say how to start a stub. The zero value is free ports and the executable from $DOPPEL.
type Options struct {
	Executable  string        // the doppel executable (default: $DOPPEL, else doppel-linux-x64 on PATH)
	TradingPort int           // 0: a free port
	WalletPort  int           // 0: a free port
	Args        []string      // more arguments for `doppel mock`, e.g. "--seed", "7"
	Timeout     time.Duration // for its ready lines (default 30 s)
}

var ready = map[string]string{"trading": "doppel trading interface ready at ", "wallet": "doppel wallet interface ready at "}

// Server is one `doppel mock` on 127.0.0.1 with a manual virtual clock.
type Server struct {
	Trading, Wallet string // base URLs
	cmd             *exec.Cmd
	// The write end of doppel's stdin (--exit-with-parent): while this process holds it, doppel
	// runs; when this process dies, even by kill -9 or `go test -timeout`, it closes and doppel stops.
	lifeline io.WriteCloser
	stopOnce sync.Once
	stopped  chan struct{} // closed by Stop
	mu       sync.Mutex
	lines    []string
}

func command(opts Options) ([]string, error) {
	if opts.Executable != "" {
		return []string{opts.Executable}, nil
	}
	if v := strings.TrimSpace(os.Getenv("DOPPEL")); v != "" {
		return strings.Fields(v), nil
	}
	if path, err := exec.LookPath("doppel-linux-x64"); err == nil {
		return []string{path}, nil
	}
	return nil, errors.New("doppeltest: no doppel executable: set DOPPEL or Options.Executable")
}

func given(args []string, option string) bool {
	for _, arg := range args {
		if arg == option || strings.HasPrefix(arg, option+"=") {
			return true
		}
	}
	return false
}

// StartServer starts `doppel mock` and returns once both ready lines are printed.
func StartServer(opts Options) (*Server, error) {
	cmdline, err := command(opts)
	if err != nil {
		return nil, err
	}
	args := append(append([]string{}, cmdline[1:]...), "mock")
	for option, port := range map[string]int{"--trading-port": opts.TradingPort, "--wallet-port": opts.WalletPort} {
		if port != 0 || !given(opts.Args, option) {
			args = append(args, option, strconv.Itoa(port))
		}
	}
	args = append(append(args, "--clock", "manual", "--log-level", "error", "--exit-with-parent"), opts.Args...)
	cmd := exec.Command(cmdline[0], args...)
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
	s := &Server{cmd: cmd, lifeline: lifeline, stopped: make(chan struct{})}
	urls := make(chan map[string]string, 1)
	go s.read(out, urls)
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	select {
	case found, ok := <-urls:
		if ok {
			s.Trading, s.Wallet = found["trading"], found["wallet"]
			go s.stopWithParent()
			return s, nil
		}
	case <-time.After(timeout):
	}
	s.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	return nil, fmt.Errorf("%s printed no ready lines:\n%s", strings.Join(cmdline, " "), strings.Join(s.lines, "\n"))
}

// read keeps reading after the ready lines, so that the pipe never fills and blocks doppel.
func (s *Server) read(out io.Reader, urls chan map[string]string) {
	found := map[string]string{}
	scanner := bufio.NewScanner(out)
	for scanner.Scan() {
		line := scanner.Text()
		s.mu.Lock()
		s.lines = append(s.lines, line)
		s.mu.Unlock()
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
}

// stopWithParent ends the stub and this process when the process that started this one is gone.
// A `go test` killed by SIGKILL leaves the test binary it ran alive (and so the stub's lifeline
// open) until the binary next writes; nobody reads its results any more, so it stops at once.
func (s *Server) stopWithParent() {
	parent := os.Getppid()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-s.stopped:
			return
		case <-tick.C:
			if os.Getppid() != parent {
				s.Stop()
				fmt.Fprintln(os.Stderr, "doppeltest: the process that ran this test binary is gone: stopped the stub and exiting")
				os.Exit(1)
			}
		}
	}
}

// Pid is the process id of doppel (of the wrapper, when $DOPPEL names one such as npx).
func (s *Server) Pid() int { return s.cmd.Process.Pid }

// Stop ends the stub and everything it started.
func (s *Server) Stop() {
	s.stopOnce.Do(func() {
		close(s.stopped)
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
		_ = s.lifeline.Close()
	})
}

// Admin calls an admin route in a namespace ("" for the default one) and decodes its `data` into
// out (nil: ignored).
func (s *Server) Admin(method, path, namespace string, body, out any) error {
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
	req, err := http.NewRequest(method, s.Trading+path, reader)
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
