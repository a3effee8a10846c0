"""The paper's inputs: Example 1's pmf as printed and as read, and an instance of Remark 4.

Fig. 4's pmf sums to 0.8 as printed; :func:`example1_pmf` gives the normalized reading (the
default) or the nine-letter one. :func:`remark4_source` is a source with closed forms for
R(D), E*, Γ(D) and R(D, Γ(D)), on which the solvers are checked.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from nsp import ratedistortion as rd
from nsp._validation import check_choice

__all__ = ["EXAMPLE1_PMF_NINE", "EXAMPLE1_PMF_PRINTED", "example1_pmf", "remark4_source"]


#: Fig. 4's pmf exactly as printed in the paper; it sums to 0.8, not 1.
EXAMPLE1_PMF_PRINTED: tuple[float, ...] = (0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002)

#: The 9-letter reading with a plausibly dropped 0.2 (sums to 1; the other reading).
EXAMPLE1_PMF_NINE: tuple[float, ...] = (0.25, 0.25, 0.2, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002)


def example1_pmf(variant: str = "normalized") -> NDArray[np.float64]:
    """Return Example 1's pmf: ``"normalized"`` (printed / 0.8, the default) or ``"nine_letter"``.

    Parameters
    ----------
    variant : {"normalized", "nine_letter"}
        Which reading of the printed pmf.

    Returns
    -------
    numpy.ndarray
        A pmf (sums to 1).

    See Also
    --------
    reverse_waterfill : Example 1's solution.
    gamma_hamming : Example 1's Γ(D).

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1
       and Fig. 4.

    Examples
    --------
    >>> example1_pmf().round(12).tolist()
    [0.3125, 0.3125, 0.1875, 0.125, 0.05, 0.00625, 0.00375, 0.0025]
    """
    variant = check_choice("variant", variant, ("normalized", "nine_letter"))
    if variant == "normalized":
        p = np.asarray(EXAMPLE1_PMF_PRINTED) / 0.8
    elif variant == "nine_letter":
        p = np.asarray(EXAMPLE1_PMF_NINE, dtype=np.float64)
    return p / p.sum()


def remark4_source() -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return an instance illustrating Remark 4: ``X_r = (A, B)`` uniform on {0,1}², ``X_h = A``.

    With ``x_r = 2 A + B`` and Hamming distortion on ``X_r``. Closed forms:
    ``R(D) = 2 - h(D) - D log 3``, ``E* = h(2D/3)``, ``Γ(D) = h(D)`` (``D <= 1/2``),
    ``R(D, Γ(D)) = 2 - h(D) - D``.

    Returns
    -------
    p_src : numpy.ndarray, shape (4, 2)
        The joint pmf ``p[x_r, x_h]``.
    dist : numpy.ndarray, shape (4, 4)
        The Hamming distortion ``d[x_r, xhat]``.

    See Also
    --------
    remark4_table : The solvers on this instance.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Remark 4.

    Examples
    --------
    >>> p, d = remark4_source()
    >>> p.tolist()
    [[0.25, 0.0], [0.25, 0.0], [0.0, 0.25], [0.0, 0.25]]
    """
    p = np.zeros((4, 2))
    p[[0, 1], 0] = 0.25
    p[[2, 3], 1] = 0.25
    return p, rd.hamming_distortion(4)
