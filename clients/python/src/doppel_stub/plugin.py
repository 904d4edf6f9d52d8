"""The pytest plugin (entry point pytest11 `doppel`): one stub per session, reset between tests.

- `doppel_stub`: the session's DoppelStub, started on first use and stopped at the end.
- `doppel`: its default namespace (a Namespace), reset before the test.
- `doppel_ns`: a fresh namespace of its own for the test, dropped after it.

Ports are free ones unless --doppel-trading-port/--doppel-wallet-port (or the ini keys of the same
names with underscores) give them; doppel_args in the ini adds arguments to `doppel mock`.
"""

import itertools
import re
import shlex

import pytest

from .namespace import Namespace
from .stub import DoppelStub

_OPTIONS = (
    ("trading_port", "the trading interface's port (default: a free one)"),
    ("wallet_port", "the wallet interface's port (default: a free one)"),
    ("executable", "the command that runs doppel (default: $DOPPEL, else the executable in this wheel)"),
    ("args", "more arguments for `doppel mock`, e.g. --seed 7"),
)


def pytest_addoption(parser):
    group = parser.getgroup("doppel", "doppel stub server")
    for name, help in _OPTIONS:
        group.addoption("--doppel-" + name.replace("_", "-"), dest="doppel_" + name, default=None, help=help)
        parser.addini("doppel_" + name, help)


def _setting(config, name):
    value = config.getoption("doppel_" + name)
    return value if value is not None else (config.getini("doppel_" + name) or None)


@pytest.fixture(scope="session")
def doppel_stub(pytestconfig):
    """The session's stub server (started with --exit-with-parent: it never outlives pytest)."""
    ports = {name: _setting(pytestconfig, name) for name in ("trading_port", "wallet_port")}
    args = shlex.split(_setting(pytestconfig, "args") or "")
    stub = DoppelStub(*args, executable=_setting(pytestconfig, "executable"), **{k: int(v) for k, v in ports.items() if v is not None})
    with stub:
        yield stub


@pytest.fixture
def doppel(doppel_stub):
    """The stub's default namespace, reset (state, clock, journal, fault rules) before the test."""
    namespace = Namespace(doppel_stub, None)
    namespace.reset()
    return namespace


_serial = itertools.count(1)


@pytest.fixture
def doppel_ns(doppel_stub, request):
    """A namespace of the test's own (demo data, its own clock, journal and fault rules): tests can share a stub."""
    name = f"{next(_serial)}-" + re.sub(r"[^A-Za-z0-9._-]", "-", request.node.name)
    namespace = Namespace(doppel_stub, name[:64])
    namespace.reset()
    yield namespace
    doppel_stub.drop_namespace(namespace.name)
