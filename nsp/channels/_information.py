"""Mutual information of an input pmf through a channel (the kernel is :mod:`nsp._kernels`)."""

from __future__ import annotations

import math

from numpy.typing import ArrayLike

from nsp._kernels import channel_information
from nsp._validation import Base, as_channel, as_pmf, check_base
from nsp.channels._validate import _check_inputs


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
    return channel_information(p, w) / math.log(b)
