"""Differential-privacy level ε of a channel over a neighbour relation on its inputs."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, cast

import networkx as nx
import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base, as_channel, check_base


def _neighbour_pairs(neighbours: object, m: int) -> NDArray[np.intp] | None:
    """Pairs of input indices from the accepted neighbour specifications (None = all pairs)."""
    if neighbours is None or (isinstance(neighbours, str) and neighbours == "all"):
        return None
    if isinstance(neighbours, str):
        raise ValueError(
            "neighbours must be None, 'all', pairs, a boolean adjacency or a graph; "
            f"got {neighbours!r}"
        )
    if isinstance(neighbours, nx.Graph):
        nodes = list(neighbours.nodes)
        for v in nodes:
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v < m:
                raise ValueError(
                    f"neighbours graph nodes must be input indices in [0, {m}); found {v!r}"
                )
        edges = list(neighbours.edges())
        return np.asarray(edges, dtype=np.intp).reshape(-1, 2)
    arr = np.asarray(
        list(cast(Iterable[Any], neighbours)) if not hasattr(neighbours, "shape") else neighbours
    )
    if arr.dtype == bool:
        if arr.shape != (m, m):
            raise ValueError(
                f"a boolean neighbours adjacency must have shape ({m}, {m}); got {arr.shape}"
            )
        return np.argwhere(arr | arr.T).astype(np.intp)
    if arr.size == 0:
        return np.zeros((0, 2), dtype=np.intp)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"neighbours pairs must have shape (n_pairs, 2); got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise ValueError(f"neighbours pairs must be integer input indices (got dtype {arr.dtype})")
    if arr.min() < 0 or arr.max() >= m:
        raise ValueError(
            f"neighbours pairs must be input indices in [0, {m}); found {arr.min()}..{arr.max()}"
        )
    return arr.astype(np.intp)


def dp_epsilon(W: ArrayLike, *, neighbours: object = None, base: Base = "e") -> float:
    """Differential-privacy level of a channel: ``max |ln W[x, y] - ln W[x', y]|``.

    The maximum runs over neighbouring input pairs ``(x, x')`` and all outputs ``y``;
    pairs where both entries are 0 are ignored (0/0), and a 0 facing a positive entry gives
    ``inf``. The channel is ε-DP exactly for ε ≥ this value (Dwork et al.; Wu, Def. 9).

    Parameters
    ----------
    W : array_like, shape (n_inputs, n_outputs)
        Row-stochastic channel (rows = neighbouring-dataset candidates).
    neighbours : None, "all", pairs, bool adjacency or networkx.Graph
        Which inputs are neighbours. ``None``/``"all"`` (default): every pair (the local model).
        Pairs: an integer array-like of shape ``(n_pairs, 2)``. A boolean ``(n_inputs,
        n_inputs)`` matrix (symmetrized). A graph whose nodes are input indices. Integer arrays
        are always read as pairs; pass a boolean array for an adjacency matrix.
    base : float or str
        Logarithm base; default ``"e"`` (nats, the DP convention).

    Returns
    -------
    float
        The smallest ε (in units of ``base``) such that ``W`` is ε-differentially private
        for the given neighbours; ``inf`` if some output separates two neighbours.

    Raises
    ------
    ValueError
        If ``W`` is not a channel or ``neighbours`` is malformed or out of range.

    See Also
    --------
    nsp.privacy_channels.dataset_dp_epsilon : The DP level of a privacy channel over datasets.
    nsp.info.max_mutual_information : The prior-dependent counterpart.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 9 (differential privacy of a channel).

    Examples
    --------
    Randomized response with flip probability 0.1 is ``ln 9``-DP (Wu, §6.2):

    >>> round(dp_epsilon([[0.9, 0.1], [0.1, 0.9]]), 10)
    2.1972245773
    >>> dp_epsilon([[1.0, 0.0], [0.5, 0.5]])
    inf
    """
    ln_b = math.log(check_base(base))
    w = as_channel(W, name="W")
    m = w.shape[0]
    pairs = _neighbour_pairs(neighbours, m)
    if pairs is None:
        hi = w.max(axis=0)
        lo = w.min(axis=0)
        live = hi > 0
        if np.any(lo[live] == 0):
            return math.inf
        if not live.any():
            return 0.0
        return float(np.max(np.log(hi[live]) - np.log(lo[live]))) / ln_b
    eps = 0.0
    chunk = max(1, 2_000_000 // max(w.shape[1], 1))
    for s in range(0, pairs.shape[0], chunk):
        a = w[pairs[s : s + chunk, 0]]
        c = w[pairs[s : s + chunk, 1]]
        both = (a > 0) & (c > 0)
        if np.any((a > 0) != (c > 0)):
            return math.inf
        if both.any():
            diff = np.abs(np.log(a[both]) - np.log(c[both]))
            eps = max(eps, float(diff.max()))
    return eps / ln_b
