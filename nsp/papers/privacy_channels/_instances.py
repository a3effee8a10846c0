"""The paper's instances, and the channels on which its claims are tested.

Example 1 (§3.1, Fig. 1: :func:`example1_universe`, :func:`example1_query`, and
:func:`example1_rr` with the randomized response of §4.1), the count query
(:func:`count_query`), a weakly symmetric exponential channel
(:func:`mod_sum_exponential_channel`) and seeded random privacy channels
(:func:`random_privacy_channel`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from nsp import channels
from nsp._validation import check_int, check_real, check_seed
from nsp.privacy_channels import (
    PrivacyChannel,
    ProductUniverse,
    exponential_channel,
    individual_channel_capacity,  # noqa: F401  (the examples use it)
    randomized_response_channel,
)

__all__ = [
    "count_query",
    "example1_query",
    "example1_rr",
    "example1_universe",
    "mod_sum_exponential_channel",
    "random_privacy_channel",
]


def example1_universe() -> ProductUniverse:
    """Return the universe of Example 1: ``X_1 = {0, 1, 2}``, ``X_2 = {0, 1}``.

    Returns
    -------
    ProductUniverse

    See Also
    --------
    example1_query : The query.
    example1_rr : The channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Example 1.

    Examples
    --------
    >>> example1_universe().sizes
    (3, 2)
    """
    return ProductUniverse([(0, 1, 2), (0, 1)])


def example1_query(x1: int, x2: int) -> int:
    """Return the query of Example 1, eq. (12): ``1`` if ``x_1 = x_2`` else ``0``.

    Parameters
    ----------
    x1, x2 : int
        The two records.

    Returns
    -------
    int

    See Also
    --------
    example1_universe : The datasets.
    example1_rr : The channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Example 1, eq. (12).

    Examples
    --------
    >>> example1_query(1, 1), example1_query(2, 1)
    (1, 0)
    """
    return int(x1 == x2)


def example1_rr(p: float) -> PrivacyChannel:
    """Return Example 1 with the randomized-response channel (29) of flip probability ``p``.

    Parameters
    ----------
    p : float
        Flip probability in (0, 1).

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    example1_summary_table : Its capacity four ways.
    nsp.privacy_channels.randomized_response_channel : The channel of any query.

    References
    ----------
    .. [1] G. Wu, arXiv:1910.09235, Example 1 and §4.1.

    Examples
    --------
    >>> example1_rr(0.1).paper_matrix().round(2).tolist()[1]     # row y_2 = 1 of Fig. 1
    [0.9, 0.1, 0.1, 0.9, 0.1, 0.1]
    """
    return randomized_response_channel(example1_universe(), example1_query, p=p)


def count_query(n: int) -> tuple[ProductUniverse, Callable[..., int]]:
    """Return ``n`` binary records and the count query ``f(x) = sum_j x_j``.

    Parameters
    ----------
    n : int
        Number of individuals, >= 1.

    Returns
    -------
    universe : ProductUniverse
    f : callable

    See Also
    --------
    count_query_exponential_table : The exponential channel on it.

    Examples
    --------
    >>> U, f = count_query(3)
    >>> U.size, f(1, 0, 1)
    (8, 2)
    """
    return ProductUniverse.binary(n), lambda *x: int(sum(x))


def mod_sum_exponential_channel(N: float, *, k: int = 5, m2: int = 3) -> PrivacyChannel:
    """Return a weakly symmetric exponential channel: ``f = (x_1 + x_2) mod k``.

    Records ``x_1 in {0..k-1}``, ``x_2 in {0..m2-1}``; the exponential channel (Def. 13) with
    the cyclic distance, ties broken toward the ``+`` direction (``v+j`` before ``v-j``).
    It is weakly symmetric, so ``C_1 = log k - H(Z)`` (Corollary 1, eq. (45)).

    Parameters
    ----------
    N : float
        The noise parameter ``N > 0``.
    k, m2 : int
        Record-universe sizes (>= 1).

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    weakly_symmetric_table : Its capacity beside the bound.
    nsp.privacy_channels.is_weakly_symmetric : The property it has.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 11, Corollary 1 and Def. 13.

    Examples
    --------
    >>> round(individual_channel_capacity(mod_sum_exponential_channel(1.0)).value, 9)
    0.879272255
    """
    k = check_int("k", k, low=1)
    m2 = check_int("m2", m2, low=1)
    U = ProductUniverse([range(k), range(m2)])

    def cyclic_distance(y: Any, v: Any) -> float:
        return min((y - v) % k, (v - y) % k)

    def plus_first(y: Any, v: Any) -> int:
        return 0 if 0 < (y - v) % k <= k // 2 else 1

    return exponential_channel(
        U,
        lambda a, b: (a + b) % k,
        N=N,
        outputs=tuple(range(k)),
        distortion=cyclic_distance,
        tie_key=plus_first,
    )


def random_privacy_channel(
    seed: int,
    *,
    sizes: Sequence[int] | None = None,
    k: int | None = None,
    alpha: float = 0.5,
    max_size: int = 12,
) -> PrivacyChannel:
    """Return a seeded random privacy channel, the instances of the property checks.

    Unless given: ``n in {1, 2, 3}`` individuals with ``|X_i| in {2, 3}`` and at most
    ``max_size`` datasets, ``k in {2, 3}`` outputs; the rows are those of
    :func:`nsp.channels.random_channel` (Dirichlet(alpha)), drawn from the same generator.

    Parameters
    ----------
    seed : int
        Seed (>= 0) of every random choice.
    sizes : sequence of int, optional
        The record-universe sizes (each >= 1).
    k : int, optional
        The number of outputs (>= 1).
    alpha : float
        Dirichlet concentration (> 0).
    max_size : int
        Largest number of datasets of a drawn universe (>= 2).

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    property_checks_table : The checks run on these.

    Examples
    --------
    >>> random_privacy_channel(0).array.shape == random_privacy_channel(0).array.shape
    True
    """
    rng = np.random.default_rng(check_seed(seed))
    max_size = check_int("max_size", max_size, low=2)  # the smallest universe has 2 datasets
    alpha = check_real("alpha", alpha, low=0.0, closed="neither")
    if sizes is not None:
        sizes = tuple(check_int(f"sizes[{j}]", s, low=1) for j, s in enumerate(sizes))
        if not sizes:
            raise ValueError("sizes must list at least one individual's record-universe size")
    if k is not None:
        k = check_int("k", k, low=1)
    if sizes is None:
        while True:
            n = int(rng.integers(1, 4))
            sizes = tuple(int(s) for s in rng.integers(2, 4, size=n))
            if int(np.prod(sizes)) <= max_size:
                break
    if k is None:
        k = int(rng.integers(2, 4))
    rows = channels.random_channel(int(np.prod(sizes)), k, alpha=alpha, seed=rng)
    return PrivacyChannel(ProductUniverse([range(s) for s in sizes]), rows.reshape(sizes + (k,)))
