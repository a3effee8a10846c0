"""Input validation shared by every public function: one place for the rules and their messages.

Every public function of :mod:`nsp` checks its arguments with these helpers, so that bad
input always raises a :class:`ValueError` (a :class:`TypeError` never escapes for a wrong
kind of value) that names the argument and the rule it broke, and loses nothing. Nothing is
normalized silently: unnormalized counts are accepted only with ``normalize=True``.

Scalars
    :func:`check_real`, :func:`check_int`, :func:`check_bool`, :func:`check_choice` and
    :func:`check_tol` (the model is scikit-learn's ``Interval`` constraints). Booleans are not
    numbers, strings are not numbers, NaN is in no interval, and an integer argument must be
    integral (``2.0`` and ``2.5`` are refused).
The logarithm base
    :data:`Base` is the type of every ``base=`` argument; :func:`check_base` reads it,
    :func:`base_number` gives it as a number.
Arrays
    :func:`as_pmf`, :func:`as_channel`, :func:`as_axes`, :func:`as_grid` (a 1-D grid of reals),
    :func:`as_counts` (a 2-D table of record counts).
Seeds
    :func:`check_seed`: ``None``, an integer >= 0, a Generator or a SeedSequence.
Sequences and callables
    :func:`as_sequence`, :func:`check_callable` and :func:`check_frame` (``None``, a number or a
    string where a sequence, a function or a table is expected).
Paths
    :func:`as_path`: ``None`` or a number where a path is expected, a missing file or folder,
    a folder where a file is expected and the reverse.

Validation happens once per public call
    A public function validates its own arguments, then calls other public functions on the
    validated values inside ``with trusted():``. Under :func:`trusted` every validator takes
    a fast path: it converts exactly as the full path does for valid input (same dtype, same
    array object or copy, same normalization arithmetic, so results are bit-identical) but
    checks nothing. The state is a :class:`contextvars.ContextVar` depth, so other threads
    (and Dask workers) keep validating, and it is reset when the block exits, even on an
    exception. Never wrap user-supplied values that were not validated, and never call user
    code (a callback) inside the block. :data:`_FULL_VALIDATIONS` counts the full
    validations by validator name (the tests read it to check that nested calls skip them).
"""

from __future__ import annotations

import inspect
import math
import numbers
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from contextvars import ContextVar, Token
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, TypeAlias

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "Base",
    "SUM_TOL",
    "as_axes",
    "as_channel",
    "as_counts",
    "as_grid",
    "as_path",
    "as_pmf",
    "as_real_array",
    "as_sequence",
    "base_number",
    "check_base",
    "check_bool",
    "check_callable",
    "check_choice",
    "check_int",
    "check_real",
    "check_seed",
    "check_tol",
    "is_trusted",
    "log_base",
    "log_in",
    "trusted",
]

#: The type of every ``base=`` argument: a number > 0 other than 1, or a unit name.
Base: TypeAlias = float | Literal["e", "nats", "nat", "bits", "bit"]

Closed = Literal["both", "left", "right", "neither"]

#: What a path argument names: an existing file or folder (``"any"``: either), or a file or
#: folder to write (or a data folder not yet filled), which need not exist yet.
PathKind = Literal["file", "folder", "any", "new-file", "new-folder"]

#: Absolute tolerance for "sums to one".
SUM_TOL: float = 1e-9

#: Depth of nested :func:`trusted` blocks in the current context (0: validate fully).
_TRUSTED: ContextVar[int] = ContextVar("nsp_validation_trusted", default=0)

#: How many full (checking) validations each validator has made, by name. Calls on the fast
#: path of :func:`trusted` are not counted, nor are validators called by validators.
_FULL_VALIDATIONS: Counter[str] = Counter()

_BASE_ALIASES: dict[str, float] = {
    "e": math.e,
    "nats": math.e,
    "nat": math.e,
    "bits": 2.0,
    "bit": 2.0,
}


class _Trusted:
    """The context manager returned by :func:`trusted` (one per ``with`` block)."""

    __slots__ = ("_token",)

    def __init__(self) -> None:
        self._token: Token[int] | None = None

    def __enter__(self) -> None:
        self._token = _TRUSTED.set(_TRUSTED.get() + 1)

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self._token is not None
        _TRUSTED.reset(self._token)
        self._token = None


