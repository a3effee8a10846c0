"""What the tables share: the check of a list of budgets, the name of a unit."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from nsp._validation import Base, check_base, check_real


def _reals(name: str, values: object, **interval: Any) -> list[float]:
    """Check a 1-D sequence of real numbers, each with :func:`check_real`."""
    items = None if isinstance(values, str | bytes) else np.asarray(values, dtype=object)
    if items is None or items.ndim != 1:
        raise ValueError(f"{name} must be a 1-D sequence of real numbers; got {values!r}")
    return [check_real(f"{name}[{j}]", v, **interval) for j, v in enumerate(items.tolist())]


def _unit(base: Base) -> str:
    b = check_base(base)
    return {2.0: "bits", math.e: "nats"}.get(b, f"log base {b:g}")
