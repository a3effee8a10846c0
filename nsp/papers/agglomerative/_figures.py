"""The view of a merge path for :func:`nsp.interactive.explore`: where each λ stops."""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from nsp._validation import check_real
from nsp.clustering.nonstochastic import MergePath
from nsp.papers.agglomerative._instances import example1_range  # noqa: F401  (the examples use it)

__all__ = ["merge_path_view"]


def merge_path_view(path: MergePath, lam: float = 0.3) -> Figure:
    """Draw a merge path's (utility, leakage) points and the one a given λ stops at.

    Algorithm 1 (or 2) merges while a merge lowers ``leakage − λ · utility``; every λ stops at a
    point of the same path. A view for :func:`nsp.interactive.explore` (a slider over ``lam``),
    reading the path computed once.

    Parameters
    ----------
    path : MergePath
        From :func:`nsp.clustering.nonstochastic.merge_path`.
    lam : float
        Lagrange multiplier λ ≥ 0.

    Returns
    -------
    matplotlib.figure.Figure

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Algorithm 1 and §VII-A.

    Examples
    --------
    >>> from nsp.clustering.nonstochastic import merge_path
    >>> path = merge_path(example1_range(), algorithm="merge_by_leakage", utility="U1")
    >>> merge_path_view(path, 0.9).axes[0].get_title()
    'λ = 0.9: stops after 0 merges, {x1},{x2},{x3},{x4},{x5},{x6},{x7}'
    """
    if not isinstance(path, MergePath):
        raise ValueError(f"path must be a MergePath (of merge_path); got {type(path).__name__}")
    lam = check_real("lam", lam, low=0.0)
    chosen = path.result(lam)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    ax.plot(path.utility, path.leakage, "o-", ms=4, color="C0", label="merge path")
    ax.plot(
        chosen.utility,
        chosen.leakage,
        "o",
        ms=10,
        mfc="none",
        mew=2,
        color="C3",
        label=f"stop at λ = {lam:g}",
    )
    ax.set(xlabel="utility U [bits]", ylabel="privacy leakage [bits]")
    ax.set_title(
        f"λ = {lam:g}: stops after {chosen.iterations} merges, {chosen.partition.format()}"
    )
    ax.legend(fontsize=8)
    return fig
