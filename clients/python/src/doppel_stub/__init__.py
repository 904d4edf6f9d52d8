"""doppel-stub: the doppel stub server (a single executable) and a pytest plugin that runs it.

Fixtures (doppel_stub.plugin): `doppel` (the session's stub, its default namespace reset before the
test) and `doppel_ns` (a fresh namespace of that stub for the test). Outside pytest:

    with DoppelStub() as stub:
        stub.trading, stub.wallet, stub.reset(), stub.advance(60)
"""

from .namespace import Clock, Namespace
from .stub import BUNDLED, DoppelStub, doppel_command

__all__ = ["BUNDLED", "Clock", "DoppelStub", "Namespace", "doppel_command"]
