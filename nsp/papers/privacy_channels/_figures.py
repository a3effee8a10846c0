"""The view of randomized response for :func:`nsp.interactive.explore`: ``C_1`` and DP ε."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from nsp._validation import check_real
from nsp.privacy_channels import rr_capacity, rr_dp_epsilon

__all__ = ["rr_view"]


def rr_view(p: float = 0.25) -> Figure:
    """Draw randomized response's information privacy and DP levels against its flip probability.

    ``C_1 = log 2 − H(p)`` (bits, eq. (34)) beside the DP level ``|ln((1 − p)/p)|`` (nats); the
    marker shows both at ``p``. A view for :func:`nsp.interactive.explore` (a slider over ``p``).

    Parameters
    ----------
    p : float
        Flip probability, in ``(0, 1)``.

    Returns
    -------
    matplotlib.figure.Figure

    See Also
    --------
    rr_ip_vs_dp_table : The numbers.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §4.1, eqs. (34) and (37).

    Examples
    --------
    >>> rr_view(0.25).axes[0].get_title()
    'p = 0.25: C₁ = 0.188722 bits, DP ε = 1.09861 nats'
    """
    p = check_real("p", p, low=0.0, high=1.0, closed="neither")
    grid = np.linspace(0.005, 0.995, 199)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    ax.plot(grid, [rr_capacity(float(q)) for q in grid], color="C0", label="$C_1$ [bits]")
    ax.plot(grid, [rr_dp_epsilon(float(q)) for q in grid], color="C1", label="DP ε [nats]")
    c1, eps = rr_capacity(p), rr_dp_epsilon(p)
    ax.plot([p, p], [c1, eps], "o", color="C3")
    ax.set(xlabel="flip probability p", ylabel="privacy level", ylim=(0, 5))
    ax.set_title(f"p = {p:g}: C₁ = {c1:.6g} bits, DP ε = {eps:.6g} nats")
    ax.legend(fontsize=8)
    return fig
