"""Uniqueness of quantized taxi start–end points (Farokhi, Sec. V-C, Figs. 5–6).

Each coordinate of a trip's pickup and dropoff is reported through a local linear quantizer of
the bounding box with ``b = ⌊2^{ε/2}⌋`` levels, so a point (latitude, longitude) costs ε bits
and the start–end pair ``2ε`` bits (Theorem 6). The experiment counts the trips whose quantized
4-tuple is unique in the data set: a unique trip is re-identifiable by anyone who knows its
endpoints.

The counting is :func:`nsp.datasets.uniqueness_vs_epsilon` (in memory or on Dask, beside the
loader :func:`nsp.datasets.load_nyc_taxi`); this module holds what is the paper's: its box,
budgets and printed count, the budget-to-levels rule :func:`boxes_for`, a synthetic trip set of
the paper's size and the points Fig. 6 annotates.

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019, Sec. V-C.
"""

from nsp.papers.noiseless.taxi._trips import (
    PAPER_BBOX,
    PAPER_EPSILONS,
    PAPER_FIRST_SOME_COUNT,
    PAPER_N_TRIPS,
    annotation_points,
    boxes_for,
    synthetic_trips,
)

__all__ = [
    "PAPER_BBOX",
    "PAPER_EPSILONS",
    "PAPER_FIRST_SOME_COUNT",
    "PAPER_N_TRIPS",
    "annotation_points",
    "boxes_for",
    "synthetic_trips",
]