def trusted() -> _Trusted:
    """Return a context manager under which the validators check nothing.

    For a public function that has validated its own arguments and calls other public
    functions on the validated values: inside ``with trusted():`` their validators only
    convert (exactly as the full path does for valid input, so results are bit-identical).
    Blocks nest; the state belongs to the current context (thread, task) and is reset on
    exit, also when an exception leaves the block.

    Returns
    -------
    context manager
        Use it in a ``with`` statement, around calls on validated values only.

    Examples
    --------
    >>> is_trusted()
    False
    >>> with trusted():
    ...     is_trusted(), check_real("p", 0.5, low=0, high=1)
    (True, 0.5)
    >>> is_trusted()
    False
    """
    return _Trusted()


def is_trusted() -> bool:
    """Return whether the current context is inside a :func:`trusted` block.

    Returns
    -------
    bool
        ``True`` when validators take their fast path (for the private checks of a package
        that follow the same rule).

    Examples
    --------
    >>> is_trusted()
    False
    """
    return _TRUSTED.get() > 0


def _interval_text(low: float | None, high: float | None, closed: Closed) -> str:
    left = "[" if closed in ("both", "left") and low is not None else "("
    right = "]" if closed in ("both", "right") and high is not None else ")"
    lo = "-inf" if low is None else f"{low:g}"
    hi = "inf" if high is None else f"{high:g}"
    return f"{left}{lo}, {hi}{right}"


def _in_interval(x: float, low: float | None, high: float | None, closed: Closed) -> bool:
    if low is not None and (x < low or (x == low and closed in ("right", "neither"))):
        return False
    return not (high is not None and (x > high or (x == high and closed in ("left", "neither"))))


def _unwrap_0d(value: object, kinds: str) -> object:
    """Return the scalar inside a 0-d numpy array of one of the dtype ``kinds``, else ``value``."""
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in kinds:
        return value[()]
    return value


def check_real(
    name: str,
    value: object,
    *,
    low: float | None = None,
    high: float | None = None,
    closed: Closed = "both",
    allow_inf: bool = False,
) -> float:
    """Return ``value`` as a float after checking it is a real number in an interval.

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : object
        The value to check: a Python or numpy real number (not a bool, not a string).
    low, high : float, optional
        The interval's ends (``None``: unbounded).
    closed : {"both", "left", "right", "neither"}
        Which ends belong to the interval.
    allow_inf : bool
        Whether ``inf``/``-inf`` are accepted (when inside the interval). NaN never is.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        Naming the argument, the rule and the value.

    Examples
    --------
    >>> check_real("tol", 1e-9, low=0, closed="neither")
    1e-09
    >>> check_real("p", 1.5, low=0, high=1)
    Traceback (most recent call last):
    ...
    ValueError: p must be a real number in [0, 1]; got 1.5
    """
    if _TRUSTED.get():
        return float(value)  # type: ignore[arg-type]
    _FULL_VALIDATIONS["check_real"] += 1
    return _check_real(name, value, low=low, high=high, closed=closed, allow_inf=allow_inf)


def _check_real(
    name: str,
    value: object,
    *,
    low: float | None = None,
    high: float | None = None,
    closed: Closed = "both",
    allow_inf: bool = False,
) -> float:
    rule = f"a real number in {_interval_text(low, high, closed)}"
    value = _unwrap_0d(value, "iuf")
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be {rule}; got {value!r} ({type(value).__name__})")
    x = float(value)
    if math.isnan(x) or (math.isinf(x) and not allow_inf) or not _in_interval(x, low, high, closed):
        raise ValueError(f"{name} must be {rule}; got {value!r}")
    return x


