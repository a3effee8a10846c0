"""The agglomerative-clustering paper of Ding & Farokhi: its instances and printed values.

N. Ding, F. Farokhi, *Developing non-stochastic privacy-preserving policies using agglomerative
clustering*, IEEE Trans. Inf. Forensics Security, 2020.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from __future__ import annotations

import numpy as np

from nsp.uncertain import JointRange

__all__ = ["example1_range"]


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
