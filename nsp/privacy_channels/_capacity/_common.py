"""What the capacity modules share: budgets, the budget error, result unpacking."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from nsp._validation import (
    check_int,
)
from nsp.channels import channel_capacity
from nsp.privacy_channels._core import PrivacyChannel

#: Default budget: candidate channels (enumerate) or row sets (setdp) per call.
MAX_CANDIDATES: int = 100_000


#: Rows equal after rounding to this many decimals are the same row.
DECIMALS: int = 12


class EnumerationBudgetError(ValueError):
    """Raised when an exact ``C_1`` would need more candidates than ``max_candidates``."""


class _Unpackable:
    """Mixin of the frozen result dataclasses that replaced tuples: they still unpack."""

    _fields: ClassVar[tuple[str, ...]] = ()

    def __iter__(self) -> Iterator[Any]:
        return iter(tuple(getattr(self, f) for f in self._fields))

    def __len__(self) -> int:
        return len(self._fields)

    def __getitem__(self, j: int) -> Any:
        return tuple(self)[j]


def _check_individual(ch: PrivacyChannel, i: object) -> int:
    return check_int("individual index", i, low=0, high=ch.n - 1)


def _capacity(
    W: NDArray[np.float64], tol: float
) -> tuple[float, float, float, NDArray[np.float64]]:
    """(C, lower, upper, input pmf) in nats via nsp.channels.channel_capacity."""
    if W.shape[0] == 1:
        return 0.0, 0.0, 0.0, np.ones(1)
    res = channel_capacity(W, base=math.e, tol=tol)
    return (
        float(res.capacity),
        float(res.lower),
        float(res.upper),
        np.asarray(res.input_pmf, dtype=np.float64),
    )
