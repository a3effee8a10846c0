"""The sets ``S_i`` and ``Q_i`` of Theorem 3.1: row types, candidate channels, effective channels.

For individual ``i``, ``S_i`` holds the ``|X_i| x |Y|`` channels obtained by choosing, for every
value ``x_i``, one completion ``x_(i)`` and the row ``p(.|x_i, x_(i))``; ``Q_i`` (eq. (25)) is
their convex hull, the channels that some prior induces.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import (
    Base,
    as_pmf,
    check_base,
    check_bool,
    check_int,
    trusted,
)
from nsp.info import mutual_information
from nsp.privacy_channels._capacity._common import (
    DECIMALS,
    _check_individual,
)
from nsp.privacy_channels._core import PrivacyChannel, _real_array, as_privacy_channel


def row_types(
    ch: PrivacyChannel | ArrayLike, *, decimals: int = DECIMALS
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Return the distinct rows of the channel and the row type ``tau(x)`` of every dataset.

    ``types`` has shape ``(n_types, k)``; ``tau`` has shape
    ``universe.sizes`` with ``types[tau[x]] == p(.|x)`` (equality after rounding to
    ``decimals`` decimals).

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    decimals : int
        Rows equal after rounding to this many decimals (>= 0) are one type.

    Returns
    -------
    types : numpy.ndarray, shape (n_types, k)
    tau : numpy.ndarray of int64, shape ``universe.sizes``

    See Also
    --------
    slice_types : The row types of each slice of an individual.
    nsp.channels.unique_rows : The same for a plain channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §3.2 (the row types behind Theorem 3.1).

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> types, tau = row_types(example1_rr(0.1))
    >>> types.tolist(), tau.tolist()
    ([[0.1, 0.9], [0.9, 0.1]], [[0, 1], [1, 0], [1, 1]])
    """
    ch = as_privacy_channel(ch)
    decimals = check_int("decimals", decimals, low=0)
    M = ch.matrix()
    _, first, inv = np.unique(np.round(M, decimals), axis=0, return_index=True, return_inverse=True)
    return M[first].copy(), inv.reshape(ch.universe.sizes).astype(np.int64)


def slice_types(tau: NDArray[np.int64], i: int) -> list[NDArray[np.int64]]:
    """Return ``V_i(x_i)``, the sorted distinct row types of each slice ``x_i`` of individual ``i``.

    Parameters
    ----------
    tau : numpy.ndarray of int
        Row types of every dataset (from :func:`row_types`).
    i : int
        The individual (0-based).

    Returns
    -------
    list of numpy.ndarray
        One array of row types per value of ``x_i``.

    See Also
    --------
    row_types : The row type of every dataset.
    count_candidates : The members of ``S_i`` built from these types.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §3.2 (the row types behind Theorem 3.1).

    Examples
    --------
    The count query on two binary records: individual 0's slices ``x_0 = 0`` and ``x_0 = 1``
    reach the row types {1, 2} and {0, 1}.

    >>> from nsp.privacy_channels import ProductUniverse, query_channel, row_types
    >>> U = ProductUniverse.binary(2)
    >>> ch = query_channel(U, lambda a, b: a + b, lambda v: [1.0 * (v == y) for y in range(3)])
    >>> rows, tau = row_types(ch)
    >>> [t.tolist() for t in slice_types(tau, 0)]
    [[1, 2], [0, 1]]
    """
    i = check_int("i", i)
    if not isinstance(tau, np.ndarray) or tau.dtype.kind not in "iu" or tau.ndim == 0:
        raise ValueError(
            "tau must be an integer array of row types (one axis per individual, from row_types); "
            f"got {type(tau).__name__}"
            + (f" of dtype {tau.dtype}" if isinstance(tau, np.ndarray) else "")
        )
    if not 0 <= i < np.ndim(tau):
        raise ValueError(f"i must be an individual index in 0..{np.ndim(tau) - 1}, got {i}")
    moved = np.moveaxis(tau, i, 0).reshape(tau.shape[i], -1)
    return [np.unique(r) for r in moved]


def _first_completion(tau: NDArray[np.int64], i: int, xi: int, t: int) -> tuple[int, ...]:
    """Index tuple ``x_(i)`` of the first completion of slice ``x_i`` with row type ``t``."""
    sl = np.take(tau, xi, axis=i)
    j = int(np.flatnonzero(sl.ravel() == t)[0])
    return tuple(int(a) for a in np.unravel_index(j, sl.shape)) if sl.ndim else ()


def _full_index(i: int, xi: int, comp: tuple[int, ...]) -> tuple[int, ...]:
    return comp[:i] + (xi,) + comp[i:]


def count_candidates(ch: PrivacyChannel | ArrayLike, i: int, *, distinct: bool = True) -> int:
    """Return ``|S_i|``, counted as distinct matrices or as selection functions ``g``.

    Distinct matrices: ``prod |V(x_i)|``; selection functions: ``|X_(i)|^{|X_i|}``.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    i : int
        The individual (0-based).
    distinct : bool
        Count distinct matrices (``True``) or selection functions.

    Returns
    -------
    int

    See Also
    --------
    candidate_channels : The members themselves.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (26).

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> ch = example1_rr(0.1)
    >>> [count_candidates(ch, i, distinct=d) for i in (0, 1) for d in (False, True)]
    [8, 4, 9, 4]
    """
    ch = as_privacy_channel(ch)
    i = _check_individual(ch, i)
    distinct = check_bool("distinct", distinct)
    if not distinct:
        sizes = ch.universe.sizes
        rest = int(np.prod([s for j, s in enumerate(sizes) if j != i]))
        return rest ** sizes[i]
    _, tau = row_types(ch)
    return int(np.prod([len(v) for v in slice_types(tau, i)], dtype=object))


