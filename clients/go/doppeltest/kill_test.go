package doppeltest_test

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A test of a module of its own that uses this one: it prints its stub's URLs, then sleeps.
const sleeper = `package sleeper

import (
	"fmt"
	"os"
	"testing"
	"time"

	"doppel.example/doppeltest"
)

func TestSleeps(t *testing.T) {
	s := doppeltest.Start(t, doppeltest.Options{})
	fmt.Println("URLS", s.Trading, s.Wallet, s.Server.Pid(), os.Getpid())
	time.Sleep(10 * time.Minute)
}
`

func refused(port string) bool {
	conn, err := net.DialTimeout("tcp", "127.0.0.1:"+port, time.Second)
	if err == nil {
		conn.Close()
	}
	return err != nil
}

// gone: no such process, or a zombie nobody reaped yet.
func gone(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) > 0 && fields[0] == "Z"
}

func within(d time.Duration, ok func() bool) bool {
	for deadline := time.Now().Add(d); !ok(); time.Sleep(25 * time.Millisecond) {
		if time.Now().After(deadline) {
			return ok()
		}
	}
	return true
}

func TestKill9OfGoTestLeavesNoStubAndNoBusyPort(t *testing.T) {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if path, err := exec.LookPath("go"); err == nil {
		goTool = path
	}
	here, _ := os.Getwd()
	dir := t.TempDir()
	mod := "module sleeper\n\ngo 1.19\n\nrequire doppel.example/doppeltest v0.0.0\n\nreplace doppel.example/doppeltest => " + here + "\n"
	for name, text := range map[string]string{"go.mod": mod, "sleeper_test.go": sleeper} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goTool, "test", "-count=1", "-v", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var fields []string
	var seen []string
	scanner := bufio.NewScanner(out)
	for scanner.Scan() {
		seen = append(seen, scanner.Text())
		if strings.HasPrefix(scanner.Text(), "URLS ") {
			fields = strings.Fields(scanner.Text())
			break
		}
	}
	if len(fields) != 5 {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("go test printed no URLS line:\n%s", strings.Join(seen, "\n"))
	}
	go func() { _, _ = bufio.NewReader(out).WriteTo(discard{}) }()
	trading, wallet := fields[1][strings.LastIndexByte(fields[1], ':')+1:], fields[2][strings.LastIndexByte(fields[2], ':')+1:]
	stub, _ := strconv.Atoi(fields[3])
	binary, _ := strconv.Atoi(fields[4])
	defer func() {
		for _, pid := range []int{stub, binary} {
			if !gone(pid) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}()
	if refused(trading) {
		t.Fatal("the stub does not answer")
	}
	_ = cmd.Process.Kill() // SIGKILL of the go command, not of the test binary it runs
	_ = cmd.Wait()
	if !within(time.Second, func() bool { return refused(trading) && refused(wallet) }) {
		t.Fatal("a port of the stub is still open 1 s after go test was killed")
	}
	if !within(5*time.Second, func() bool { return gone(stub) && gone(binary) }) {
		t.Fatalf("still running: stub %d %v, test binary %d %v", stub, !gone(stub), binary, !gone(binary))
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
