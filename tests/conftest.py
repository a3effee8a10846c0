"""Shared test settings: hypothesis profiles and seeded random generators."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

# "ci": enough seeded examples to catch a broken identity, small enough for 2 cores.
settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# "thorough": for a local deep check, `HYPOTHESIS_PROFILE=thorough make test`.
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
    if report.skipped and os.environ.get("NSP_REQUIRE_DATA") == "1" and "doctest" not in item.nodeid:
        report.outcome = "failed"
        report.longrepr = f"skipped although make test requires every check to run: {report.longrepr}"