def candidate_channels(
    ch: PrivacyChannel | ArrayLike, i: int, *, distinct: bool = True
) -> Iterator[tuple[tuple, NDArray[np.float64]]]:
    """Iterate over ``S_i`` (eq. (26)).

    Pairs ``(g, W)`` with ``g[x_i]`` the chosen completion ``x_(i)`` and
    ``W[x_i] = p(.|x_i, g[x_i])``.

    ``distinct=True`` yields each distinct matrix once (the first ``g`` producing it);
    ``distinct=False`` yields every selection function.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    i : int
        The individual (0-based).
    distinct : bool
        Yield each distinct matrix once (``True``) or every selection function.

    Returns
    -------
    iterator of (tuple, numpy.ndarray)
        Pairs ``(g, W)``.

    See Also
    --------
    count_candidates : How many there are.
    individual_channel_capacity : The maximum of their capacities.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (26) and Theorem 3.1.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> [g for g, W in candidate_channels(example1_rr(0.1), 1)]
    [((0,), (1,)), ((0,), (0,)), ((1,), (1,)), ((1,), (0,))]
    """
    ch = as_privacy_channel(ch)
    i = _check_individual(ch, i)
    distinct = check_bool("distinct", distinct)  # checked now, not at the first next()
    return _candidates(ch, i, distinct)


def _candidates(
    ch: PrivacyChannel, i: int, distinct: bool
) -> Iterator[tuple[tuple, NDArray[np.float64]]]:
    A = ch.array
    sizes = ch.universe.sizes
    if distinct:
        types, tau = row_types(ch)
        V = slice_types(tau, i)
        comps = [
            {int(t): _first_completion(tau, i, xi, int(t)) for t in V[xi]} for xi in range(sizes[i])
        ]
        for sel in itertools.product(*V):
            g = tuple(comps[xi][int(t)] for xi, t in enumerate(sel))
            yield g, types[list(sel)]
    else:
        rest_shape = tuple(s for j, s in enumerate(sizes) if j != i)
        rest = list(itertools.product(*(range(s) for s in rest_shape)))
        for g in itertools.product(rest, repeat=sizes[i]):
            W = np.stack([A[_full_index(i, xi, comp)] for xi, comp in enumerate(g)])
            yield g, W


def effective_channel(
    ch: PrivacyChannel | ArrayLike, i: int, cond: ArrayLike
) -> NDArray[np.float64]:
    """Return the member of ``Q_i`` (eq. (25)) induced by ``cond[x_i, x_(i)] = p(x_(i) | x_i)``.

    ``cond`` has shape ``(|X_i|, |X_(i)|)`` (completions in C order of the other
    individuals), each row a pmf:
    ``W[x_i, y] = sum_{x_(i)} cond[x_i, x_(i)] p(y|x_i, x_(i))``.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    i : int
        The individual (0-based).
    cond : array_like, shape ``(|X_i|, |X_(i)|)``
        Conditional pmfs of the other records given ``x_i``.

    Returns
    -------
    numpy.ndarray, shape ``(|X_i|, k)``

    See Also
    --------
    candidate_channels : The members of ``S_i``.
    individual_mutual_information : ``I(X_i; Y)`` of a joint prior.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (25).

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> effective_channel(example1_rr(0.1), 0, [[0.5, 0.5]] * 3).round(3).tolist()
    [[0.5, 0.5], [0.5, 0.5], [0.9, 0.1]]
    """
    ch = as_privacy_channel(ch)
    i = _check_individual(ch, i)
    P = np.moveaxis(ch.array, i, 0).reshape(ch.universe.sizes[i], -1, ch.k)
    C = _real_array("cond", cond)
    if C.shape != P.shape[:2]:
        raise ValueError(f"cond must have shape {P.shape[:2]} (|X_i|, |X_(i)|), got {C.shape}")
    for j, r in enumerate(C):
        as_pmf(r, name=f"cond[{j}]")
    return np.einsum("ac,acy->ay", C, P)


def individual_mutual_information(
    ch: PrivacyChannel | ArrayLike, prior: ArrayLike, i: int, *, base: Base = 2
) -> float:
    """Return ``I(X_i; Y)`` for a joint prior ``prior[x_1, ..., x_n]`` through the channel.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    prior : array_like, shape ``universe.sizes``
        A joint pmf of the datasets.
    i : int
        The individual (0-based).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    See Also
    --------
    individual_channel_capacity : Its maximum over priors.
    effective_channel : The channel ``x_i -> Y`` of a prior.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 3.

    Examples
    --------
    This prior attains ``C_1 = 1 - h(0.1)`` bits in Example 1:

    >>> from nsp.papers.privacy_channels import example1_rr
    >>> prior = np.zeros((3, 2)); prior[0, 0] = prior[1, 0] = 0.5
    >>> round(individual_mutual_information(example1_rr(0.1), prior, 0), 10)
    0.5310044064
    """
    ch = as_privacy_channel(ch)
    i = _check_individual(ch, i)
    px = as_pmf(_real_array("prior", prior), name="prior")
    if px.shape != ch.universe.sizes:
        raise ValueError(f"prior must have shape {ch.universe.sizes}, got {px.shape}")
    joint = px[..., None] * ch.array
    pxy = np.moveaxis(joint, i, 0).reshape(ch.universe.sizes[i], -1, ch.k).sum(axis=1)
    b = check_base(base)
    with trusted():  # a pmf built from the validated prior and channel
        return float(mutual_information(pxy, 0, 1, base=b))
