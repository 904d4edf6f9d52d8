"""The plugin as an installed wheel gives it: run in a fresh venv by .ci/run with no node on PATH.

The inner pytest runs (ports, kill -9) are separate processes, each with a stub of its own.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import doppel_stub as package

BURN = "0x000000000000000000000000000000000000dEaD"


def call(url, path, key, headers, body=None):
    auth = {"X-API-Key": key} if key.startswith("demo-wallet") else {"API-KEY": key}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, headers={**auth, **headers, "content-type": "application/json"}, method="POST" if data else "GET")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_the_stub_runs_the_executable_of_the_installed_wheel(doppel_stub):
    assert doppel_stub.command == [str(package.BUNDLED)]
    assert "site-packages" in str(package.BUNDLED)
    assert doppel_stub.trading.startswith("http://127.0.0.1:") and doppel_stub.wallet.startswith("http://127.0.0.1:")


def test_a_change_in_the_default_namespace(doppel):
    doppel.add_fault({"match": {"operationId": "getBalances"}, "fault": {"type": "status", "status": 503}})
    doppel.clock.advance(3600)
    call(doppel.wallet, "/api/v1/wallets/1/send", "demo-wallet-key", {}, {"to_address": BURN, "amount": "0.5", "token_id": None})


def test_is_reset_before_the_next_test(doppel):
    assert doppel.clock.now()["now"] == "2026-01-01 00:00:00"
    assert call(doppel.trading, "/api/v1/account/balances", "demo-trade-key", {})["success"] is True   # no 503 fault left
    assert call(doppel.wallet, "/api/v1/wallets/1/balance", "demo-wallet-key", {})["balance"] == "2.50000000"
    assert doppel.requests(operationId="sendFromWallet") == []   # the journal too


def test_each_test_has_a_namespace_with_its_own_clock(doppel, doppel_ns):
    start = doppel_ns.clock.epoch_ms
    assert doppel_ns.clock.advance(600)["epoch_ms"] == start + 600_000
    assert doppel.clock.epoch_ms == start   # the default namespace's clock did not move
    call(doppel_ns.wallet, "/api/v1/wallets/1/send", "demo-wallet-key", doppel_ns.headers, {"to_address": BURN, "amount": "0.5", "token_id": None})
    assert call(doppel_ns.wallet, "/api/v1/wallets/1/balance", "demo-wallet-key", doppel_ns.headers)["balance"] == "2.00000000"
    assert call(doppel.wallet, "/api/v1/wallets/1/balance", "demo-wallet-key", {})["balance"] == "2.50000000"
    assert [e["namespace"] for e in doppel_ns.requests(operationId="sendFromWallet")] == [doppel_ns.name]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def refused(port):
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def gone(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


def start_inner(tmp_path, test, *args, ini=""):
    """A pytest run of its own in tmp_path, with one test; returns it once it printed `URLS <trading> <wallet> <pid>`."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n" + ini)
    (tmp_path / "test_inner.py").write_text(test)
    inner = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-s", *args], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = []
    for line in inner.stdout:
        output.append(line)
        if line.startswith("URLS "):
            _, trading, wallet, pid = line.split()
            return inner, int(trading.rsplit(":", 1)[1]), int(wallet.rsplit(":", 1)[1]), int(pid)
    inner.wait()
    raise AssertionError("the inner pytest printed no URLS line:\n" + "".join(output))


PRINT_URLS = """
import time
def test_inner(doppel_stub):
    print("URLS", doppel_stub.trading, doppel_stub.wallet, doppel_stub.pid, flush=True)
    {then}
"""


def test_ports_from_the_ini_and_the_command_line_are_used(tmp_path):
    trading, wallet = free_port(), free_port()
    inner, got_trading, got_wallet, _ = start_inner(tmp_path, PRINT_URLS.format(then="pass"), "--doppel-wallet-port", str(wallet), ini=f"doppel_trading_port = {trading}\n")
    assert inner.wait(30) == 0, inner.stdout.read()
    assert (got_trading, got_wallet) == (trading, wallet)


def test_kill_9_of_pytest_leaves_no_stub_and_no_busy_port(tmp_path):
    inner, trading, wallet, pid = start_inner(tmp_path, PRINT_URLS.format(then="time.sleep(600)"))
    try:
        assert not refused(trading)
        inner.kill()   # SIGKILL: pytest runs no teardown
        inner.wait()
        deadline = time.monotonic() + 1
        while not (refused(trading) and refused(wallet)) and time.monotonic() < deadline:
            time.sleep(0.025)
        assert refused(trading) and refused(wallet), "a port is still open 1 s after pytest was killed"
        deadline = time.monotonic() + 5
        while not gone(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone(pid), f"the stub {pid} still runs"
    finally:
        if inner.poll() is None:
            inner.kill()
        if not gone(pid):
            os.kill(pid, signal.SIGKILL)
