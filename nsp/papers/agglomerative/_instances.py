"""The paper's instances and the values its examples set.

Example 1's joint range (Fig. 1, :func:`example1_range`), the values of X and the λ of
Examples 2–5 (eq. (4): :data:`EXAMPLE2_VALUES`, :data:`EXAMPLE4_VALUES`,
:data:`EXAMPLE_LAMBDA`, :data:`EXAMPLE2_U2_LAMBDA`), Example 1 with side information
(:func:`example1_side_range`, :data:`EXAMPLE1_SIDE_GROUPS`) and a seeded synthetic range
shaped like the Hungarian one (:func:`synthetic_range`, not the paper's).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from nsp._validation import check_int, check_real
from nsp.uncertain import JointRange

__all__ = [
    "EXAMPLE1_SIDE_GROUPS",
    "EXAMPLE2_U2_LAMBDA",
    "EXAMPLE2_VALUES",
    "EXAMPLE4_VALUES",
    "EXAMPLE_LAMBDA",
    "example1_range",
    "example1_side_range",
    "synthetic_range",
]


def example1_range() -> JointRange:
    """Return the joint range ``[[S, X]]`` of Example 1 (Fig. 1 of [1]_): 6 values of S, 7 of X.

    The drawing of Fig. 1 is not in the paper's text; this is the range that the paper's own
    numbers force (unique up to swapping ``s1, s2`` and ``s5, s6``): ``[[S|x1]] = {s1, s2}``,
    ``[[S|x2]] = {s2}``, ``[[S|x3]] = [[S|x4]] = {s3}``, then ``x5, x6, x7`` see ``s4, s5, s6``.

    Returns
    -------
    JointRange
        Labels ``s1..s6`` and ``x1..x7`` (so a U2 utility needs explicit ``values``).

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Example 1.

    Examples
    --------
    >>> r = example1_range()
    >>> r.mask.astype(int)
    array([[1, 0, 0, 0, 0, 0, 0],
           [1, 1, 0, 0, 0, 0, 0],
           [0, 0, 1, 1, 0, 0, 0],
           [0, 0, 0, 0, 1, 0, 0],
           [0, 0, 0, 0, 0, 1, 0],
           [0, 0, 0, 0, 0, 0, 1]])
    >>> r.x_labels[:2]
    ('x1', 'x2')
    """
    mask = np.zeros((6, 7), dtype=bool)
    mask[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    return JointRange(
        mask,
        s_labels=tuple(f"s{i}" for i in range(1, 7)),
        x_labels=tuple(f"x{j}" for j in range(1, 8)),
    )


#: Eq. (4): the numeric values of ``x1..x7`` used by the utility ``U2`` (Example 2).
EXAMPLE2_VALUES: tuple[float, ...] = (0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0)
#: Example 4 resets ``x7 = 4`` in eq. (4).
EXAMPLE4_VALUES: tuple[float, ...] = (0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 4.0)
#: λ of Examples 2 (U1), 3, 4 and 5.
EXAMPLE_LAMBDA: float = 0.3
#: λ of Example 2 with U2.
EXAMPLE2_U2_LAMBDA: float = 2.5


def synthetic_range(
    n_s: int, n_x: int, *, seed: int = 0, p_two: float = 0.05
) -> tuple[NDArray[np.bool_], NDArray[np.float64]]:
    """Draw a seeded joint range shaped like the Hungarian one, with many components.

    Each x sees one random value of S (every s at least once) and, with probability
    ``p_two``, also the next one; the values of X are sorted draws around 250. Not the
    paper's data: it shows Algorithm 2 over many iterations, which the Hungarian range
    (``I* = 1`` bit) does not allow.

    Parameters
    ----------
    n_s, n_x : int
        Sizes of ``[[S]]`` and ``[[X]]`` (``n_x ≥ n_s ≥ 1``).
    seed : int
        Seed of the generator.
    p_two : float
        Probability that an x sees a second value of S.

    Returns
    -------
    mask : numpy.ndarray of bool, shape (n_s, n_x)
        The joint range.
    values : numpy.ndarray, shape (n_x,)
        Numeric values of X, increasing.

    Examples
    --------
    >>> mask, values = synthetic_range(4, 6, seed=1)
    >>> mask.shape, bool(mask.any(axis=0).all() and mask.any(axis=1).all())
    ((4, 6), True)
    """
    n_s = check_int("n_s", n_s, low=1)
    n_x = check_int("n_x", n_x, low=n_s, high=10**6)
    seed = check_int("seed", seed, low=0)
    p_two = check_real("p_two", p_two, low=0.0, high=1.0)
    rng = np.random.default_rng(seed)
    s_of = rng.integers(0, n_s, n_x)
    s_of[:n_s] = rng.permutation(n_s)
    mask = np.zeros((n_s, n_x), dtype=bool)
    mask[s_of, np.arange(n_x)] = True
    two = np.flatnonzero(rng.random(n_x) < p_two)
    mask[np.minimum(s_of[two] + 1, n_s - 1), two] = True
    values = np.sort(np.round(rng.normal(250, 50, n_x)))
    return mask, values


#: The group of every S of Example 1 in :func:`example1_side_range` (A = a1 for s1, s2, s3).
EXAMPLE1_SIDE_GROUPS: tuple[int, ...] = (0, 0, 0, 1, 1, 1)


def example1_side_range() -> NDArray[np.bool_]:
    """Return Example 1 with side information ``A``: the adversary knows if S is in {s1, s2, s3}.

    ``mask[s, x, a] = [[S, X]](s, x) and a = group(s)`` with groups
    :data:`EXAMPLE1_SIDE_GROUPS`; A is a function of S, so ``[[S|a]]`` has 3 values and
    ``I*(S; X̂, A) ≥ I*(S; A) = 1`` bit for every quantization.

    Returns
    -------
    numpy.ndarray of bool, shape (6, 7, 2)
        The range ``[[S, X, A]]``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §V-C.

    Examples
    --------
    >>> from nsp.uncertain import side_information_leakage, side_information_maximin
    >>> m = example1_side_range()
    >>> round(side_information_leakage(m), 4), round(side_information_maximin(m), 4)
    (1.585, 2.3219)
    """
    mask = example1_range().mask
    groups = np.asarray(EXAMPLE1_SIDE_GROUPS)
    out = np.zeros((*mask.shape, 2), dtype=bool)
    for a in (0, 1):
        out[:, :, a] = mask & (groups == a)[:, None]
    return out
