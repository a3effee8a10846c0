"""Linear quantizers (Farokhi, Definition 3) and the number of levels a budget allows (Theorem 8).

Theorem 8 prescribes ``q ≤ 2**ε (y_max − y_min) / S(f)`` levels. That rule breaks the budget
when the sensitivity ``S`` is below the range ``R = y_max − y_min``: an image of length ``S``
meets up to ``ceil(q S / R) + 1`` bins, not ``q S / R``. Both the paper's rule
(:func:`levels_paper`) and the corrected rule (:func:`levels_safe`) are here, and
:func:`realized_epsilon` reports the budget a quantizer really spends (see
``docs/papers/noiseless.md``).

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import Any, Literal, TypeAlias

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import (
    Base,
    as_real_array,
    check_base,
    check_choice,
    check_int,
    check_real,
    log_in,
)
from nsp.noiseless._budget import _check_interval

#: A real number; :class:`fractions.Fraction` values keep Theorem 8's arithmetic exact.
Number: TypeAlias = float | Fraction

#: What a quantizer returns for a value: its level's midpoint, its index, or its left edge.
QuantizerOutput = Literal["midpoint", "index", "left"]
OutOfRange = Literal["raise", "clip"]
#: Theorem 8's number of levels as printed (``"paper"``) or corrected (``"safe"``).
QuantizerRule = Literal["paper", "safe"]

_OUTPUTS = ("midpoint", "index", "left")
_OUT_OF_RANGE = ("raise", "clip")
_RULES = ("paper", "safe")


@dataclass(frozen=True)
class LinearQuantizer:
    """The ``q``-level uniform quantizer of ``[lo, hi]`` (Definition 3).

    Bin ``k`` (0-based) is ``[lo + kΔ, lo + (k+1)Δ)`` with ``Δ = (hi − lo)/q``; the last bin is
    closed, so ``hi`` falls in bin ``q − 1``.

    Parameters
    ----------
    lo, hi : float
        The public range of the quantized value (exact rationals such as
        :class:`fractions.Fraction` are handled exactly).
    q : int
        Number of levels, ``q >= 1``.
    output : {"midpoint", "index", "left"}
        The released symbol of bin ``k``: its midpoint ``lo + (k + ½)Δ`` (default), ``k``, or
        its left edge.
    out_of_range : {"raise", "clip"}
        What to do with a value outside ``[lo, hi]``: raise (default), or report the nearest
        bin (for a public bound that data may exceed).

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Definition 3.

    Examples
    --------
    >>> Q = LinearQuantizer(0, 1, 4)
    >>> Q.index([0.0, 0.25, 0.99, 1.0]).tolist()
    [0, 1, 3, 3]
    >>> Q([0.1, 0.6]).tolist()
    [0.125, 0.625]
    """

    lo: Number
    hi: Number
    q: int
    output: QuantizerOutput = "midpoint"
    out_of_range: OutOfRange = "raise"

    def __post_init__(self) -> None:
        _check_interval(self.lo, self.hi)
        if isinstance(self.q, bool | np.bool_) or not isinstance(self.q, int | np.integer):
            raise ValueError(f"q must be an integer >= 1; got {self.q!r}")
        check_int("q", self.q, low=1)
        if self.output not in _OUTPUTS:
            raise ValueError(f"output must be 'midpoint', 'index' or 'left'; got {self.output!r}")
        check_choice("out_of_range", self.out_of_range, _OUT_OF_RANGE)

    @property
    def width(self) -> Any:
        """Return the bin width Δ (a Fraction when both bounds are exact rationals)."""
        return (self.hi - self.lo) / self.q

    @property
    def edges(self) -> NDArray[np.float64]:
        """Return the ``q + 1`` bin edges ``lo, lo + Δ, …, hi``."""
        if self.q > 10**8:
            raise ValueError(f"q = {self.q} bins are too many to list their edges (max 10**8)")
        return np.linspace(float(self.lo), float(self.hi), self.q + 1)

    def index(self, y: ArrayLike | Fraction) -> Any:
        """Return the 0-based bin of each value (exact for rationals, vectorized for floats).

        Parameters
        ----------
        y : float or array_like
            Values in ``[lo, hi]`` (or anywhere with ``out_of_range="clip"``); never NaN.

        Returns
        -------
        int or numpy.ndarray of int
            An ``int`` for an exact rational ``y`` with rational bounds, else an array of the
            shape of ``y``.
        """
        if (
            isinstance(y, Rational)
            and isinstance(self.lo, Rational)
            and isinstance(self.hi, Rational)
        ):
            return self._index_exact(y)
        arr = as_real_array(y, name="values", allow_bool=False)
        self._check_range(arr)
        lo: Any = self.lo
        hi: Any = self.hi
        if self.out_of_range == "clip":
            arr = np.clip(arr, lo, hi)
        k = np.floor((arr - lo) * self.q / (hi - lo)).astype(np.intp)
        return np.clip(k, 0, self.q - 1)

    def _index_exact(self, y: Rational) -> int:
        x: Any = y
        lo: Any = self.lo
        hi: Any = self.hi
        outside = bool(x < lo or x > hi)
        self._check_range(np.asarray(float(x)), exact=outside)
        k = math.floor(Fraction(x - lo) * self.q / Fraction(hi - lo))
        return int(min(max(k, 0), self.q - 1))

    def _check_range(self, arr: NDArray[Any], exact: bool | None = None) -> None:
        if np.any(np.isnan(arr)):
            raise ValueError("values must not be NaN (a quantizer has no bin for a missing value)")
        if self.out_of_range == "clip":
            return
        bad = np.asarray(exact) if exact is not None else (arr < self.lo) | (arr > self.hi)
        if np.any(bad):
            first = arr[bad].flat[0] if arr.ndim else arr
            raise ValueError(
                f"values must lie in [lo, hi] = [{self.lo}, {self.hi}] (found {float(first):.6g}); "
                "pass out_of_range='clip' to report the nearest bin"
            )

    def symbols(self, k: ArrayLike) -> Any:
        """Return the released symbol of bins ``k``.

        Parameters
        ----------
        k : int or array_like of int
            Bin indices.

        Returns
        -------
        numpy.ndarray
            The bins' indices, midpoints or left edges (``output``).
        """
        k = np.asarray(k)
        if self.output == "index":
            return k
        offset = 0.5 if self.output == "midpoint" else 0.0
        lo: Any = self.lo
        return lo + (k + offset) * self.width

    def __call__(self, y: ArrayLike | Fraction) -> Any:
        """Quantize ``y``: the symbol of its bin."""
        return self.symbols(self.index(y))


def _floor(x: float | Fraction) -> int:
    """``floor(x)``, snapping a float within 4 ulps of an integer to that integer.

    So ``R/S = n`` computed in floating point still gives ``n·2**ε`` levels. Exact rationals
    are floored exactly.
    """
    if isinstance(x, Fraction):
        return math.floor(x)
    k = round(x)
    return k if abs(x - k) <= 4 * math.ulp(x) else math.floor(x)


def _ceil(x: float | Fraction) -> int:
    """``ceil(x)`` with the same snapping to integers as :func:`_floor`."""
    if isinstance(x, Fraction):
        return math.ceil(x)
    k = round(x)
    return k if abs(x - k) <= 4 * math.ulp(x) else math.ceil(x)


def _two_to(epsilon: float) -> float | Fraction:
    epsilon = check_real("epsilon", epsilon, low=0.0)
    if float(epsilon).is_integer():
        return Fraction(2) ** int(epsilon)
    return float(2.0**epsilon)


def _ratio(sens: Number, lo: Number, hi: Number) -> Fraction | float | None:
    """``R / S`` (exact for rationals); ``None`` when ``S = 0``."""
    _check_interval(lo, hi)
    check_real("sens", sens, low=0.0)
    if sens > hi - lo:
        raise ValueError(f"sensitivity {sens} exceeds the output range hi - lo = {hi - lo}")
    if sens == 0:
        return None
    if all(isinstance(v, Rational | int) for v in (sens, lo, hi)):
        return Fraction(hi - lo) / Fraction(sens)
    return float((hi - lo) / sens)


def levels_paper(epsilon: float, sens: Number, lo: Number, hi: Number) -> int | float:
    """Return the number of levels of Theorem 8 as printed: ``max(1, floor(2**ε · R / S))``.

    Breaks the budget when ``S < R`` (see :func:`realized_epsilon`); exact for local
    quantization (``S = R``).

    Parameters
    ----------
    epsilon : float
        Budget in bits, finite and ``>= 0``.
    sens : float
        Sensitivity ``S`` of the query, ``0 <= S <= hi − lo``.
    lo, hi : float
        Range of the query, ``lo < hi``.

    Returns
    -------
    int or float
        The number of levels; ``inf`` when ``S = 0`` (the query ignores individuals).

    See Also
    --------
    levels_safe : The most levels that keep the budget.
    levels : Either rule by name.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorem 8.

    Examples
    --------
    Average of 4 entries in [0, 1] at ε = 2 bits: 16 levels.

    >>> levels_paper(2, Fraction(1, 4), 0, 1)
    16
    """
    two = _two_to(epsilon)
    ratio = _ratio(sens, lo, hi)
    if ratio is None:
        return math.inf
    return max(1, _floor(two * ratio))


def levels_safe(epsilon: float, sens: Number, lo: Number, hi: Number) -> int | float:
    """Return the most levels keeping every ``[[Y | X_{-i}]]`` within ``2**ε`` outputs.

    This is Theorem 8, corrected.

    With ``m = floor(2**ε)``: ``q = max(m, floor((m − 1) · R / S))``, the largest ``q`` with
    ``min(q, ceil(q S / R) + 1) <= m``.

    Parameters
    ----------
    epsilon : float
        Budget in bits, finite and ``>= 0``.
    sens : float
        Sensitivity ``S`` of the query, ``0 <= S <= hi − lo``.
    lo, hi : float
        Range of the query, ``lo < hi``.

    Returns
    -------
    int or float
        The number of levels; ``inf`` when ``S = 0``.

    See Also
    --------
    levels_paper : Theorem 8 as printed.
    worst_case_outputs : The count it keeps within the budget.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorem 8 (corrected; see
    ``docs/papers/noiseless.md``).

    Examples
    --------
    >>> levels_safe(2, Fraction(1, 4), 0, 1)
    12
    >>> levels_safe(2, 1, 0, 1)                # local case: floor(2**ε)
    4
    """
    m = _floor(_two_to(epsilon))
    ratio = _ratio(sens, lo, hi)
    if ratio is None:
        return math.inf
    return max(m, _floor((m - 1) * ratio))


def local_levels(epsilon: float) -> int:
    """Return ``⌊2^ε⌋``, the levels of a local quantizer at budget ``epsilon`` (``S = R``).

    Parameters
    ----------
    epsilon : float
        Budget in bits, finite and ``>= 0``.

    Returns
    -------
    int
        ``max(1, floor(2**epsilon))``.

    See Also
    --------
    levels : The levels for a query over many entries.
    local_noiseless_epsilon : The budget of a local report.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Definition 2 and Theorem 8 (``S
       = R``).

    Examples
    --------
    >>> [local_levels(e) for e in (0, 1, 3.5, 10)]
    [1, 2, 11, 1024]
    """
    return max(1, _floor(_two_to(epsilon)))


def levels(
    epsilon: float, sens: Number, lo: Number, hi: Number, *, rule: QuantizerRule = "paper"
) -> int | float:
    """Return the levels by Theorem 8's ``rule``: as printed, or corrected.

    The rules are :func:`levels_paper` and :func:`levels_safe`.

    Parameters
    ----------
    epsilon, sens, lo, hi : float
        As in :func:`levels_paper`.
    rule : {"paper", "safe"}
        The rule as printed, or the corrected one.

    Returns
    -------
    int or float
        The number of levels (``inf`` when ``sens = 0``).

    See Also
    --------
    levels_paper : Theorem 8 as printed.
    levels_safe : The corrected rule.
    quantizer_for : The quantizer with these levels.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 8.

    Examples
    --------
    >>> levels(2, 0.25, 0.0, 1.0, rule="paper"), levels(2, 0.25, 0.0, 1.0, rule="safe")
    (16, 12)
    """
    rule = check_choice("rule", rule, _RULES)  # type: ignore[assignment]
    if rule == "paper":
        return levels_paper(epsilon, sens, lo, hi)
    return levels_safe(epsilon, sens, lo, hi)


def worst_case_outputs(q: int, sens: Number, lo: Number, hi: Number) -> int:
    """Return the most bins of a ``q``-level quantizer that an interval of length ``sens`` meets.

    ``min(q, ceil(q S / R) + 1)``, attained when the interval straddles bin edges.

    Parameters
    ----------
    q : int
        Number of levels, ``>= 1``.
    sens : float
        Length of the interval (the query's sensitivity), ``0 <= sens <= hi − lo``.
    lo, hi : float
        The quantizer's range.

    Returns
    -------
    int
        The worst-case number of outputs (1 when ``sens = 0``).

    See Also
    --------
    realized_epsilon : Its logarithm, the budget spent.
    levels_safe : The most levels for a budget.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 8.

    Examples
    --------
    >>> worst_case_outputs(16, Fraction(1, 4), 0, 1)   # 5 > 4 = 2**2
    5
    """
    q = check_int("q", q, low=1)
    ratio = _ratio(sens, lo, hi)
    if ratio is None:
        return 1
    return int(min(q, _ceil(q / ratio) + 1))


def realized_epsilon(q: int, sens: Number, lo: Number, hi: Number, *, base: Base = 2) -> float:
    """Return the budget a ``q``-level quantizer really spends on a query of sensitivity ``sens``.

    For a continuous query over an interval domain: ``log worst_case_outputs(q, sens, lo, hi)``.

    Parameters
    ----------
    q : int
        Number of levels, ``>= 1``.
    sens : float
        Sensitivity of the query, ``0 <= sens <= hi − lo``.
    lo, hi : float
        The quantizer's range.
    base : float or {"e", "nats", "bits"}, optional
        Logarithm base (default 2: bits).

    Returns
    -------
    float
        The realized budget.

    See Also
    --------
    worst_case_outputs : The count whose logarithm it is.
    quantizer_for : The quantizer of a budget.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Definition 1 and Theorem 8.

    Examples
    --------
    The paper's rule at integer ε spends ``log2(2**ε + 1)``:

    >>> round(realized_epsilon(levels_paper(2, Fraction(1, 4), 0, 1), Fraction(1, 4), 0, 1), 3)
    2.322
    """
    check_base(base)
    return log_in(worst_case_outputs(q, sens, lo, hi), base)


def quantizer_for(
    epsilon: float,
    sens: Number,
    lo: Number,
    hi: Number,
    *,
    rule: QuantizerRule = "paper",
    output: QuantizerOutput = "midpoint",
    out_of_range: OutOfRange = "raise",
) -> LinearQuantizer:
    """Return the quantizer of ``[lo, hi]`` Theorem 8's ``rule`` prescribes for budget ``epsilon``.

    Parameters
    ----------
    epsilon, sens, lo, hi : float
        As in :func:`levels_paper`.
    rule : {"paper", "safe"}
        The rule as printed, or the corrected one.
    output, out_of_range : str
        As in :class:`LinearQuantizer`.

    Returns
    -------
    LinearQuantizer

    Raises
    ------
    ValueError
        If the rule gives unboundedly many levels (``sens = 0``: no quantization is needed),
        or an argument is invalid.

    See Also
    --------
    levels : The number of levels.
    realized_epsilon : What the quantizer really spends.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 8.

    Examples
    --------
    >>> quantizer_for(2, 0.25, 0.0, 1.0, rule="safe").q
    12
    """
    q = levels(epsilon, sens, lo, hi, rule=rule)
    if math.isinf(q):
        raise ValueError(
            "sensitivity 0: the query does not depend on any individual; no quantizer needed"
        )
    return LinearQuantizer(lo, hi, int(q), output=output, out_of_range=out_of_range)