def check_int(
    name: str,
    value: object,
    *,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """Return ``value`` as an int after checking it is an integer in ``[low, high]``.

    Python and numpy integers are accepted; bools, floats (even ``2.0``) and strings are not.

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : object
        The value to check.
    low, high : int, optional
        The interval's ends, both included (``None``: unbounded).

    Returns
    -------
    int
        The value as a Python int.

    Raises
    ------
    ValueError
        Naming the argument, the rule and the value.

    Examples
    --------
    >>> check_int("max_iter", 100, low=1)
    100
    >>> check_int("max_iter", 2.5, low=1)
    Traceback (most recent call last):
    ...
    ValueError: max_iter must be an integer in [1, inf); got 2.5 (float)
    """
    if _TRUSTED.get():
        return int(value)  # type: ignore[call-overload]
    _FULL_VALIDATIONS["check_int"] += 1
    return _check_int(name, value, low=low, high=high)


def _check_int(
    name: str,
    value: object,
    *,
    low: int | None = None,
    high: int | None = None,
) -> int:
    rule = f"an integer in {_interval_text(low, high, 'both')}"
    value = _unwrap_0d(value, "iu")
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be {rule}; got {value!r} ({type(value).__name__})")
    n = int(value)
    if not _in_interval(n, low, high, "both"):
        raise ValueError(f"{name} must be {rule}; got {value!r}")
    return n


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` after checking it is a bool (``True``/``False``, or a numpy bool).

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : object
        The value to check.

    Returns
    -------
    bool
        The value as a Python bool.

    Raises
    ------
    ValueError
        Naming the argument and the value (``1``, ``"yes"`` and the like are rejected).

    Examples
    --------
    >>> check_bool("normalize", True)
    True
    >>> check_bool("normalize", "yes")
    Traceback (most recent call last):
    ...
    ValueError: normalize must be True or False; got 'yes' (str)
    """
    if _TRUSTED.get():
        return bool(value)
    _FULL_VALIDATIONS["check_bool"] += 1
    return _check_bool(name, value)


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool | np.bool_):
        raise ValueError(f"{name} must be True or False; got {value!r} ({type(value).__name__})")
    return bool(value)


def check_choice(
    name: str, value: object, choices: Iterable[str], *, aliases: Mapping[str, str] | None = None
) -> str:
    """Return ``value`` after checking it is one of ``choices`` (strings), aliases resolved.

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : object
        The value to check.
    choices : iterable of str
        The accepted values.
    aliases : mapping of str to str, optional
        Other accepted spellings, each mapped to one of ``choices`` (the value returned).

    Returns
    -------
    str
        The value, or the choice its alias stands for.

    Raises
    ------
    ValueError
        Naming the argument, the choices (and aliases) and the value.

    Examples
    --------
    >>> check_choice("distance", "abs", ("abs", "sq"))
    'abs'
    >>> check_choice("distance", "l2", ("abs", "sq"))
    Traceback (most recent call last):
    ...
    ValueError: distance must be one of 'abs', 'sq'; got 'l2'
    >>> check_choice("distance", "l1", ("abs", "sq"), aliases={"l1": "abs"})
    'abs'
    """
    if _TRUSTED.get():
        if aliases is not None and isinstance(value, str) and value in aliases:
            return aliases[value]
        return value  # type: ignore[return-value]
    _FULL_VALIDATIONS["check_choice"] += 1
    return _check_choice(name, value, choices, aliases=aliases)


def _check_choice(
    name: str, value: object, choices: Iterable[str], *, aliases: Mapping[str, str] | None = None
) -> str:
    options = tuple(choices)
    alias = {} if aliases is None else dict(aliases)
    if isinstance(value, str) and value in options:
        return value
    if isinstance(value, str) and value in alias:
        return alias[value]
    also = f" (or the aliases {', '.join(map(repr, alias))})" if alias else ""
    raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}{also}; got {value!r}")


def check_tol(name: str, value: object) -> float:
    """Return a tolerance: a finite real number > 0 (a tolerance of 0 would never stop).

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : object
        The value to check.

    Returns
    -------
    float
        The tolerance.

    Raises
    ------
    ValueError
        Naming the argument, the rule and the value.

    Examples
    --------
    >>> check_tol("tol", 1e-7)
    1e-07
    """
    if _TRUSTED.get():
        return float(value)  # type: ignore[arg-type]
    _FULL_VALIDATIONS["check_tol"] += 1
    return _check_tol(name, value)


def _check_tol(name: str, value: object) -> float:
    return _check_real(name, value, low=0.0, closed="neither")


def check_base(base: Base) -> float:
    """Return the logarithm base as a float, rejecting bases that define no logarithm.

    Parameters
    ----------
    base : float or {"e", "nats", "bits"}
        A finite number > 1, or ``"e"``/``"nats"`` (natural log) or ``"bits"`` (2).

    Returns
    -------
    float
        The base.

    Raises
    ------
    ValueError
        If ``base`` is not a finite number > 1 nor a unit name.

    Examples
    --------
    >>> check_base(2)
    2.0
    >>> round(check_base("e"), 6)
    2.718282
    """
    if _TRUSTED.get():
        return _fast_base(base)
    _FULL_VALIDATIONS["check_base"] += 1
    return _check_base(base)


def _check_base(base: Base) -> float:
    if isinstance(base, str):
        if base not in _BASE_ALIASES:
            raise ValueError(
                f"base must be a number > 1, or one of {sorted(_BASE_ALIASES)}; got {base!r}"
            )
        return _BASE_ALIASES[base]
    # A base in (0, 1) would make every amount of information negative.
    return _check_real("base", base, low=1.0, closed="neither")


def log_base(base: Base) -> float:
    """Return ``ln(base)``, the divisor that converts nats into units of ``base``.

    Parameters
    ----------
    base : float or {"e", "nats", "bits"}
        As for :func:`check_base`.

    Returns
    -------
    float
        The natural logarithm of the base (``ln 2`` for bits, 1 for nats).

    Examples
    --------
    >>> log_base("e"), log_base(2) == math.log(2)
    (1.0, True)
    """
    if _TRUSTED.get():
        return math.log(_fast_base(base))
    _FULL_VALIDATIONS["log_base"] += 1
    return _log_base(base)


def _log_base(base: Base) -> float:
    return math.log(_check_base(base))


def base_number(base: Base) -> float:
    """Return the logarithm base as a number, ``exp(log_base(base))`` (``"e"`` gives e)."""
    return math.exp(log_base(base))


def log_in(x: float, base: Base = 2) -> float:
    """Return the logarithm of ``x`` in ``base``, exact for base 2 (``math.log2``) and e.

    Parameters
    ----------
    x : float
        A positive number.
    base : float or {"e", "nats", "bits"}
        As for :func:`check_base`.

    Returns
    -------
    float
        ``log(x) / log(base)``, computed by ``math.log2`` or ``math.log`` when the base is 2
        or e.

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


def as_real_array(values: Any, *, name: str, allow_bool: bool = True) -> NDArray[np.float64]:
    """Return ``values`` as a float64 array, refusing what would be cast silently.

    Complex numbers (which would lose their imaginary part), text and dates are refused by
    name; so are booleans when ``allow_bool`` is false (for values that are measurements, not
    masks). Object arrays are accepted when every element is a real number.

    Parameters
    ----------
    values : array_like
        The numbers.
    name : str
        The argument's name, for the message.
    allow_bool : bool
        Whether boolean values count as 0 and 1.

    Returns
    -------
    numpy.ndarray of float64

    Raises
    ------
    ValueError
        Naming the argument and the kind of values found.

    Examples
    --------
    >>> as_real_array([1, 2.5], name="x")
    array([1. , 2.5])
    >>> as_real_array([True, False], name="x", allow_bool=False)
    Traceback (most recent call last):
    ...
    ValueError: x must hold real numbers; got values of dtype bool
    """
    if _TRUSTED.get():
        return np.asarray(values).astype(np.float64, copy=False)
    _FULL_VALIDATIONS["as_real_array"] += 1
    return _as_real_array(values, name=name, allow_bool=allow_bool)


def _as_real_array(values: Any, *, name: str, allow_bool: bool = True) -> NDArray[np.float64]:
    raw = np.asarray(values)
    kinds = "biuf" if allow_bool else "iuf"
    if raw.dtype.kind in kinds:
        return raw.astype(np.float64, copy=False)
    if raw.dtype.kind == "O":
        flat = raw.ravel().tolist()
        bad_bool = not allow_bool and any(isinstance(v, bool | np.bool_) for v in flat)
        if not bad_bool and all(isinstance(v, numbers.Real | np.bool_) for v in flat):
            return raw.astype(np.float64)
    raise ValueError(f"{name} must hold real numbers; got values of dtype {raw.dtype}")


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
    if _TRUSTED.get():
        return _fast_pmf(p, normalize)
    _FULL_VALIDATIONS["as_pmf"] += 1
    return _as_pmf(p, name=name, normalize=normalize, ndim=ndim, atol=atol)


def _as_pmf(
    p: ArrayLike,
    *,
    name: str = "p",
    normalize: bool = False,
    ndim: int | None = None,
    atol: float = SUM_TOL,
) -> NDArray[np.float64]:
    arr = _as_real_array(p, name=name)
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

    Returns
    -------
    numpy.ndarray of float64, shape (n_inputs, n_outputs)
        The matrix (its rows divided by their totals when ``normalize``).

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
    if _TRUSTED.get():
        return _fast_channel(w, normalize)
    _FULL_VALIDATIONS["as_channel"] += 1
    return _as_channel(w, name=name, normalize=normalize, atol=atol)


def _as_channel(
    w: ArrayLike,
    *,
    name: str = "channel",
    normalize: bool = False,
    atol: float = SUM_TOL,
) -> NDArray[np.float64]:
    arr = _as_real_array(w, name=name)
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
            f"(tolerance {atol:g}); for counts, divide each row by its total first "
            f"(nsp.channels.validate_channel({name}, normalize=True) does)"
        )
    return arr


def as_axes(
    axes: int | tuple[int, ...] | list[int], ndim: int, *, name: str = "axes", of: str = "an array"
) -> tuple[int, ...]:
    """Normalize an axis or group of axes of an ``ndim``-axis array to sorted non-negative ints.

    Parameters
    ----------
    axes : int or sequence of int
        One axis or a group of axes; negative axes count from the end.
    ndim : int
        The number of axes of the array.
    name : str
        The argument's name, used in error messages.
    of : str
        What the array is called in error messages (its argument's name).

    Returns
    -------
    tuple of int
        The axes in ``range(ndim)``, sorted.

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
    if _TRUSTED.get():
        return _fast_axes(axes, ndim)
    _FULL_VALIDATIONS["as_axes"] += 1
    return _as_axes(axes, ndim, name=name, of=of)


def _as_axes(
    axes: int | tuple[int, ...] | list[int], ndim: int, *, name: str = "axes", of: str = "an array"
) -> tuple[int, ...]:
    if isinstance(axes, (int, np.integer)):
        group: tuple[Any, ...] = (axes,)
    elif isinstance(axes, numbers.Number):
        raise ValueError(
            f"{name} must be an integer axis or a sequence of integer axes; got {axes!r}"
        )
    else:
        group = tuple(as_sequence(name, axes))
    out = []
    for a in group:
        if isinstance(a, bool | np.bool_) or not isinstance(a, numbers.Integral):
            raise ValueError(f"{name} must hold integer axes; got {a!r} ({type(a).__name__})")
        a = int(a)
        if not -ndim <= a < ndim:
            raise ValueError(f"{name} contains axis {a}, out of range for {of} with {ndim} axes")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{name} repeats an axis: {group}")
    return tuple(sorted(out))


# --- the fast paths of trusted(): the full paths' conversions of valid input, no checks ---


def _fast_base(base: Base) -> float:
    return _BASE_ALIASES[base] if isinstance(base, str) else float(base)


def _fast_pmf(p: ArrayLike, normalize: bool) -> NDArray[np.float64]:
    arr = np.asarray(p).astype(np.float64, copy=False)
    return arr / float(arr.sum()) if normalize else arr


def _fast_channel(w: ArrayLike, normalize: bool) -> NDArray[np.float64]:
    arr = np.asarray(w).astype(np.float64, copy=False)
    return arr / arr.sum(axis=1)[:, None] if normalize else arr


def _fast_axes(axes: int | tuple[int, ...] | list[int], ndim: int) -> tuple[int, ...]:
    group = (axes,) if isinstance(axes, (int, np.integer)) else tuple(axes)
    return tuple(sorted(int(a) % ndim for a in group))


def as_sequence(name: str, values: object) -> list[Any]:
    """Return ``values`` as a list after checking it is a sequence (not None, a scalar, a string).

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    values : iterable
        A list, tuple, array (of at least one axis), range, or other finite iterable.

    Returns
    -------
    list

    Raises
    ------
    ValueError
        Naming the argument when ``values`` is ``None``, a string, a number or a 0-d array.

    Examples
    --------
    >>> as_sequence("ks", (1, 2))
    [1, 2]
    >>> as_sequence("ks", None)
    Traceback (most recent call last):
    ...
    ValueError: ks must be a sequence; got None (NoneType)
    """
    zero_d = isinstance(values, np.ndarray) and values.ndim == 0
    if values is None or isinstance(values, str | bytes | numbers.Number) or zero_d:
        raise ValueError(f"{name} must be a sequence; got {values!r} ({type(values).__name__})")
    try:
        return list(values)  # type: ignore[call-overload]
    except TypeError:
        raise ValueError(
            f"{name} must be a sequence; got {values!r} ({type(values).__name__})"
        ) from None


def check_frame(name: str, value: object, *, what: str = "a pandas DataFrame") -> pd.DataFrame:
    """Return ``value`` after checking it is a pandas DataFrame.

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : object
        The value to check.
    what : str
        How the message describes the expected table (``"the DataFrame of advantage_curves"``).

    Returns
    -------
    pandas.DataFrame
        ``value`` itself.

    Raises
    ------
    ValueError
        Naming the argument and the type it got.

    Examples
    --------
    >>> check_frame("frame", [1, 2])
    Traceback (most recent call last):
    ...
    ValueError: frame must be a pandas DataFrame; got list
    """
    if not isinstance(value, pd.DataFrame):
        raise ValueError(f"{name} must be {what}; got {type(value).__name__}")
    return value


def check_callable(name: str, value: object, *, n_args: int | None = None) -> Any:
    """Return ``value`` after checking it can be called (a function, a method, a class).

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : object
        The value to check.
    n_args : int, optional
        The positional arguments the library calls it with: a callable whose signature
        cannot take that many is refused here, by name, instead of failing inside the
        library with Python's own message (a callable without a signature passes).

    Returns
    -------
    object
        ``value`` itself.

    Raises
    ------
    ValueError
        Naming the argument when ``value`` is not callable.

    Examples
    --------
    >>> check_callable("f", len) is len
    True
    >>> check_callable("f", 3)
    Traceback (most recent call last):
    ...
    ValueError: f must be a callable (a function); got 3 (int)
    >>> check_callable("g", lambda x, y: x, n_args=1)
    Traceback (most recent call last):
    ...
    ValueError: g must take 1 positional argument (it is called as g(x)); its signature is (x, y)
    """
    if not callable(value):
        raise ValueError(
            f"{name} must be a callable (a function); got {value!r} ({type(value).__name__})"
        )
    if n_args is not None:
        try:
            sig = inspect.signature(value)
        except (TypeError, ValueError):
            return value  # a builtin or extension callable without a signature
        try:
            sig.bind(*range(n_args))
        except TypeError:
            args = ", ".join("xyzuvw"[k] if k < 6 else f"x{k}" for k in range(n_args))
            plural = "" if n_args == 1 else "s"
            raise ValueError(
                f"{name} must take {n_args} positional argument{plural} (it is called as "
                f"{name}({args})); its signature is {sig}"
            ) from None
    return value


def as_path(name: str, value: object, *, kind: PathKind = "any") -> Path:
    """Return ``value`` as a :class:`~pathlib.Path` (``~`` expanded) after checking what it names.

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : str or os.PathLike
        The path.
    kind : {"any", "file", "folder", "new-file", "new-folder"}
        What it must name: an existing file, an existing folder, or either (``"any"``); or a
        file or folder to write, or a data folder not filled yet (``"new-file"``,
        ``"new-folder"``), which need not exist but must not be a folder where a file is
        expected, or the reverse.

    Returns
    -------
    pathlib.Path
        The path, not resolved.

    Raises
    ------
    ValueError
        Naming the argument when ``value`` is not a path (``None``, a number, an empty string)
        or names a folder where a file is expected, or the reverse.
    FileNotFoundError
        Naming the argument and the path when a file or folder to read does not exist.

    Examples
    --------
    >>> as_path("output", "~/figure.png", kind="new-file").name
    'figure.png'
    >>> as_path("path", 3)
    Traceback (most recent call last):
    ...
    ValueError: path must be a path (a str or os.PathLike); got 3 (int)
    >>> as_path("path", "/nonexistent/x.csv", kind="file")
    Traceback (most recent call last):
    ...
    FileNotFoundError: path: no such file: /nonexistent/x.csv
    """
    if not isinstance(value, str | os.PathLike) or not os.fspath(value):
        raise ValueError(
            f"{name} must be a path (a str or os.PathLike); got {value!r} ({type(value).__name__})"
        )
    text = os.fspath(value)
    if not isinstance(text, str):  # a bytes path
        raise ValueError(f"{name} must be a str path, not bytes; got {value!r}")
    path = Path(text).expanduser()
    want_file = kind in ("file", "new-file")
    want_folder = kind in ("folder", "new-folder")
    if want_file and path.is_dir():
        raise ValueError(f"{name} must be a file; got the folder {path}")
    if want_folder and path.exists() and not path.is_dir():
        raise ValueError(f"{name} must be a folder; got the file {path}")
    if kind in ("file", "folder", "any") and not path.exists():
        what = {"file": "file", "folder": "folder", "any": "file or folder"}[kind]
        raise FileNotFoundError(f"{name}: no such {what}: {path}")
    return path


def check_seed(
    seed: object, name: str = "seed"
) -> int | np.random.Generator | np.random.SeedSequence | None:
    """Return a seed for :func:`numpy.random.default_rng`: ``None``, an int >= 0 or a Generator.

    Parameters
    ----------
    seed : object
        The value to check.
    name : str
        The argument's name, for the message.

    Returns
    -------
    int, numpy.random.Generator, numpy.random.SeedSequence or None
    """
    if seed is None or isinstance(seed, np.random.Generator | np.random.SeedSequence):
        return seed
    return check_int(name, seed, low=0)


def as_counts(counts: ArrayLike, *, name: str = "counts") -> NDArray[np.int64]:
    """Validate a 2-D table of record counts; ``name`` is the argument the caller was given."""
    arr = as_real_array(counts, name=name, allow_bool=False)
    if arr.ndim != 2:
        raise ValueError(f"{name} must have 2 axes (got shape {arr.shape})")
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty (shape {arr.shape})")
    if not np.all(np.isfinite(arr)) or np.any(arr < 0) or np.any(arr != np.round(arr)):
        raise ValueError(f"{name} must be non-negative integers")
    out = np.array(arr, dtype=np.int64, order="C", copy=True)
    if out.sum() == 0:
        raise ValueError(f"{name} must have a positive total (no record counted)")
    out.setflags(write=False)
    return out


def as_grid(values: ArrayLike, name: str = "D_grid") -> NDArray[np.float64]:
    """Return a 1-D grid of finite real numbers (complex, non-numeric or 2-D grids are refused)."""
    arr = np.asarray(values)
    if is_trusted():  # validated by the public caller: convert only
        return arr.astype(np.float64).ravel()
    if arr.dtype.kind not in "iuf" or arr.size == 0:
        raise ValueError(
            f"{name} must be a non-empty array of real numbers (got dtype {arr.dtype})"
        )
    if arr.ndim > 1:
        raise ValueError(
            f"{name} must be a number or a 1-D array of numbers (got shape {arr.shape})"
        )
    grid = arr.astype(np.float64).ravel()
    if not np.all(np.isfinite(grid)):
        raise ValueError(f"{name} must hold finite numbers (found NaN or inf)")
    return grid
