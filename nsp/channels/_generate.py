"""Building channels: random, binary symmetric, deterministic; the distinct rows of one."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import as_channel, check_int, check_real

#: Largest number of entries :func:`random_channel` draws (8 · 10⁸ bytes of float64).
_MAX_ENTRIES = 10**8


def random_channel(
    n_inputs: int,
    n_outputs: int | None = None,
    *,
    alpha: float = 1.0,
    zeros: float = 0.0,
    seed: int | np.random.Generator = 0,
) -> NDArray[np.float64]:
    """Draw a seeded random channel: Dirichlet rows, optionally with entries set to zero.

    Each row is drawn from a symmetric Dirichlet distribution with concentration ``alpha``;
    then, if ``zeros > 0``, each entry is set to 0 with probability ``zeros`` (a row left
    without mass gets all of it at one output drawn uniformly) and the rows are renormalized.
    With ``zeros = 0`` the result is ``default_rng(seed).dirichlet(alpha * ones, n_inputs)``.

    Parameters
    ----------
    n_inputs : int
        Number of rows (inputs), at least 1.
    n_outputs : int, optional
        Number of columns (outputs), at least 1; default ``n_inputs``.
    alpha : float
        Dirichlet concentration, > 0 (small values give peaked rows, large ones flat rows).
    zeros : float
        Probability in ``[0, 1)`` that an entry is set to 0 (for channels with zero entries).
    seed : int or numpy.random.Generator
        Seed of a fresh generator, or a generator to draw from (it is advanced).

    Returns
    -------
    numpy.ndarray, shape (n_inputs, n_outputs)
        A row-stochastic matrix.

    Raises
    ------
    ValueError
        If a size, ``alpha``, ``zeros`` or ``seed`` is invalid, or the channel would have more
        than 10⁸ entries.

    See Also
    --------
    binary_symmetric_channel : A fixed binary channel.
    validate_channel : The check a channel passes.

    Examples
    --------
    >>> w = random_channel(3, 4, seed=1)
    >>> w.shape, bool(abs(w.sum(axis=1) - 1).max() < 1e-12)
    ((3, 4), True)
    >>> bool((random_channel(3, 4, seed=1) == w).all())
    True
    """
    n_in = check_int("n_inputs", n_inputs, low=1)
    n_out = n_in if n_outputs is None else check_int("n_outputs", n_outputs, low=1)
    if n_in * n_out > _MAX_ENTRIES:
        raise ValueError(
            f"random_channel would have {n_in} x {n_out} entries, more than {_MAX_ENTRIES:.0e}"
        )
    a = check_real("alpha", alpha, low=0.0, closed="neither")
    z = check_real("zeros", zeros, low=0.0, high=1.0, closed="left")
    if isinstance(seed, np.random.Generator):
        rng = seed
    else:
        rng = np.random.default_rng(check_int("seed", seed, low=0))
    w = rng.dirichlet(np.full(n_out, a), size=n_in)
    if z > 0:
        w[rng.random(w.shape) < z] = 0.0
        dead = w.sum(axis=1) == 0
        w[dead, rng.integers(n_out, size=int(dead.sum()))] = 1.0
        w /= w.sum(axis=1, keepdims=True)
    return w


def binary_symmetric_channel(crossover: float) -> NDArray[np.float64]:
    """Return the binary symmetric channel ``[[1 - e, e], [e, 1 - e]]`` with crossover ``e``.

    Parameters
    ----------
    crossover : float
        The probability ``e`` in ``[0, 1]`` that the bit is flipped.

    Returns
    -------
    numpy.ndarray, shape (2, 2)

    See Also
    --------
    nsp.privacy_channels.randomized_response_channel : The same channel as a privacy channel
        of a dataset universe.
    random_channel : A seeded random channel.

    Examples
    --------
    >>> binary_symmetric_channel(0.25)
    array([[0.75, 0.25],
           [0.25, 0.75]])
    """
    e = check_real("crossover", crossover, low=0.0, high=1.0)
    return np.array([[1 - e, e], [e, 1 - e]])


def deterministic_channel(
    labels: ArrayLike, *, n_outputs: int | None = None
) -> NDArray[np.float64]:
    """Return the 0/1 channel of a function: ``W[x, y] = 1`` if ``labels[x] == y``.

    Parameters
    ----------
    labels : array_like of int, shape (n_inputs,)
        The output (a non-negative integer) of every input.
    n_outputs : int, optional
        Number of outputs; default ``max(labels) + 1``.

    Returns
    -------
    numpy.ndarray, shape (n_inputs, n_outputs)
        A 0/1 row-stochastic matrix.

    Raises
    ------
    ValueError
        If ``labels`` is empty, not 1-D, not integers, negative, or not below ``n_outputs``.

    See Also
    --------
    unique_rows : The distinct rows of a channel, the inverse for a 0/1 channel.
    nsp.clustering.funnel.mapping_from_partition : The 0/1 mapping of a partition.

    Examples
    --------
    >>> deterministic_channel([0, 2, 2])
    array([[1., 0., 0.],
           [0., 0., 1.],
           [0., 0., 1.]])
    """
    lab = np.asarray(labels)
    if lab.ndim != 1 or lab.size == 0:
        raise ValueError(
            f"labels must be a non-empty 1-D array of integers (got shape {lab.shape})"
        )
    if lab.dtype.kind not in "iub":
        if lab.dtype.kind == "f" and np.all(np.isfinite(lab)) and np.all(lab == np.round(lab)):
            lab = lab.astype(np.int64)
        else:
            raise ValueError(f"labels must be integers (got dtype {lab.dtype})")
    lab = lab.astype(np.int64)
    if lab.min() < 0:
        raise ValueError(f"labels must be non-negative (min label {lab.min()})")
    n_out = int(lab.max()) + 1 if n_outputs is None else check_int("n_outputs", n_outputs, low=1)
    if lab.size * n_out > _MAX_ENTRIES:
        raise ValueError(
            f"the channel would have {lab.size} x {n_out} entries, more than {_MAX_ENTRIES:.0e}"
        )
    if lab.max() >= n_out:
        raise ValueError(
            f"n_outputs must exceed every label (max label {lab.max()}, n_outputs {n_out})"
        )
    W = np.zeros((lab.size, int(n_out)))
    W[np.arange(lab.size), lab] = 1.0
    return W


def unique_rows(
    W: ArrayLike, *, decimals: int | None = None
) -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    """Distinct rows of a channel and, for every input, the index of its row.

    Capacity depends only on the set of distinct rows (duplicate inputs can share their mass).
    Rows are returned in order of first appearance (each as its first occurrence).

    Parameters
    ----------
    W : array_like, shape (n_inputs, n_outputs)
        Row-stochastic channel.
    decimals : int, optional
        Compare rows after rounding to this many decimals (e.g. 12); default: exact equality.

    Returns
    -------
    rows : numpy.ndarray, shape (n_distinct, n_outputs)
    inverse : numpy.ndarray of int, shape (n_inputs,)
        ``rows[inverse]`` equals ``W``.

    See Also
    --------
    deterministic_channel : The 0/1 channel of a labelling.
    nsp.privacy_channels.row_types : The row types of a privacy channel.

    Examples
    --------
    >>> rows, inv = unique_rows([[0.5, 0.5], [1.0, 0.0], [0.5, 0.5]])
    >>> rows
    array([[0.5, 0.5],
           [1. , 0. ]])
    >>> inv
    array([0, 1, 0])
    >>> unique_rows([[0.5, 0.5], [0.5 + 1e-15, 0.5 - 1e-15]], decimals=12)[1]
    array([0, 0])
    """
    w = as_channel(W, name="W")
    if decimals is not None:
        decimals = check_int("decimals", decimals, low=0, high=17)
    key = w if decimals is None else np.round(w, int(decimals)) + 0.0  # + 0.0 folds -0.0 into 0.0
    _, first, inverse = np.unique(key, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(first)  # unique-id -> rank by first appearance
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return w[np.sort(first)], rank[inverse.ravel()]
