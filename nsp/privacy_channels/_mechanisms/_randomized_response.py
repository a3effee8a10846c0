"""Randomized response (§4.1) and its DP counterpart.

The binary symmetric privacy channel, its ``C_1 = log 2 - H(p)`` and calibration (36)–(37),
DP randomized response, and ``k``-ary randomized response.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

import numpy as np

from nsp._validation import Base, check_base, check_callable, check_real
from nsp.info import binary_entropy, inverse_binary_entropy
from nsp.privacy_channels._core import (
    PrivacyChannel,
    ProductUniverse,
    _default_outputs,
    query_channel,
    query_values,
)


def _h_nats(p: float) -> float:

    return float(binary_entropy(p, base=math.e))


def randomized_response_channel(
    universe: ProductUniverse, f: Callable[..., int], *, p: float
) -> PrivacyChannel:
    """Return the binary symmetric (randomized-response) privacy channel, eq. (29).

    ``f(x)`` in ``{0, 1}`` is complemented with probability ``p``; outputs are ``(0, 1)``.

    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The query, with values in ``{0, 1}``.
    p : float
        Flip probability in (0, 1).

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    rr_capacity : Its ``C_1``.
    rr_flip_threshold : The flip probability meeting a budget.
    rr_dp_epsilon : Its DP level.
    kary_rr_channel : The k-ary extension.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, §4.1.

    Examples
    --------
    >>> U = ProductUniverse([(0, 1, 2), (0, 1)])
    >>> ch = randomized_response_channel(U, lambda a, b: int(a == b), p=0.1)
    >>> ch.array[..., 1].tolist()          # Fig. 1, plane y = 1
    [[0.9, 0.1], [0.1, 0.9], [0.1, 0.1]]
    """
    check_callable("f", f)
    p = check_real("p", p, low=0.0, high=1.0, closed="neither")

    def kernel(v):
        if v not in (0, 1):
            raise ValueError(f"f must take values in {{0, 1}} for randomized response, got {v!r}")
        return [1 - p, p] if v == 0 else [p, 1 - p]

    return query_channel(universe, f, kernel, outputs=(0, 1))


def rr_capacity(p: float, *, base: Base = 2) -> float:
    """Return ``log 2 - H(p)`` (eq. (34)): the exact ``C_1`` of RR for any non-constant query.

    Parameters
    ----------
    p : float
        Flip probability in (0, 1).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    See Also
    --------
    rr_flip_threshold : The inverse: the flip probability of a budget.
    randomized_response_channel : The channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (34).

    Examples
    --------
    >>> round(rr_capacity(0.1), 10), round(rr_capacity(0.1, base=math.e), 10)
    (0.5310044064, 0.3680642072)
    """
    p = check_real("p", p, low=0.0, high=1.0, closed="neither")
    return (math.log(2) - _h_nats(p)) / math.log(check_base(base))


def rr_flip_threshold(eps: float, *, base: Base = 2) -> float:
    """Return ``p*`` in ``(0, 1/2]`` solving ``H(p*) = log 2 - eps`` (eq. (37)).

    RR is ``eps``-information private w.r.t. all priors iff ``p`` is in ``[p*, 1 - p*]``.
    For ``eps >= log 2`` every ``p`` works and ``0.0`` is returned.

    Parameters
    ----------
    eps : float
        The budget (>= 0), in units of ``base``.
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float
        ``p*`` in ``[0, 1/2]``.

    See Also
    --------
    rr_capacity : The inverse: the capacity of a flip probability.
    dp_rr_flip : The flip probability of a DP budget.
    nsp.info.inverse_binary_entropy : The inverse it uses.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (37).

    Examples
    --------
    >>> round(rr_flip_threshold(0.1), 10), round(rr_flip_threshold(0.1, base=math.e), 10)
    (0.3160193463, 0.2802053738)
    """
    b = check_base(base)
    eps = check_real("eps", eps, low=0.0, allow_inf=True)
    e_n = eps * math.log(b)
    if e_n >= math.log(2):
        return 0.0

    return float(inverse_binary_entropy(math.log(2) - e_n, base=math.e))


def rr_dp_epsilon(p: float) -> float:
    """Return the DP level (nats) of randomized response: ``|ln((1-p)/p)|``.

    For a query with two neighbouring datasets of different value.

    Parameters
    ----------
    p : float
        Flip probability in (0, 1).

    Returns
    -------
    float

    See Also
    --------
    dp_rr_flip : The inverse: the flip probability of a DP level.
    rr_capacity : The information privacy level.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 9 applied to the channel (29) of §4.1.

    Examples
    --------
    >>> round(rr_dp_epsilon(0.1), 10)
    2.1972245773
    """
    p = check_real("p", p, low=0.0, high=1.0, closed="neither")
    return abs(math.log((1 - p) / p))


def dp_rr_flip(eps: float) -> float:
    """Return the flip probability ``1 / (1 + e^eps)`` of ``eps``-DP randomized response.

    Parameters
    ----------
    eps : float
        DP budget (>= 0, may be ``inf``), nats.

    Returns
    -------
    float

    See Also
    --------
    rr_dp_epsilon : The inverse: the DP level of a flip probability.
    rr_flip_threshold : The flip probability of an information privacy budget.

    Examples
    --------
    >>> round(dp_rr_flip(math.log(9)), 12)
    0.1
    """
    eps = check_real("eps", eps, low=0.0, allow_inf=True)
    return 1.0 / (1.0 + math.exp(eps)) if eps < 700 else math.exp(-eps) / (1.0 + math.exp(-eps))


def kary_rr_channel(
    universe: ProductUniverse,
    f: Callable[..., Hashable],
    *,
    p: float,
    outputs: Sequence[Hashable] | None = None,
) -> PrivacyChannel:
    """Return ``k``-ary randomized response (an extension, not in the paper).

    Keep ``f(x)`` w.p. ``1 - p``, else report a uniformly drawn other output.

    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The query, with values among ``outputs``.
    p : float
        Probability in (0, 1) of not reporting ``f(x)``.
    outputs : sequence, optional
        The ``k >= 2`` outputs (default: the sorted range of ``f``).

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    randomized_response_channel : The binary case.

    Examples
    --------
    >>> ch = kary_rr_channel(ProductUniverse.binary(2), lambda a, b: a + b, p=0.3)
    >>> ch.array[0, 0].round(3).tolist()
    [0.7, 0.15, 0.15]
    """
    check_callable("f", f)
    p = check_real("p", p, low=0.0, high=1.0, closed="neither")
    vals = query_values(universe, f)
    outs = _default_outputs(vals) if outputs is None else tuple(outputs)
    k = len(outs)
    if k < 2:
        raise ValueError("outputs must hold at least 2 labels for k-ary randomized response")

    def kernel(v):
        if v not in outs:
            raise ValueError(f"f must take values among outputs; f(x) = {v!r} is not one of {outs}")
        row = np.full(k, p / (k - 1))
        row[outs.index(v)] = 1 - p
        return row

    return query_channel(universe, f, kernel, outputs=outs)
