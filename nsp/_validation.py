"""Input validation shared by every measure: one place for the rules and their messages.

Every public function of :mod:`nsp` checks its arguments with these helpers, so that bad
input always raises a :class:`ValueError` that names the argument and the rule it broke.
Nothing is normalized silently: unnormalized counts are accepted only with
``normalize=True``.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

#: Absolute tolerance for "sums to one".
SUM_TOL: float = 1e-9


def check_base(base: float | str) -> float:
    """Return the logarithm base as a float, rejecting bases that define no logarithm.

    Parameters
    ----------
    base : float or {"e", "nats", "bits"}
        A positive number other than 1, or ``"e"``/``"nats"`` (natural log) or ``"bits"`` (2).

    Returns
    -------
    float
        The base.

    Raises
    ------
    ValueError
        If ``base`` is not a finite number > 0 and != 1.

    Examples
    --------
    >>> check_base(2)
    2.0
    >>> round(check_base("e"), 6)
    2.718282
    """
    if isinstance(base, str):
        aliases = {"e": math.e, "nats": math.e, "nat": math.e, "bits": 2.0, "bit": 2.0}
        if base not in aliases:
            raise ValueError(f"base must be a number > 0 and != 1, or one of {sorted(aliases)}; got {base!r}")
        return aliases[base]
    try:
        b = float(base)
    except (TypeError, ValueError):
        raise ValueError(f"base must be a number > 0 and != 1; got {base!r}") from None
    if not math.isfinite(b) or b <= 0 or b == 1:
        raise ValueError(f"base must be a finite number > 0 and != 1; got {base!r}")
    return b


def log_base(base: float) -> float:
    """Return ``ln(base)``, the divisor that converts nats into units of ``base``."""
    return math.log(check_base(base))


def log_in(x: float, base: float | str = 2) -> float:
    """``log_base(x)`` of a positive number, exact for base 2 (``math.log2``) and e.

    Examples
    --------
    >>> log_in(8), log_in(9) == math.log2(9)
    (3.0, True)
    """
    b = check_base(base)
    if b == 2.0:
        return math.log2(x)
    if b == math.e:
        return math.log(x)
    return math.log(x) / math.log(b)


def as_pmf(
    p: ArrayLike,
    *,
    name: str = "p",
    normalize: bool = False,
    ndim: int | None = None,
    atol: float = SUM_TOL,
) -> NDArray[np.float64]:
    """Validate a probability mass function (of any number of axes) and return it as floats.

    Parameters
    ----------
    p : array_like
        Non-negative, finite masses. A joint pmf is an array with one axis per variable.
    name : str
        The argument's name, used in error messages.
    normalize : bool
        Divide by the total instead of requiring it to be 1 (for counts).
    ndim : int, optional
        Required number of axes.
    atol : float
        Tolerance on ``|sum(p) - 1|``.

    Returns
    -------
    numpy.ndarray
        A float64 copy (or view) of ``p``, normalized if asked.

    Raises
    ------
    ValueError
        If ``p`` is empty, has the wrong number of axes, holds a negative, NaN or infinite
        mass, or does not sum to 1 within ``atol`` (or sums to 0 with ``normalize=True``).

    Examples
    --------
    >>> as_pmf([0.25, 0.75])
    array([0.25, 0.75])
    >>> as_pmf([1, 3], normalize=True)
    array([0.25, 0.75])
    """
    arr = np.asarray(p, dtype=np.float64)
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(f"{name} must have {ndim} axes (got shape {arr.shape})")
    if arr.ndim > 0 and arr.size > 0:
        # Fast acceptance with two reductions and no array-sized temporaries: min and sum both
        # propagate NaN, and an infinite mass makes the sum infinite. Anything that fails falls
        # through to the checks below, which name the rule that was broken.
        low, total = float(arr.min()), float(arr.sum())
        if low >= 0 and math.isfinite(total):
            if normalize and total > 0:
                return arr / total
            if not normalize and abs(total - 1.0) <= atol:
                return arr
    if arr.ndim == 0:
        raise ValueError(f"{name} must be an array of masses, not a scalar")
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty (shape {arr.shape})")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must hold finite masses (found NaN or inf)")
    if np.any(arr < 0):
        raise ValueError(f"{name} must be non-negative (min mass {arr.min():.3g})")
    total = float(arr.sum())
    if normalize:
        if total <= 0:
            raise ValueError(f"{name} has total mass 0 and cannot be normalized")
        return arr / total
    if abs(total - 1.0) > atol:
        raise ValueError(
            f"{name} must sum to 1 within {atol:g} (sums to {total:.12g}); "
            "pass normalize=True to accept counts"
        )
    return arr


def as_channel(
    w: ArrayLike,
    *,
    name: str = "channel",
    normalize: bool = False,
    atol: float = SUM_TOL,
) -> NDArray[np.float64]:
    """Validate a row-stochastic matrix ``w[x, y] = p(y | x)`` and return it as floats.

    Parameters
    ----------
    w : array_like, shape (n_inputs, n_outputs)
        Transition probabilities; each row is a pmf.
    name : str
        The argument's name, used in error messages.
    normalize : bool
        Divide each row by its total instead of requiring it to be 1.
    atol : float
        Tolerance on each row's ``|sum - 1|``.

    Raises
    ------
    ValueError
        If ``w`` is not a non-empty 2-D array of finite non-negative numbers whose rows
        sum to 1 (the first offending row is named).

    Examples
    --------
    >>> as_channel([[0.9, 0.1], [0.2, 0.8]]).shape
    (2, 2)
    """
    arr = np.asarray(w, dtype=np.float64)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be a 2-D row-stochastic matrix (got shape {arr.shape})")
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty (shape {arr.shape})")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must hold finite probabilities (found NaN or inf)")
    if np.any(arr < 0):
        r = int(np.argwhere(arr < 0)[0, 0])
        raise ValueError(f"{name} must be non-negative (row {r} has a negative entry)")
    sums = arr.sum(axis=1)
    if normalize:
        if np.any(sums <= 0):
            r = int(np.argmax(sums <= 0))
            raise ValueError(f"{name} row {r} has total 0 and cannot be normalized")
        return arr / sums[:, None]
    bad = np.abs(sums - 1.0) > atol
    if np.any(bad):
        r = int(np.argmax(bad))
        raise ValueError(
            f"{name} must be row-stochastic: row {r} sums to {sums[r]:.12g}, not 1 "
            f"(tolerance {atol:g}); pass normalize=True to accept counts"
        )
    return arr


def as_axes(axes: int | tuple[int, ...] | list[int], ndim: int, *, name: str = "axes") -> tuple[int, ...]:
    """Normalize an axis or group of axes of an ``ndim``-axis array to sorted non-negative ints.

    Raises
    ------
    ValueError
        If an axis is out of range or repeated.

    Examples
    --------
    >>> as_axes(-1, 3)
    (2,)
    >>> as_axes([0, 2], 3)
    (0, 2)
    """
    group = (axes,) if isinstance(axes, (int, np.integer)) else tuple(axes)
    out = []
    for a in group:
        a = int(a)
        if not -ndim <= a < ndim:
            raise ValueError(f"{name} contains axis {a}, out of range for an array with {ndim} axes")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{name} repeats an axis: {group}")
    return tuple(sorted(out))
