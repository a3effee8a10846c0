"""Shared test settings: hypothesis profiles and seeded random generators."""

from __future__ import annotations

import os
import random
import signal
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

# "ci": enough seeded examples to catch a broken identity, small enough for 2 cores.
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# "thorough": for a local deep check, `HYPOTHESIS_PROFILE=thorough make test`.
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def find_mirror() -> Path | None:
    """The offline data mirror: ``$NSP_DATA_MIRROR``, else ``../shared/data`` beside the repository
    (where CI and the development machines keep it), else ``None``."""
    value = os.environ.get("NSP_DATA_MIRROR", "").strip()
    if value and Path(value).is_dir():
        return Path(value).resolve()
    default = Path(__file__).resolve().parents[2] / "shared" / "data"
    return default if default.is_dir() else None


MIRROR = find_mirror()
needs_mirror = pytest.mark.skipif(MIRROR is None, reason="no data mirror (set NSP_DATA_MIRROR)")


#: The handlers a test may change (Ctrl-C, a kill, an alarm) and must not leave to its neighbours.
_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)


@pytest.fixture(autouse=True)
def _isolated_process_state():
    """After each test: restore signal handlers, directory and environment; close figures.

    Tests that drive the command line install handlers and may change directory or set
    variables; without this a handler left by one test changes how the next test in the same
    worker reacts to Ctrl-C, so a test could pass alone and fail in the suite.
    """
    handlers = {sig: signal.getsignal(sig) for sig in _SIGNALS}
    cwd = os.getcwd()
    environ = dict(os.environ)
    yield
    signal.alarm(0)
    for sig, handler in handlers.items():
        if signal.getsignal(sig) is not handler and handler is not None:
            signal.signal(sig, handler)
    os.chdir(cwd)
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:  # a figure left open is counted by the next test's pyplot calls
        pyplot.close("all")
    if os.environ != environ:
        os.environ.clear()
        os.environ.update(environ)


@pytest.fixture
def rng() -> np.random.Generator:
    """A seeded generator, so that every random instance of a test is reproducible."""
    return np.random.default_rng(20261122)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under ``make test`` (``NSP_REQUIRE_DATA=1``) the data has just been fetched, so a test that
    skips for want of data or of the mirror is a failure, not a quiet skip."""
    outcome = yield
    report = outcome.get_result()
    if (
        report.skipped
        and os.environ.get("NSP_REQUIRE_DATA") == "1"
        and "doctest" not in item.nodeid
    ):
        report.outcome = "failed"
        report.longrepr = (
            f"skipped although make test requires every check to run: {report.longrepr}"
        )


def pytest_report_header(config):
    """Say first when the tests run in a random order, with the seed that replays it."""
    seed = os.environ.get("NSP_TEST_SHUFFLE", "").strip()
    if seed:
        return f"tests in a seeded random order; replay it with NSP_TEST_SHUFFLE={seed} make test"
    return None


def pytest_collection_modifyitems(config, items):
    """With ``NSP_TEST_SHUFFLE=<seed>``, run the tests in a seeded random order.

    Every test must pass alone and in any order; this proves it without a plugin. The same seed
    gives the same order in every xdist worker, so the workers agree on the collection.
    """
    seed = os.environ.get("NSP_TEST_SHUFFLE", "").strip()
    if seed:
        random.Random(int(seed)).shuffle(items)
