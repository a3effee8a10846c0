"""Discrete memoryless channels: validation, conversions, composition, capacity and DP ε.

A channel is a row-stochastic matrix ``W[x, y] = p(y | x)`` (rows = inputs, columns =
outputs). A joint pmf of an input and an output is a 2-D array ``p[x, y]``.

Information is in bits by default (``base=2``); the differential-privacy level
:func:`dp_epsilon` is in nats by default, as in the DP literature. 0·log 0 = 0 throughout.

The capacity :func:`channel_capacity` is computed by Blahut–Arimoto warm-up iterations followed
by an active-set Newton method on the Karush–Kuhn–Tucker conditions, and it is *certified*: the
returned ``lower`` is the mutual information ``I(p; W)`` of the returned input pmf and the
returned ``upper`` is ``max_x D(W_x || pW)`` (Blahut 1972, Thm. 2; Csiszár & Körner, Ch. 8), both
recomputed from their formulas on the full channel, so ``lower <= C <= upper`` holds whatever
the iteration did. A channel with exactly two distinct rows is solved directly (closed form for
2 × 2, else a bracketed root of the derivative of the mutual information) and certified by the
same two formulas.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

import numpy as np
import scipy.linalg
from numpy.typing import ArrayLike, NDArray
from scipy.optimize import brentq
from scipy.special import xlogy

from nsp._resources import check_memory, progress
from nsp._validation import (
    SUM_TOL,
    Base,
    as_channel,
    as_pmf,
    check_base,
    check_bool,
    check_choice,
    check_int,
    check_real,
    check_tol,
)

__all__ = [
    "CapacityBounds",
    "CapacityResult",
    "binary_symmetric_channel",
    "capacity_bounds",
    "channel_capacity",
    "channel_from_joint",
    "compose",
    "compose_serial",
    "deterministic_channel",
    "dp_epsilon",
    "joint_from_channel",
    "mutual_information_channel",
    "parallel_channel",
    "product_channel",
    "random_channel",
    "unique_rows",
    "validate_channel",
    "validate_joint",
]


# --------------------------------------------------------------------------------------------
# results that replace tuples
# --------------------------------------------------------------------------------------------


class _TupleResult:
    """Mixin for a frozen dataclass that replaces a returned tuple.

    It unpacks, indexes, has a length and compares equal like the old tuple, whose fields
    (in order) are named by ``_tuple_fields``. Use with ``@dataclass(frozen=True, eq=False)``.
    """

    _tuple_fields: ClassVar[tuple[str, ...]] = ()

    def _as_tuple(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._tuple_fields)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._as_tuple())

    def __len__(self) -> int:
        return len(self._tuple_fields)

    def __getitem__(self, index: int) -> Any:
        return self._as_tuple()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return self._as_tuple() == other
        if type(other) is type(self):
            assert isinstance(other, _TupleResult)
            return self._as_tuple() == other._as_tuple()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._as_tuple())


# --------------------------------------------------------------------------------------------
# validation and conversions
# --------------------------------------------------------------------------------------------


def validate_channel(
    W: ArrayLike, *, name: str = "channel", normalize: bool = False, atol: float = SUM_TOL
) -> NDArray[np.float64]:
    """Validate a row-stochastic matrix ``W[x, y] = p(y | x)`` and return it as floats.

    Parameters
    ----------
    W : array_like, shape (n_inputs, n_outputs)
        Transition probabilities; each row is a pmf over the outputs.
    name : str
        The argument's name, used in error messages.
    normalize : bool
        Divide each row by its total (for counts) instead of requiring it to sum to 1.
    atol : float
        Tolerance on each row's ``|sum - 1|``.

    Returns
    -------
    numpy.ndarray
        The channel as a float64 array.

    Raises
    ------
    ValueError
        If ``W`` is not a non-empty 2-D array of finite non-negative numbers whose rows sum
        to 1 (the first offending row is named), or a row of counts sums to 0.

    Examples
    --------
    >>> validate_channel([[0.9, 0.1], [0.2, 0.8]])
    array([[0.9, 0.1],
           [0.2, 0.8]])
    >>> validate_channel([[3, 1], [0, 2]], normalize=True)
    array([[0.75, 0.25],
           [0.  , 1.  ]])
    """
    normalize = check_bool("normalize", normalize)
    atol = check_real("atol", atol, low=0.0)
    return as_channel(W, name=name, normalize=normalize, atol=atol)


def validate_joint(
    p: ArrayLike,
    *,
    name: str = "p",
    normalize: bool = False,
    ndim: int | None = None,
    atol: float = SUM_TOL,
) -> NDArray[np.float64]:
    """Validate a joint pmf (one axis per variable) and return it as floats.

    Parameters
    ----------
    p : array_like
        Non-negative finite masses summing to 1.
    name : str
        The argument's name, used in error messages.
    normalize : bool
        Divide by the total (for counts) instead of requiring it to be 1.
    ndim : int, optional
        Required number of axes (e.g. 2 for a joint pmf of an input and an output).
    atol : float
        Tolerance on ``|sum(p) - 1|``.

    Returns
    -------
    numpy.ndarray
        The joint pmf as floats (normalized if asked).

    Raises
    ------
    ValueError
        If ``p`` is empty, has the wrong number of axes, holds a negative, NaN or infinite
        mass, or does not sum to 1 within ``atol``.

    Examples
    --------
    >>> validate_joint([[1, 1], [0, 2]], normalize=True)
    array([[0.25, 0.25],
           [0.  , 0.5 ]])
    """
    normalize = check_bool("normalize", normalize)
    atol = check_real("atol", atol, low=0.0)
    if ndim is not None:
        ndim = check_int("ndim", ndim, low=1)
    return as_pmf(p, name=name, normalize=normalize, ndim=ndim, atol=atol)


def joint_from_channel(px: ArrayLike, W: ArrayLike) -> NDArray[np.float64]:
    """Return the joint pmf ``p[x, y] = px[x] W[x, y]`` of an input pmf and a channel.

    Parameters
    ----------
    px : array_like, shape (n_inputs,)
        Input pmf.
    W : array_like, shape (n_inputs, n_outputs)
        Row-stochastic channel.

    Returns
    -------
    numpy.ndarray, shape (n_inputs, n_outputs)
        ``p[x, y] = px[x] W[x, y]``.

    Raises
    ------
    ValueError
        If ``px`` is not a pmf, ``W`` is not a channel, or their input sizes differ.

    Examples
    --------
    >>> joint_from_channel([0.5, 0.5], [[0.9, 0.1], [0.1, 0.9]])
    array([[0.45, 0.05],
           [0.05, 0.45]])
    """
    p = as_pmf(px, name="px", ndim=1)
    w = as_channel(W, name="W")
    _check_inputs(p, w)
    return p[:, None] * w


def channel_from_joint(
    p_xy: ArrayLike, *, fill: str = "uniform", normalize: bool = False
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Split a joint pmf ``p[x, y]`` into the marginal of ``x`` and the channel ``p(y | x)``.

    Parameters
    ----------
    p_xy : array_like, shape (n_inputs, n_outputs)
        Joint pmf, axis 0 = input, axis 1 = output.
    fill : {"uniform", "raise"}
        What to do with inputs of probability 0, whose conditional is undefined:
        ``"uniform"`` gives them the uniform row (documented convention), ``"raise"`` rejects them.
    normalize : bool
        Accept counts and normalize them.

    Returns
    -------
    px : numpy.ndarray, shape (n_inputs,)
    W : numpy.ndarray, shape (n_inputs, n_outputs)
        Row-stochastic; ``joint_from_channel(px, W)`` gives back ``p_xy``.

    Raises
    ------
    ValueError
        If ``p_xy`` is not a 2-D pmf, ``fill`` is unknown, or ``fill="raise"`` and an input
        has probability 0.

    Examples
    --------
    >>> px, W = channel_from_joint([[0.45, 0.05], [0.05, 0.45]])
    >>> px
    array([0.5, 0.5])
    >>> W
    array([[0.9, 0.1],
           [0.1, 0.9]])
    """
    fill = check_choice("fill", fill, ("uniform", "raise"))
    p = as_pmf(p_xy, name="p_xy", ndim=2, normalize=check_bool("normalize", normalize))
    px = p.sum(axis=1)
    zero = px <= 0
    if zero.any() and fill == "raise":
        raise ValueError(
            f"p_xy has inputs of probability 0 (rows {np.flatnonzero(zero)[:5].tolist()}), whose "
            "channel row is undefined; pass fill='uniform' to give them the uniform row"
        )
    W = np.empty_like(p)
    W[~zero] = p[~zero] / px[~zero, None]
    W[zero] = 1.0 / p.shape[1]
    return px, W


