"""Mutual information of an input pmf through a channel, and the divergences behind it."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.special import xlogy

from nsp._validation import Base, as_channel, as_pmf, check_base
from nsp.channels._validate import _check_inputs


def _neg_entropies(W: NDArray[np.float64]) -> NDArray[np.float64]:
    """``sum_y W[x, y] ln W[x, y]`` for every row (nats, 0 ln 0 = 0)."""
    return xlogy(W, W).sum(axis=1)


def _divergences(
    W: NDArray[np.float64], neg_h: NDArray[np.float64], q: NDArray[np.float64]
) -> NDArray[np.float64]:
    """``D(W_x || q)`` in nats for every row; ``inf`` if a row has mass where q = 0."""
    pos = q > 0
    if pos.all():
        return neg_h - W @ np.log(q)
    d = neg_h - W[:, pos] @ np.log(q[pos])
    outside = (W[:, ~pos] > 0).any(axis=1)
    d[outside] = np.inf
    return d


def _bounds(
    W: NDArray[np.float64], neg_h: NDArray[np.float64], p: NDArray[np.float64]
) -> tuple[float, float, NDArray[np.float64], NDArray[np.float64]]:
    """Certified bounds (nats): ``I(p; W)`` and ``max_x D(W_x || pW)``, with ``q`` and ``D``."""
    q = p @ W
    d = _divergences(W, neg_h, q)
    used = p > 0
    lower = float(p[used] @ d[used])  # finite: q >= p_x W_x on every used row
    return lower, float(d.max()), q, d


def _mutual_information_nats(p: NDArray[np.float64], W: NDArray[np.float64]) -> float:
    """``I(p; W)`` in nats of a validated input pmf and channel: the one implementation.

    ``sum_x p(x) D(W_x || pW)`` with 0·log 0 = 0, clipped at 0 against rounding. Used by
    :func:`mutual_information_channel` and the rate–distortion solvers.
    """
    lower, _, _, _ = _bounds(W, _neg_entropies(W), p)
    return max(lower, 0.0)


def mutual_information_channel(px: ArrayLike, W: ArrayLike, *, base: Base = 2) -> float:
    """Mutual information ``I(X; Y)`` of the input pmf ``px`` sent through the channel ``W``.

    Computed as ``sum_x px[x] D(W_x || q)`` with ``q = px W`` (0·log 0 = 0), in units of ``base``.

    Parameters
    ----------
    px : array_like, shape (n_inputs,)
        Input pmf.
    W : array_like, shape (n_inputs, n_outputs)
        Row-stochastic channel.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    float
        ``I(X; Y) >= 0`` in units of ``base``.

    Raises
    ------
    ValueError
        If ``px`` is not a pmf, ``W`` is not a channel, their sizes differ, or ``base`` is invalid.

    See Also
    --------
    nsp.info.mutual_information : The same quantity of a joint pmf.
    channel_capacity : Its maximum over input pmfs.

    Examples
    --------
    A uniform bit through a binary symmetric channel with crossover 0.1 carries
    ``1 - h(0.1) = 0.531`` bits (Wu, §4.1, the randomized-response capacity):

    >>> round(mutual_information_channel([0.5, 0.5], [[0.9, 0.1], [0.1, 0.9]]), 10)
    0.5310044064
    """
    b = check_base(base)
    p = as_pmf(px, name="px", ndim=1)
    w = as_channel(W, name="W")
    _check_inputs(p, w)
    return _mutual_information_nats(p, w) / math.log(b)
