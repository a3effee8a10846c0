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
