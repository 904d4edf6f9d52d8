"""One `doppel mock` process for a test run, and its admin API over HTTP (standard library only)."""

import json
import os
import shlex
import signal
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections import deque
from pathlib import Path

BUNDLED = Path(__file__).resolve().parent / "bin" / "doppel-linux-x64"
READY = {"trading": "doppel trading interface ready at ", "wallet": "doppel wallet interface ready at "}


def doppel_command(executable=None):
    """The command that runs doppel: the one given, else $DOPPEL (split like a shell), else the bundled executable."""
    if executable:
        return shlex.split(executable) if isinstance(executable, str) else list(executable)
    if os.environ.get("DOPPEL"):
        return shlex.split(os.environ["DOPPEL"])
    if not BUNDLED.exists():
        raise RuntimeError(f"no doppel executable at {BUNDLED}: this wheel is not for this platform; set DOPPEL")
    return [str(BUNDLED)]


def _given(args, option):
    """Whether the arguments name an option (`--trading-port 4010` or `--trading-port=4010`)."""
    return any(arg == option or arg.startswith(option + "=") for arg in args)


class DoppelStub:
    """`doppel mock` on 127.0.0.1 with a manual virtual clock, on free ports unless given.

    start() returns once both ready lines are printed; stop() ends it. It runs with
    --exit-with-parent and its stdin a pipe only this process holds: when this process dies in any
    way (kill -9 included), the pipe closes and the stub stops, freeing its ports.
    """

    def __init__(self, *args, trading_port=None, wallet_port=None, executable=None, timeout=30.0):
        ports = []
        for option, port in (("--trading-port", trading_port), ("--wallet-port", wallet_port)):
            if port is not None:
                ports += [option, str(port)]
            elif not _given(args, option):
                ports += [option, "0"]
        self.command = doppel_command(executable)
        self.args = ["mock", *ports, "--clock", "manual", "--log-level", "error", "--exit-with-parent", *args]
        self.timeout = timeout
        self.urls = {}
        self._proc = None
        self._lines = deque(maxlen=50)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    @property
    def trading(self):
        return self.urls["trading"]

    @property
    def wallet(self):
        return self.urls["wallet"]

    @property
    def pid(self):
        return self._proc.pid if self._proc else None

    def start(self):
        command = self.command + self.args
        # Its own process group, so that stop() also ends what a wrapper such as npx started.
        self._proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        ready = threading.Event()

        def read():
            # Keeps reading after the ready lines, so that the pipe never fills and blocks doppel.
            for line in self._proc.stdout:
                self._lines.append(line.rstrip("\n"))
                for name, prefix in READY.items():
                    if line.startswith(prefix):
                        self.urls[name] = line[len(prefix):].strip()
                if len(self.urls) == len(READY):
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(self.timeout) or len(self.urls) < len(READY):
            self.stop()
            raise RuntimeError(f"{shlex.join(command)} printed no ready lines:\n" + "\n".join(self._lines))
        return self

    def stop(self):
        if self._proc is None or self._proc.poll() is not None:
            return
        os.killpg(self._proc.pid, signal.SIGTERM)
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self._proc.pid, signal.SIGKILL)
            self._proc.wait()
        self._proc.stdin.close()

    # The admin API, the same on both ports; namespace=None is the default namespace.

    def admin(self, method, path, body=None, namespace=None, query=None):
        """Calls an admin route and returns its `data`."""
        url = self.trading + path + ("?" + urllib.parse.urlencode(query) if query else "")
        headers = {"content-type": "application/json"}
        if namespace:
            headers["X-Doppel-Namespace"] = namespace
        data = json.dumps(body if body is not None else {}).encode() if method != "GET" else None
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.load(response)["data"]
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{method} {path}: {error.code} {error.read().decode()}") from None

    def reset(self, namespace=None):
        """Back to the start: state, virtual clock, rate-limit windows; its journal and fault rules cleared."""
        return self.admin("POST", "/__doppel/reset", namespace=namespace)

    def drop_namespace(self, namespace):
        self.admin("DELETE", f"/__doppel/namespaces/{urllib.parse.quote(namespace)}")

    def now(self, namespace=None):
        """The virtual time: {"now": "YYYY-MM-DD HH:MM:SS", "epoch_ms": …}."""
        return self.admin("GET", "/__doppel/clock", namespace=namespace)

    def advance(self, seconds, namespace=None):
        """Moves the virtual clock forward; what fell due (fills, confirmations) happens."""
        return self.admin("POST", "/__doppel/clock", {"advance_seconds": seconds}, namespace=namespace)

    def add_fault(self, rule, namespace=None):
        return self.admin("POST", "/__doppel/faults", rule, namespace=namespace)

    def requests(self, namespace=None, **filters):
        """The journal, newest first: what the client sent and what it got."""
        return self.admin("GET", "/__doppel/requests", namespace=namespace, query=filters)["requests"]
