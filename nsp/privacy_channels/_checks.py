"""Argument checks shared by :mod:`nsp.privacy_channels`: every message names the argument and
the rule it broke, and nothing is converted silently (no truncation of ``1.5`` to ``1``, no
``True`` read as ``1``, no NaN passed on).

Examples
--------
>>> check_int(3, "k", minimum=1), check_real(0.5, "p")
(3, 0.5)
>>> check_int(1.5, "max_candidates", minimum=1)
Traceback (most recent call last):
...
ValueError: max_candidates must be an integer >= 1; got 1.5
"""

from __future__ import annotations

import math
import numbers

import numpy as np


def _scalar(v: object) -> object:
    """A 0-d numpy array becomes its Python scalar (other values are returned unchanged)."""
    if isinstance(v, np.ndarray) and v.ndim == 0:
        return v.item()
    return v


def check_int(v: object, name: str, *, minimum: int | None = None) -> int:
    """``v`` as an ``int``; refuses bools, floats (even ``2.0``), strings, values below ``minimum``."""
    v = _scalar(v)
    rule = "an integer" + ("" if minimum is None else f" >= {minimum}")
    if isinstance(v, bool) or not isinstance(v, (numbers.Integral, np.integer)):
        raise ValueError(f"{name} must be {rule}; got {v!r}")
    if minimum is not None and int(v) < minimum:
        raise ValueError(f"{name} must be {rule}; got {v!r}")
    return int(v)


def check_real(v: object, name: str, *, finite: bool = False) -> float:
    """``v`` as a ``float``; refuses bools, strings, non-numbers, NaN (and inf if ``finite``)."""
    v = _scalar(v)
    if isinstance(v, bool) or not isinstance(v, (numbers.Real, np.integer, np.floating)):
        raise ValueError(f"{name} must be a real number; got {v!r}")
    x = float(v)
    if math.isnan(x):
        raise ValueError(f"{name} must be a number, not NaN")
    if finite and not math.isfinite(x):
        raise ValueError(f"{name} must be finite; got {x}")
    return x


def check_size(size: object, name: str = "size") -> int | tuple[int, ...] | None:
    """A sample shape: ``None``, an integer >= 0 or a tuple of them."""
    if size is None:
        return None
    if isinstance(size, tuple):
        return tuple(check_int(s, f"{name}[{j}]", minimum=0) for j, s in enumerate(size))
    return check_int(size, name, minimum=0)


def check_seed(seed: object, name: str = "seed") -> object:
    """A seed for :func:`numpy.random.default_rng`: ``None``, an integer >= 0 or a Generator."""
    if seed is None or isinstance(seed, (np.random.Generator, np.random.SeedSequence)):
        return seed
    return check_int(seed, name, minimum=0)