def _check_inputs(px: NDArray[np.float64], W: NDArray[np.float64]) -> None:
    if px.shape[0] != W.shape[0]:
        raise ValueError(
            f"px has {px.shape[0]} inputs but the channel W has {W.shape[0]} rows; they must match"
        )


# --------------------------------------------------------------------------------------------
# building and combining channels
# --------------------------------------------------------------------------------------------


def compose_serial(W1: ArrayLike, W2: ArrayLike, *more: ArrayLike) -> NDArray[np.float64]:
    """Compose channels in series: ``W1`` then ``W2`` (then each of ``more``).

    The result is ``W1 @ W2 @ ...``.
    The result maps the input of ``W1`` to the output of the last channel: it is the
    post-processing of ``W1`` by ``W2`` (a Markov chain X → Y → Z). (Independent releases
    of one input are :func:`nsp.privacy_channels.compose_parallel`.)

    Parameters
    ----------
    W1, W2 : array_like
        Row-stochastic channels; the outputs of ``W1`` are the inputs of ``W2``.
    *more : array_like
        Further channels applied in order.

    Returns
    -------
    numpy.ndarray
        The composed channel, shape ``(inputs of W1, outputs of the last channel)``.

    Raises
    ------
    ValueError
        If a channel is invalid or the outputs of one do not match the inputs of the next.

    Examples
    --------
    Two binary symmetric channels with crossover 0.1 make one with crossover 0.18:

    >>> bsc = [[0.9, 0.1], [0.1, 0.9]]
    >>> compose_serial(bsc, bsc)
    array([[0.82, 0.18],
           [0.18, 0.82]])
    """
    chans = [as_channel(W1, name="W1"), as_channel(W2, name="W2")]
    chans += [as_channel(w, name=f"more[{i}]") for i, w in enumerate(more)]
    out = chans[0]
    for i, w in enumerate(chans[1:], start=2):
        if out.shape[1] != w.shape[0]:
            raise ValueError(
                f"cannot compose: channel {i - 1} has {out.shape[1]} outputs but channel {i} "
                f"has {w.shape[0]} inputs; they must match"
            )
        out = out @ w
    return out


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

    Examples
    --------
    >>> binary_symmetric_channel(0.25)
    array([[0.75, 0.25],
           [0.25, 0.75]])
    """
    e = check_real("crossover", crossover, low=0.0, high=1.0)
    return np.array([[1 - e, e], [e, 1 - e]])


def product_channel(W1: ArrayLike, W2: ArrayLike) -> NDArray[np.float64]:
    """Two channels side by side on two inputs: ``W[(x1, x2), (y1, y2)] = W1[x1, y1] W2[x2, y2]``.

    Inputs and outputs are flattened row-major: pair ``(a, b)`` has index ``a * n2 + b``
    (``numpy.kron`` order). Capacity is additive: ``C(W1 ⊗ W2) = C(W1) + C(W2)``.

    Parameters
    ----------
    W1, W2 : array_like
        Row-stochastic channels, of any sizes.

    Returns
    -------
    numpy.ndarray
        The channel on pairs, shape ``(n1 * m1, n2 * m2)`` with ``W1`` of shape ``(n1, n2)``
        and ``W2`` of shape ``(m1, m2)``.

    Examples
    --------
    >>> product_channel([[1.0, 0.0], [0.0, 1.0]], [[0.5, 0.5]]).shape
    (2, 4)
    """
    a = as_channel(W1, name="W1")
    b = as_channel(W2, name="W2")
    return np.asarray(np.kron(a, b), dtype=np.float64)


def parallel_channel(W1: ArrayLike, W2: ArrayLike) -> NDArray[np.float64]:
    """Two independent releases of the same input: ``W[x, (y1, y2)] = W1[x, y1] W2[x, y2]``.

    This is the non-adaptive composition of two mechanisms. Outputs are flattened row-major:
    pair ``(y1, y2)`` has index ``y1 * k2 + y2``.

    Parameters
    ----------
    W1, W2 : array_like
        Row-stochastic channels with the same number of inputs.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_inputs, k1 * k2)``.

    Raises
    ------
    ValueError
        If the two channels have different numbers of inputs.

    Examples
    --------
    >>> rr = [[0.75, 0.25], [0.25, 0.75]]
    >>> parallel_channel(rr, rr)
    array([[0.5625, 0.1875, 0.1875, 0.0625],
           [0.0625, 0.1875, 0.1875, 0.5625]])
    """
    a = as_channel(W1, name="W1")
    b = as_channel(W2, name="W2")
    if a.shape[0] != b.shape[0]:
        raise ValueError(
            f"W1 has {a.shape[0]} inputs but W2 has {b.shape[0]}; a parallel channel feeds the "
            "same input to both, so they must match"
        )
    return (a[:, :, None] * b[:, None, :]).reshape(a.shape[0], -1)


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


# --------------------------------------------------------------------------------------------
# information of a channel
# --------------------------------------------------------------------------------------------


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


@dataclass(frozen=True, eq=False)
class CapacityBounds(_TupleResult):
    """Certified bounds ``lower <= C <= upper`` on a channel's capacity (unpacks as a pair).

    Attributes
    ----------
    lower : float
        ``I(px; W)``, an achievable rate.
    upper : float
        ``max_x D(W_x || px W)``, Blahut's upper bound (``inf`` if unbounded).
    """

    lower: float
    upper: float

    _tuple_fields: ClassVar[tuple[str, ...]] = ("lower", "upper")


def capacity_bounds(px: ArrayLike, W: ArrayLike, *, base: Base = 2) -> CapacityBounds:
    """Certified bounds on the capacity of ``W`` from any input pmf ``px``.

    ``lower = I(px; W)`` (achievable) and ``upper = max_x D(W_x || px W)`` (Blahut's upper bound:
    for every output pmf ``q``, ``C <= max_x D(W_x || q)``), so ``lower <= C <= upper``; both are
    equal exactly when ``px`` is capacity-achieving. ``upper`` is ``inf`` if some input reaches an
    output that ``px W`` gives probability 0.

    Parameters
    ----------
    px : array_like, shape (n_inputs,)
        Any input pmf.
    W : array_like, shape (n_inputs, n_outputs)
        Row-stochastic channel.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    CapacityBounds
        ``lower <= C <= upper``; unpacks as the pair ``(lower, upper)``.

    Raises
    ------
    MemoryError
        If the estimated memory (three ``n x m`` float arrays) exceeds 80 % of the available
        memory (:func:`nsp._resources.check_memory`; a ``LargeInputWarning`` above 25 %).

    Examples
    --------
    >>> lo, up = capacity_bounds([0.9, 0.1], [[0.9, 0.1], [0.1, 0.9]])
    >>> bool(lo <= 1 - 0.4689955935892812 <= up)
    True
    """
    b = check_base(base)
    p = as_pmf(px, name="px", ndim=1)
    w = as_channel(W, name="W")
    _check_inputs(p, w)
    _check_capacity_memory(w.shape, 8.0 * 3 * w.size, "capacity bounds")
    lower, upper, _, _ = _bounds(w, _neg_entropies(w), p)
    ln_b = math.log(b)
    return CapacityBounds(max(min(lower, upper), 0.0) / ln_b, max(upper, 0.0) / ln_b)


# --------------------------------------------------------------------------------------------
# capacity
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CapacityResult:
    """Capacity of a channel with a certificate.

    Attributes
    ----------
    capacity : float
        Midpoint of the certified interval ``[lower, upper]`` (units of ``base``).
    input_pmf : numpy.ndarray
        An input pmf whose mutual information is ``lower``.
    lower : float
        ``I(input_pmf; W)``, recomputed from its formula: a lower bound on the capacity.
    upper : float
        ``max_x D(W_x || output_pmf)``, recomputed from its formula: an upper bound.
    iterations : int
        Blahut–Arimoto iterations plus Newton steps used (for a channel with two distinct
        rows solved directly: Brent's iterations, 0 for the 2 × 2 closed form).
    converged : bool
        Whether ``upper - lower <= tol`` was reached within ``max_iter``.
    output_pmf : numpy.ndarray
        ``input_pmf @ W``.
    base : float
        Logarithm base of the information values.
    """

    capacity: float
    input_pmf: NDArray[np.float64] = field(repr=False)
    lower: float
    upper: float
    iterations: int
    converged: bool
    output_pmf: NDArray[np.float64] = field(repr=False)
    base: float = 2.0

    @property
    def gap(self) -> float:
        """``upper - lower``, the certified accuracy of :attr:`capacity` (times 2)."""
        return self.upper - self.lower


#: Channels with at least this many entries show a progress bar (after two seconds) while the
#: solver iterates; below, an iteration is so quick that a bar per call would cost more.
_PROGRESS_ENTRIES = 100_000
#: Estimates below this many bytes skip the memory check (reading the free memory costs more
#: than a small solve, which the capacity of privacy channels runs by the thousand).
_CHECK_BYTES = 2**24


def _capacity_nbytes(n_inputs: int, n_outputs: int) -> float:
    """Peak memory of :func:`channel_capacity` on an ``n_inputs x n_outputs`` channel, in bytes.

    The validated channel, its distinct rows, one ``xlogy`` temporary and the divergences'
    product (four ``n x m`` float arrays), plus the Newton phase on a support of at most
    ``s = min(n, m)`` inputs: the scaled rows (``s x m``), the Hessian and its eigenvectors
    and LAPACK workspace (about four ``s x s``).
    """
    s = min(n_inputs, n_outputs)
    return 8.0 * (4.0 * n_inputs * n_outputs + 4.0 * s * s + s * n_outputs)


def _check_capacity_memory(shape: tuple[int, ...], nbytes: float, what: str) -> None:
    if nbytes >= _CHECK_BYTES:
        check_memory(nbytes, what=f"{what} of a {shape[0]} x {shape[1]} channel")


def _steps(start: int, stop: int, *, entries: int, desc: str) -> Iterable[int]:
    """``range(start, stop)``, through a progress bar when the channel is large."""
    if entries < _PROGRESS_ENTRIES:
        return range(start, stop)
    return progress(range(start, stop), desc=desc, total=max(stop - start, 0), unit="it")


def _ba_iterations(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    tol: float,
    n_iter: int,
) -> tuple[NDArray[np.float64], int, bool]:
    """Plain Blahut–Arimoto from ``p``, at most ``n_iter`` steps; stop at gap <= tol (nats)."""
    for t in _steps(1, n_iter + 1, entries=W.size, desc="channel capacity (Blahut-Arimoto)"):
        lower, upper, _, d = _bounds(W, neg_h, p)
        if upper - lower <= tol:
            return p, t, True
        used = p > 0
        e = np.zeros_like(p)
        e[used] = np.exp(d[used] - d[used].max())
        p = p * e
        p /= p.sum()
    return p, n_iter, False


_WARM_ITERATIONS = 200  # Blahut-Arimoto steps before the Newton phase
_RIDGES = (0.0, 1e-10, 1e-7, 1e-4, 1e-1, 1e2, 1e5)

#: Solve channels with exactly two distinct rows directly (a bracketed root of dI/dt). A private
#: switch: the benchmark and the tests turn it off to time and compare the general path.
_DIRECT_TWO_ROWS = True
#: Bracket of the optimal mass on the first row. Majani & Rumsey (IEEE Trans. IT 37, 1991): a
#: capacity-achieving input of a binary-input channel gives each input a mass in [1/e, 1 - 1/e];
#: the bracket is a little wider, and its signs are checked before the root is searched.
_TWO_ROW_BRACKET = (0.35, 0.65)


def _two_distinct_rows(W: NDArray[np.float64]) -> tuple[int, int] | None:
    """``(0, j)``, the first inputs of the two distinct rows, if ``W`` has exactly two; else None.

    Rows are compared exactly, as :func:`unique_rows` does by default.
    """
    differs = (W != W[0]).any(axis=1)
    if not differs.any():
        return None
    j = int(np.argmax(differs))
    if W.shape[0] > 2 and not np.all(~differs | (W == W[j]).all(axis=1)):
        return None
    return 0, j


def _two_row_inputs(
    rows: NDArray[np.float64], neg_h: NDArray[np.float64]
) -> Iterator[tuple[float, int]]:
    """Yield candidates ``(t, iterations)``: masses ``t`` on ``rows[0]`` maximizing ``I``.

    ``I = I((t, 1 - t); rows)``.
    The caller certifies each candidate and stops at the first whose gap is within ``tol``.

    1. Two outputs in use (a 2 x 2 channel): the closed form. The optimal input has full
       support, so ``D(W_x || q) = C`` for both rows; with ``c = W^{-1} (sum_y W ln W)`` row-wise,
       ``C = ln(e^{c_0} + e^{c_1})`` and ``q = e^{c - C}``; ``t`` solves
       ``t W_0 + (1 - t) W_1 = q``.
    2. Brent's method on ``dI/dt = D(W_0 || q) - D(W_1 || q)`` with
       ``q(t) = t W_0 + (1 - t) W_1``,
       which strictly decreases in ``t`` (``I`` is strictly concave when the rows differ:
       ``d2I/dt2 = -sum_y (W_0 - W_1)^2 / q``); its root lies in :data:`_TWO_ROW_BRACKET`. Skipped
       if the bracket holds no sign change.
    """
    cols = rows.any(axis=0)
    w1 = rows[1, cols]
    diff = rows[0, cols] - w1
    n0, n1 = float(neg_h[0]), float(neg_h[1])
    if w1.size == 2:
        (a0, a1), (b0, b1) = rows[0, cols].tolist(), w1.tolist()
        det = a0 * b1 - a1 * b0  # 0 (or a0 == b0) only when the rows differ by rounding alone
        if det != 0 and a0 != b0:
            with np.errstate(all="ignore"):  # overflow gives inf/nan, refused just below
                c = np.array([b1 * n0 - a1 * n1, a0 * n1 - b0 * n0]) / det
                t = float((np.exp(c[0] - np.logaddexp(c[0], c[1])) - b0) / (a0 - b0))
            if 0.0 <= t <= 1.0:
                yield t, 0

    def slope(t: float) -> float:
        return n0 - n1 - float(diff @ np.log(w1 + t * diff))  # q > 0 on cols for t in (0, 1)

    lo, hi = _TWO_ROW_BRACKET
    if slope(lo) > 0 > slope(hi):
        t, info = brentq(slope, lo, hi, xtol=1e-16, rtol=4 * np.finfo(float).eps, full_output=True)
        yield float(t), int(info.iterations)


def _newton_direction(
    lam: NDArray[np.float64],
    vec: NDArray[np.float64],
    g: NDArray[np.float64],
    ridge: float,
    null: NDArray[np.bool_] | None,
) -> NDArray[np.float64] | None:
    """Newton direction ``d = (H + ridge)^+ (g - nu 1)`` with ``sum(d) = 0``.

    ``H = vec diag(lam) vec^T`` is the Hessian of ``-I`` on the support.

    With ``null`` given (and ``ridge = 0``) the null eigen-directions are left out (pseudo-inverse).
    """
    inv = 1.0 / np.maximum(lam + ridge, 1e-300)
    if null is not None:
        inv[null] = 0.0
    proj_g = vec.T @ g
    proj_1 = vec.sum(axis=0)
    hg = vec @ (inv * proj_g)
    h1 = vec @ (inv * proj_1)
    denom = float(h1.sum())
    if not np.isfinite(denom) or abs(denom) < 1e-300:
        return None
    d = hg - (float(hg.sum()) / denom) * h1
    return d if np.all(np.isfinite(d)) else None


def _boundary_move(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    idx: NDArray[np.intp],
    direction: NDArray[np.float64],
    floor: float,
) -> tuple | None:
    """Move ``p[idx]`` along ``direction`` until a mass reaches 0; keep it if ``I >= floor``."""
    ps = p[idx]
    shrinking = direction < 0
    if not shrinking.any():
        return None
    ratios = ps[shrinking] / -direction[shrinking]
    j = int(np.argmin(ratios))
    trial = p.copy()
    trial[idx] = np.maximum(ps + ratios[j] * direction, 0.0)
    gone = idx[shrinking][j]
    trial[gone] = 0.0
    trial /= trial.sum()
    t_lower, t_upper, t_q, t_d = _bounds(W, neg_h, trial)
    if t_lower < floor:
        return None
    return trial, t_lower, t_upper, t_q, t_d, gone


def _newton_active_set(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    support: NDArray[np.bool_],
    tol: float,
    max_steps: int,
) -> tuple[NDArray[np.float64], int, bool]:
    """Maximize ``I(p; W)`` by Newton steps on the inputs in ``support`` (an active set).

    The KKT conditions of capacity are ``D(W_x || q) = C`` on the support and ``<= C`` off it.
    Each step solves the Newton system of ``I`` restricted to the current support with the
    simplex constraint (bordered Hessian ``-W_S diag(1/q) W_S^T``), takes the largest step that
    keeps ``p >= 0`` and increases ``I`` (an input whose mass reaches 0 leaves the support),
    and, once the support's divergences are level, admits the inputs that violate the KKT
    inequality. Returns ``(p, steps, converged)`` where converged means gap <= tol (nats).
    """
    support = support.copy()
    p = np.where(support, p, 0.0)
    p /= p.sum()
    lower, upper, q, d = _bounds(W, neg_h, p)
    for step in _steps(1, max_steps + 1, entries=W.size, desc="channel capacity (Newton)"):
        if upper - lower <= tol:
            return p, step - 1, True
        idx = np.flatnonzero(support)
        g = d[idx]
        spread = float(g.max() - g.min())
        outside = ~support & (d > lower + 0.25 * tol)
        level = spread <= max(1e-3 * (upper - lower), 0.5 * tol)
        if outside.any() and (level or not np.isfinite(upper)):
            # admit the KKT violators with a small mass, then continue Newton on the larger set
            new = np.flatnonzero(outside)
            eps = 1e-8 if np.isfinite(upper) else 1e-4
            p = p * (1.0 - eps)
            p[new] += eps / new.size
            support[new] = True
            lower, upper, q, d = _bounds(W, neg_h, p)
            continue
        cols = q > 0
        a = W[np.ix_(idx, np.flatnonzero(cols))] / np.sqrt(q[cols])
        lam, vec = scipy.linalg.eigh(a @ a.T)  # Hessian of -I on the support (PSD)
        scale = max(float(lam[-1]), 1e-300)
        noise = 1e-14 * max(1.0, abs(lower))  # rounding level of I: do not reject a step for it
        null = lam <= 1e-11 * scale
        ps = p[idx]
        accepted = None
        if null.any():
            # Rows of the support are linearly dependent: along a null direction n (W_S^T n = 0,
            # hence sum(n) = 0) the output q and every D stay fixed and I changes linearly by
            # g.n. Move to the boundary (ascending if g.n != 0): one input leaves, I does not drop.
            nv = vec[:, null]
            direction = nv @ (nv.T @ g)
            if not np.any(direction < -1e-12 * np.abs(direction).max(initial=0.0)):
                direction = nv[:, 0]
            accepted = _boundary_move(W, neg_h, p, idx, direction, lower - noise)
            if accepted is not None:
                p, lower, upper, q, d, gone = accepted
                support[gone] = False
                continue
        # Newton (pseudo-inverse) first; Levenberg-Marquardt damping if it does not ascend
        for ridge in _RIDGES:
            newton = _newton_direction(lam, vec, g, ridge * scale, null if ridge == 0 else None)
            if newton is None:
                continue
            direction = newton
            shrinking = direction < 0
            ratios = ps[shrinking] / -direction[shrinking]
            alpha_max = float(ratios.min()) if ratios.size else np.inf
            if ridge == 0 and np.count_nonzero(ratios < 1.0) > 1:
                # several inputs would go negative at the full step: try dropping them all at once
                full = np.maximum(ps + direction, 0.0)
                trial = p.copy()
                trial[idx] = full
                if trial.sum() > 0:
                    trial /= trial.sum()
                    t_lower, t_upper, t_q, t_d = _bounds(W, neg_h, trial)
                    if t_lower > lower - noise:
                        accepted = (trial, t_lower, t_upper, t_q, t_d)
                        blocked = False
                        break
            alpha = min(1.0, alpha_max)
            blocked = alpha == alpha_max
            for _ in range(40):
                trial = p.copy()
                trial[idx] = np.maximum(ps + alpha * direction, 0.0)
                if blocked:
                    trial[idx[shrinking][np.argmin(ratios)]] = 0.0
                trial /= trial.sum()
                t_lower, t_upper, t_q, t_d = _bounds(W, neg_h, trial)
                if t_lower > lower - noise:
                    accepted = (trial, t_lower, t_upper, t_q, t_d)
                    break
                alpha *= 0.5
                blocked = False
            if accepted is not None:
                break
        if accepted is None:  # no ascent direction found: give up on this route
            return p, step, False
        if blocked:
            support[idx[shrinking][np.argmin(ratios)]] = False
        p, lower, upper, q, d = accepted
        support &= p > 0
    return p, max_steps, upper - lower <= tol


def channel_capacity(
    W: ArrayLike,
    *,
    base: Base = 2,
    tol: float = 1e-9,
    max_iter: int = 100_000,
    method: str = "auto",
) -> CapacityResult:
    """Capacity ``C = max_p I(p; W)`` of a discrete memoryless channel, with certified bounds.

    The stopping rule is the certified gap: with ``q = pW``,
    ``I(p; W) <= C <= max_x D(W_x || q)`` (Blahut 1972), and the iteration stops when
    ``upper - lower <= tol``. Both bounds of the result are recomputed from these formulas on
    the full channel, so they hold even if an accelerating step was wrong.

    ``method="auto"`` (default): duplicate rows are merged; at most 200 Blahut–Arimoto
    iterations warm-start the input pmf; an active-set Newton method then solves the KKT
    conditions (``D(W_x || q) = C`` on the support, ``<= C`` off it). The starting support is
    the inputs whose divergence is within one gap of ``I(p; W)`` (or whose mass is large),
    capped at the number of outputs (some optimal input pmf has no larger support). Each step
    is a Newton step on the support under the simplex constraint (pseudo-inverse of the
    Hessian, Levenberg–Marquardt damping when it does not ascend); inputs whose mass reaches 0
    leave the support; when the support's rows are linearly dependent, a move along a null
    direction (which leaves the output pmf unchanged) removes one; inputs that violate the KKT
    inequality are admitted back. Near the solution the steps converge quadratically, so the
    gap usually ends far below ``tol``. The support rule is a heuristic; the certificate is
    not. If Newton stalls, Blahut–Arimoto continues from the warm start up to ``max_iter``
    iterations and the better certified pmf is returned. ``method="ba"``: plain
    Blahut–Arimoto from the uniform pmf with the same stopping rule (slow when the optimal
    input has zeros: about 20,000 iterations on a random 200 × 200 channel; kept as a
    reference).

    Channels with exactly two distinct rows (``method="auto"``) are solved directly: by the
    closed form of a 2 × 2 channel when only two outputs are reachable, else by Brent's method
    on the derivative ``D(W_0 || q) - D(W_1 || q)`` of the (strictly concave) mutual information
    of the input ``(t, 1 - t)``, whose root lies in ``[1/e, 1 - 1/e]`` (Majani & Rumsey 1991).
    The same ``lower``/``upper`` formulas certify the result; if the gap exceeds ``tol`` the
    next route runs (closed form, then Brent, then the general path).

    Parameters
    ----------
    W : array_like, shape (n_inputs, n_outputs)
        Row-stochastic channel.
    base : float or str
        Logarithm base of the result (2 = bits).
    tol : float
        Target certified gap ``upper - lower`` in units of ``base`` (> 0). Gaps far below
        ~1e-13 nats may be out of reach of floating point; then ``converged`` is False.
    max_iter : int
        Cap on the Blahut–Arimoto iterations.
    method : {"auto", "ba"}

    Returns
    -------
    CapacityResult
        ``capacity`` (midpoint of ``[lower, upper]``), ``input_pmf``, ``lower``, ``upper``,
        ``iterations``, ``converged``, ``output_pmf``, ``base``.

    Raises
    ------
    ValueError
        If ``W`` is not a channel, ``tol <= 0``, ``max_iter < 1`` or ``method`` is unknown.
    MemoryError
        If the estimated peak memory (about ``8 (4 n m + 4 s^2 + s m)`` bytes for an
        ``n x m`` channel, ``s = min(n, m)``) exceeds 80 % of the available memory; the message
        gives both numbers.

    Warns
    -----
    LargeInputWarning
        If that estimate exceeds 25 % of the available memory.

    Notes
    -----
    Time: an iteration costs ``O(n m)`` and a Newton step ``O(s^2 m + s^3)``; a random
    1000 x 1000 channel takes tens of seconds. Channels of at least 10⁵ entries show a
    progress bar over the iterations once a run exceeds two seconds (``TQDM_DISABLE=1``
    turns it off).

    Examples
    --------
    Randomized response with flip probability 0.1 (Wu, §4.1): ``1 - h(0.1)`` bits.

    >>> res = channel_capacity([[0.9, 0.1], [0.1, 0.9]])
    >>> round(res.capacity, 10), res.upper - res.lower <= 1e-9
    (0.5310044064, True)

    The Z-channel (input 1 flips to 0 with probability 1/2) has capacity log2(5/4):

    >>> res = channel_capacity([[1.0, 0.0], [0.5, 0.5]])
    >>> round(res.capacity, 9), round(float(res.input_pmf[1]), 6)
    (0.321928095, 0.4)
    """
    b = check_base(base)
    w = as_channel(W, name="W")
    tol_f = check_tol("tol", tol)
    max_iter = check_int("max_iter", max_iter, low=1)
    method = check_choice("method", method, ("auto", "ba"))
    _check_capacity_memory(w.shape, _capacity_nbytes(*w.shape), "the channel capacity")
    ln_b = math.log(b)
    tol_n = tol_f * ln_b

    if method == "ba":
        neg_h = _neg_entropies(w)
        p0 = np.full(w.shape[0], 1.0 / w.shape[0])
        p, iters, _ = _ba_iterations(w, neg_h, p0, tol_n, int(max_iter))
        return _result(w, neg_h, p, iters, tol_n, ln_b)

    pair = _two_distinct_rows(w) if _DIRECT_TWO_ROWS else None
    if pair is not None:
        two = w[list(pair)]
        for t, steps in _two_row_inputs(two, _neg_entropies(two)):
            full = np.zeros(w.shape[0])
            full[pair[0]], full[pair[1]] = t, 1.0 - t
            res = _result(w, _neg_entropies(w), full, steps, tol_n, ln_b)
            if res.converged:  # the certificate decides; otherwise the next route
                return res

    rows, inverse = unique_rows(w)
    neg_r = _neg_entropies(rows)
    m = rows.shape[0]
    p0 = np.full(m, 1.0 / m)
    warm = min(_WARM_ITERATIONS, max(5, 2 * m), int(max_iter))  # small channels: Newton early
    p_warm, iters, done = _ba_iterations(rows, neg_r, p0, tol_n, warm)
    p = p_warm
    if not done:
        lower, upper, _, d = _bounds(rows, neg_r, p_warm)
        guess = (d >= lower - (upper - lower)) | (p_warm >= 0.1 / m)
        cap = int(np.count_nonzero(rows.any(axis=0)))  # some optimal input uses <= #outputs inputs
        if np.count_nonzero(guess) > cap:
            keep = np.argsort(-np.where(guess, p_warm, -1.0), kind="stable")[:cap]
            guess = np.zeros(m, dtype=bool)
            guess[keep] = True
        p, steps, done = _newton_active_set(
            rows, neg_r, p_warm, guess, tol_n, max_steps=20 * m + 100
        )
        iters += steps
        if not done and iters < max_iter:
            p_ba, more, done = _ba_iterations(rows, neg_r, p_warm, tol_n, int(max_iter) - iters)
            iters += more
            if done or _gap(rows, neg_r, p_ba) <= _gap(rows, neg_r, p):
                p = p_ba
    # all the mass of a distinct row goes to its first input
    first = np.full(m, w.shape[0])
    np.minimum.at(first, inverse, np.arange(w.shape[0]))
    full = np.zeros(w.shape[0])
    full[first] = p
    return _result(w, _neg_entropies(w), full, iters, tol_n, ln_b)


def _gap(W: NDArray[np.float64], neg_h: NDArray[np.float64], p: NDArray[np.float64]) -> float:
    lower, upper, _, _ = _bounds(W, neg_h, p)
    return upper - lower


def _result(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    iters: int,
    tol_n: float,
    ln_b: float,
) -> CapacityResult:
    lower, upper, q, _ = _bounds(W, neg_h, p)
    lower = max(min(lower, upper), 0.0)  # rounding can invert an exact tie by an ulp
    upper = max(upper, lower)
    return CapacityResult(
        capacity=0.5 * (lower + upper) / ln_b,
        input_pmf=p,
        lower=lower / ln_b,
        upper=upper / ln_b,
        iterations=int(iters),
        converged=bool(upper - lower <= tol_n),
        output_pmf=q,
        base=math.exp(ln_b),
    )


# --------------------------------------------------------------------------------------------
# differential privacy
# --------------------------------------------------------------------------------------------


def _neighbour_pairs(neighbours: object, m: int) -> NDArray[np.intp] | None:
    """Pairs of input indices from the accepted neighbour specifications (None = all pairs)."""
    if neighbours is None or (isinstance(neighbours, str) and neighbours == "all"):
        return None
    if isinstance(neighbours, str):
        raise ValueError(
            "neighbours must be None, 'all', pairs, a boolean adjacency or a graph; "
            f"got {neighbours!r}"
        )
    try:
        import networkx as nx
    except ImportError:  # pragma: no cover - networkx is a dependency
        nx = None  # type: ignore[assignment]
    if nx is not None and isinstance(neighbours, nx.Graph):
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
    neighbours : None, "all", pairs, boolean adjacency or networkx.Graph
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


def compose(W1: ArrayLike, W2: ArrayLike, *more: ArrayLike) -> NDArray[np.float64]:
    """Compose in series; deprecated alias of :func:`compose_serial` (kept for one release).

    Parameters
    ----------
    W1, W2, *more : array_like
        As for :func:`compose_serial`.

    Returns
    -------
    numpy.ndarray
        ``compose_serial(W1, W2, *more)``.
    """
    warnings.warn(
        "nsp.channels.compose is deprecated; use nsp.channels.compose_serial",
        DeprecationWarning,
        stacklevel=2,
    )
    return compose_serial(W1, W2, *more)
