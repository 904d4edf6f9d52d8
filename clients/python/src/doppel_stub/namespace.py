"""A test's view of one namespace of a stub: its URLs, the header that selects it, and its admin calls."""


class Namespace:
    def __init__(self, stub, name):
        self.stub = stub
        self.name = name
        self.trading = stub.trading
        self.wallet = stub.wallet
        # Give these to the client under test: its requests then reach this namespace.
        self.headers = {"X-Doppel-Namespace": name} if name else {}
        self.clock = Clock(stub, name)

    def reset(self):
        return self.stub.reset(namespace=self.name)

    def add_fault(self, rule):
        return self.stub.add_fault(rule, namespace=self.name)

    def requests(self, **filters):
        return self.stub.requests(namespace=self.name, **filters)

    def admin(self, method, path, body=None, query=None):
        return self.stub.admin(method, path, body, namespace=self.name, query=query)


class Clock:
    """The namespace's manual virtual clock: it moves only when a test moves it."""

    def __init__(self, stub, namespace):
        self.stub = stub
        self.namespace = namespace

    def now(self):
        """The virtual time as the admin API says it: {"now": "YYYY-MM-DD HH:MM:SS", "epoch_ms": …}."""
        return self.stub.now(namespace=self.namespace)

    @property
    def epoch_ms(self):
        return self.now()["epoch_ms"]

    def advance(self, seconds):
        """Moves it forward; what fell due (fills, confirmations) happens. Returns the new time."""
        return self.stub.advance(seconds, namespace=self.namespace)
