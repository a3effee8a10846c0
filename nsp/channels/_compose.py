"""Combining channels: in series, side by side on two inputs, and in parallel on one."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import as_channel


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

    See Also
    --------
    parallel_channel : Two releases of the same input.
    product_channel : Two channels on two inputs.

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

    See Also
    --------
    parallel_channel : Two releases of the same input.
    compose_serial : Channels in series.

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

    See Also
    --------
    compose_serial : Channels in series.
    product_channel : Two channels on two inputs.
    nsp.privacy_channels.compose_parallel : The same composition of privacy channels.

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
