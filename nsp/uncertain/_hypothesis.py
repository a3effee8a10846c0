"""Non-stochastic hypothesis testing on a range ``mask[h, y]`` of hypotheses and data.

References
----------
.. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
   arXiv:1910.13027, Sec. II-C.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base, check_base
from nsp.uncertain._masks import _log
from nsp.uncertain._ranges import RangeLike, range_mask

__all__ = [
    "hypothesis_test_performance",
    "hypothesis_test_bound",
    "optimal_hypothesis_test",
]


def _test_of(test: ArrayLike, m: NDArray[np.bool_]) -> NDArray[np.intp]:
    """Return the test as hypothesis indices, one per measurement, checked."""
    t = np.asarray(test)
    if t.shape != (m.shape[1],) or t.dtype.kind not in "iu":
        raise ValueError(f"test must give one hypothesis index per measurement ({m.shape[1]} ints)")
    if t.size and (t.min() < 0 or t.max() >= m.shape[0]):
        raise ValueError(f"test holds a hypothesis index out of range 0..{m.shape[0] - 1}")
    return t.astype(np.intp)


def hypothesis_test_performance(r: RangeLike, test: ArrayLike, *, base: Base = 2) -> float:
    """Return the performance ``P(T) = log |ℵ(T)|`` of a test on the range ``[[H, Y]]``.

    ``r`` is ``mask[h, y]``: row h is ``[[Y|p_h]]`` (rows ``p0``, ``p1``, … the hypotheses,
    e.g. ``JointRange.from_pairs(zip(g_H(x), g_Y(x)))``). The test ``T`` maps each measurement
    y to a hypothesis; it is correct at y when ``[[H|y]] = {T(y)}``, and ``ℵ(T)`` is the set of
    such y (Farokhi eq. (15)).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_hypotheses, n_measurements)
        The range of hypotheses and measurements.
    test : array_like of int, shape (n_measurements,)
        ``test[y]`` is the row index of the hypothesis the test decides on seeing y.
    base : float or str, default 2
        The logarithm base.

    Returns
    -------
    float
        ``-inf`` when no measurement is decided correctly.

    See Also
    --------
    hypothesis_test_bound : The best performance of any test.
    optimal_hypothesis_test : A test that attains it.
    nsp.noiseless.hypothesis_game_range : The range of the noiseless privacy game.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, eq. (15).

    Examples
    --------
    >>> r = [[1, 1, 0], [0, 1, 1]]  # Y|p0 = {0, 1}, Y|p1 = {1, 2}
    >>> hypothesis_test_performance(r, [0, 0, 1]), hypothesis_test_performance(r, [1, 1, 1])
    (1.0, 0.0)
    """
    check_base(base)
    m = range_mask(r)
    t = _test_of(test, m)
    single = m.sum(axis=0) == 1
    correct = single & m[t, np.arange(m.shape[1])]
    count = int(correct.sum())
    return -math.inf if count == 0 else _log(count, base)


def hypothesis_test_bound(r: RangeLike, *, base: Base = 2) -> float:
    """Return ``log |{y : |[[H|y]]| = 1}|``, the best performance of any test.

    For two hypotheses this is ``log |[[Y|p0]] Δ [[Y|p1]]|`` (Farokhi Prop. 3);
    :func:`optimal_hypothesis_test` attains it.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_hypotheses, n_measurements)
        The range of hypotheses and measurements.
    base : float or str, default 2
        The logarithm base.

    Returns
    -------
    float
        ``-inf`` if no measurement identifies a hypothesis.

    See Also
    --------
    optimal_hypothesis_test : A test that attains it.
    hypothesis_test_performance : The performance of a given test.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, Prop. 3.

    Examples
    --------
    >>> hypothesis_test_bound([[1, 1, 0], [0, 1, 1]])
    1.0
    """
    check_base(base)
    m = range_mask(r)
    count = int((m.sum(axis=0) == 1).sum())
    return -math.inf if count == 0 else _log(count, base)


def optimal_hypothesis_test(r: RangeLike) -> NDArray[np.intp]:
    """Return a test attaining :func:`hypothesis_test_bound`.

    ``T*(y)`` is the only hypothesis compatible with y. Tie rule: where several hypotheses
    are compatible with y (no test is correct there), ``T*(y)`` is the smallest of them.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_hypotheses, n_measurements)
        The range of hypotheses and measurements.

    Returns
    -------
    ndarray of int, shape (n_measurements,)
        The hypothesis index decided for each measurement.

    See Also
    --------
    hypothesis_test_bound : Its performance.
    hypothesis_test_performance : The performance of any test.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, Prop. 3.

    Examples
    --------
    >>> optimal_hypothesis_test([[1, 1, 0], [0, 1, 1]])
    array([0, 0, 1])
    """
    m = range_mask(r)
    return m.argmax(axis=0).astype(np.intp)
