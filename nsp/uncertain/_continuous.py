"""Continuous ranges: finite unions of closed intervals and their Hartley-type measures.

Rényi's differential 0-entropy ``h0``, its conditional version, the non-stochastic
information ``I0`` and the leakage ``L0`` of Farokhi's noiseless-privacy paper (eqs. (2),
(4), (7)), in nats by default as there.

References
----------
.. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
   arXiv:1910.13027, Sec. II-B.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from nsp._validation import Base, as_sequence, check_base, check_real
from nsp.uncertain._masks import _log

__all__ = [
    "IntervalUnion",
    "differential_hartley_entropy",
    "continuous_conditional_hartley_entropy",
    "continuous_nonstochastic_information",
    "continuous_leakage",
]


class IntervalUnion:
    """A finite union of closed intervals of the real line, kept sorted and merged.

    Parameters
    ----------
    intervals : iterable of (float, float)
        Pairs ``(lo, hi)`` with finite ``lo <= hi``; overlapping or touching intervals are
        merged. An empty iterable is the empty set.

    Raises
    ------
    ValueError
        If a pair is not two finite numbers with ``lo <= hi``.

    Examples
    --------
    >>> u = IntervalUnion([(0.5, 1.0), (0.0, 0.25), (0.2, 0.3)])
    >>> u.intervals, u.measure()
    (((0.0, 0.3), (0.5, 1.0)), 0.8)
    >>> u.intersect(IntervalUnion([(0.25, 0.75)])).intervals
    ((0.25, 0.3), (0.5, 0.75))
    """

    __slots__ = ("_intervals",)
    _intervals: tuple[tuple[float, float], ...]

    def __init__(self, intervals: Iterable[tuple[float, float]] = ()) -> None:
        pairs = []
        try:
            items = list(intervals)
        except TypeError:
            raise ValueError(
                f"intervals must be an iterable of pairs (lo, hi); got {intervals!r}"
            ) from None
        for item in items:
            try:
                a, b = item
            except (TypeError, ValueError):
                raise ValueError(
                    f"intervals must hold pairs (lo, hi) of numbers; got {item!r}"
                ) from None
            try:
                lo, hi = check_real("lo", a), check_real("hi", b)
            except ValueError as err:
                raise ValueError(f"intervals must have finite real ends: {err}") from None
            if lo > hi:
                raise ValueError(f"intervals must have finite ends with lo <= hi; got ({lo}, {hi})")
            pairs.append((lo, hi))
        pairs.sort()
        merged: list[tuple[float, float]] = []
        for lo, hi in pairs:
            if merged and lo <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
            else:
                merged.append((lo, hi))
        object.__setattr__(self, "_intervals", tuple(merged))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("IntervalUnion is immutable")

    @classmethod
    def interval(cls, lo: float, hi: float) -> IntervalUnion:
        """Return the single interval ``[lo, hi]``.

        Parameters
        ----------
        lo, hi : float
            Finite ends with ``lo <= hi``.

        Returns
        -------
        IntervalUnion
        """
        return cls([(lo, hi)])

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """Return the disjoint intervals, sorted."""
        return self._intervals

    def measure(self) -> float:
        """Return the Lebesgue measure ``μ``: the total length.

        Returns
        -------
        float
        """
        return float(math.fsum(hi - lo for lo, hi in self._intervals))

    def is_empty(self) -> bool:
        """Return whether the set is empty.

        Returns
        -------
        bool
        """
        return not self._intervals

    def union(self, other: IntervalUnion) -> IntervalUnion:
        """Return ``self ∪ other``.

        Parameters
        ----------
        other : IntervalUnion or iterable of (float, float)
            The other set.

        Returns
        -------
        IntervalUnion
        """
        return IntervalUnion(self._intervals + _as_intervals(other, "other")._intervals)

    def intersect(self, other: IntervalUnion) -> IntervalUnion:
        """Return ``self ∩ other``.

        Parameters
        ----------
        other : IntervalUnion or iterable of (float, float)
            The other set.

        Returns
        -------
        IntervalUnion
        """
        b = _as_intervals(other, "other")._intervals
        out: list[tuple[float, float]] = []
        i, j = 0, 0
        a = self._intervals
        while i < len(a) and j < len(b):
            lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
            if lo <= hi:
                out.append((lo, hi))
            if a[i][1] < b[j][1]:
                i += 1
            else:
                j += 1
        return IntervalUnion(out)

    def issubset(self, other: IntervalUnion) -> bool:
        """Return whether ``self ⊆ other``.

        Parameters
        ----------
        other : IntervalUnion or iterable of (float, float)
            The other set.

        Returns
        -------
        bool
        """
        return self.intersect(other) == self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IntervalUnion) and self._intervals == other._intervals

    def __hash__(self) -> int:
        return hash(self._intervals)

    def __repr__(self) -> str:
        return f"IntervalUnion({list(self._intervals)})"


def _as_intervals(u: Any, name: str) -> IntervalUnion:
    """Return ``u`` as an :class:`IntervalUnion` (``name`` is the argument, for messages)."""
    if isinstance(u, IntervalUnion):
        return u
    try:
        return IntervalUnion(u)
    except (TypeError, ValueError) as err:
        raise ValueError(f"{name} must be an IntervalUnion or pairs (lo, hi): {err}") from None


def _conditional_measures(range_x: Any, cond: Any) -> tuple[float, NDArray[np.float64]]:
    """Return ``μ([[X]])`` and ``μ([[X|y]])`` for every y, checking the rules of a range."""
    rx = _as_intervals(range_x, "range_x")
    mu_x = rx.measure()
    if not mu_x > 0:
        raise ValueError("range_x must have positive measure")
    sets = list(cond.values()) if hasattr(cond, "values") else as_sequence("cond", cond)
    if not sets:
        raise ValueError("cond must hold at least one conditional range [[X|y]]")
    union = IntervalUnion()
    mus = np.empty(len(sets))
    for k, c in enumerate(sets):
        c = _as_intervals(c, "cond")
        if c.is_empty():
            raise ValueError(f"cond holds an empty conditional range (entry {k})")
        if not c.issubset(rx):
            raise ValueError(
                f"cond entry {k} is not a subset of range_x: [[X|y]] must lie in [[X]]"
            )
        union = union.union(c)
        mus[k] = c.measure()
    if abs(union.measure() - mu_x) > 1e-12 * max(1.0, mu_x):
        raise ValueError(
            "the conditional ranges must cover range_x (it is their union, up to measure 0)"
        )
    return mu_x, mus


def differential_hartley_entropy(range_x: Any, *, base: Base = "e") -> float:
    """Return Rényi's differential 0-entropy ``h0(X) = log μ([[X]])``; nats by default.

    Parameters
    ----------
    range_x : IntervalUnion or iterable of (float, float)
        The range ``[[X]]``.
    base : float or str, default "e"
        The logarithm base.

    Returns
    -------
    float
        ``-inf`` for a set of measure 0.

    See Also
    --------
    continuous_conditional_hartley_entropy : ``h0(X|Y)``.
    hartley_entropy : The counterpart for finite ranges.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, eq. (2).

    Examples
    --------
    >>> differential_hartley_entropy(IntervalUnion([(0, 2), (3, 4)]), base=3)
    1.0
    """
    check_base(base)
    mu = _as_intervals(range_x, "range_x").measure()
    return -math.inf if mu == 0 else _log(mu, base)


def continuous_conditional_hartley_entropy(range_x: Any, cond: Any, *, base: Base = "e") -> float:
    """Return ``h0(X|Y) = ess sup_y log μ([[X|y]])``; for finitely many y, the maximum.

    Parameters
    ----------
    range_x : IntervalUnion
        ``[[X]]``, of positive measure.
    cond : mapping y -> IntervalUnion, or sequence of IntervalUnion
        The conditional ranges ``[[X|y]]``: non-empty subsets of ``[[X]]`` whose union is
        ``[[X]]`` (up to measure 0).
    base : float or str, default "e"
        The logarithm base.

    Returns
    -------
    float
        ``-inf`` if every ``[[X|y]]`` has measure 0.

    See Also
    --------
    differential_hartley_entropy : Without the condition.
    continuous_nonstochastic_information : ``h0(X) - h0(X|Y)``.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, eq. (4).

    Examples
    --------
    >>> bins = [IntervalUnion.interval(k / 4, (k + 1) / 4) for k in range(4)]
    >>> unit = IntervalUnion.interval(0, 1)
    >>> round(continuous_conditional_hartley_entropy(unit, bins, base=2), 12)
    -2.0
    """
    check_base(base)
    _, mus = _conditional_measures(range_x, cond)
    top = float(mus.max())
    return -math.inf if top == 0 else _log(top, base)


def continuous_nonstochastic_information(range_x: Any, cond: Any, *, base: Base = "e") -> float:
    """Return ``I0(X;Y) = h0(X) − h0(X|Y) = min_y log(μ([[X]]) / μ([[X|y]]))``; nats by default.

    Parameters
    ----------
    range_x : IntervalUnion
        ``[[X]]``, of positive measure.
    cond : mapping y -> IntervalUnion, or sequence of IntervalUnion
        The conditional ranges ``[[X|y]]``, as for
        :func:`continuous_conditional_hartley_entropy`.
    base : float or str, default "e"
        The logarithm base.

    Returns
    -------
    float
        ``inf`` if every ``[[X|y]]`` has measure 0.

    See Also
    --------
    continuous_leakage : The largest gain over y instead of the smallest.
    nonstochastic_information : The counterpart for finite ranges.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, Sec. II-B.

    Examples
    --------
    A uniform 4-level quantizer of ``[0, 1]``: ``I0 = log 4``.

    >>> bins = {k: IntervalUnion.interval(k / 4, (k + 1) / 4) for k in range(4)}
    >>> continuous_nonstochastic_information(IntervalUnion.interval(0, 1), bins, base=2)
    2.0
    """
    check_base(base)
    mu_x, mus = _conditional_measures(range_x, cond)
    top = float(mus.max())
    return math.inf if top == 0 else _log(mu_x / top, base)


def continuous_leakage(range_x: Any, cond: Any, *, base: Base = "e") -> float:
    """Return the leakage ``L0(X;Y) = ess sup_y log(μ([[X]]) / μ([[X|y]]))`` of a range.

    Nats by default, as in the paper. For finitely many y the essential supremum is the
    maximum.

    Parameters
    ----------
    range_x : IntervalUnion
        ``[[X]]``, of positive measure.
    cond : mapping y -> IntervalUnion, or sequence of IntervalUnion
        The conditional ranges ``[[X|y]]``, as for
        :func:`continuous_conditional_hartley_entropy`.
    base : float or str, default "e"
        The logarithm base.

    Returns
    -------
    float
        ``inf`` if some ``[[X|y]]`` has measure 0.

    See Also
    --------
    continuous_nonstochastic_information : The smallest gain over y.
    nonstochastic_leakage : The counterpart for finite ranges.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, eq. (7).

    Examples
    --------
    Bins of widths 1/2, 1/4, 1/4: the narrowest gives ``L0 = log 4``.

    >>> bins = [IntervalUnion.interval(a, b) for a, b in [(0, 0.5), (0.5, 0.75), (0.75, 1)]]
    >>> continuous_leakage(IntervalUnion.interval(0, 1), bins, base=2)
    2.0
    """
    check_base(base)
    mu_x, mus = _conditional_measures(range_x, cond)
    low = float(mus.min())
    return math.inf if low == 0 else _log(mu_x / low, base)
