"""pytest fixtures: one doppel mock for the session, a namespace of its own for each test.

Standard library only. The mock is the single executable (dist/sea/doppel-linux-x64) or the
command in $DOPPEL (e.g. DOPPEL="npx doppel"); see doppel_mock.py.
"""

import re

import pytest

from doppel_mock import DoppelMock


@pytest.fixture(scope="session")
def doppel_server():
    with DoppelMock() as server:
        yield server


class Doppel:
    """What a test sees: the server's URLs, its namespace, and the admin calls scoped to it."""

    def __init__(self, server, namespace):
        self.server = server
        self.namespace = namespace
        self.trading = server.trading
        self.wallet = server.wallet
        # Give these to the client under test: its requests then reach this test's namespace.
        self.headers = {"X-Doppel-Namespace": namespace}

    def advance(self, seconds):
        return self.server.advance(seconds, namespace=self.namespace)

    def add_fault(self, rule):
        return self.server.add_fault(rule, namespace=self.namespace)

    def requests(self, **filters):
        return self.server.requests(namespace=self.namespace, **filters)


@pytest.fixture
def doppel(doppel_server, request):
    """A fresh namespace for this test (demo data, its own clock, journal and fault rules)."""
    namespace = re.sub(r"[^A-Za-z0-9._-]", "-", request.node.name)[:64]
    doppel_server.reset(namespace=namespace)
    yield Doppel(doppel_server, namespace)
    doppel_server.drop_namespace(namespace)
