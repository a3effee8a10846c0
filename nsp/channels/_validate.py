"""Validation of channels and joint pmfs, and conversions between the two."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import (
    SUM_TOL,
    as_channel,
    as_pmf,
    check_bool,
    check_choice,
    check_int,
    check_real,
)


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

    See Also
    --------
    validate_joint : The same check for a joint pmf.

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

    See Also
    --------
    validate_channel : The same check for a channel.

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

    See Also
    --------
    channel_from_joint : The inverse: a joint split into marginal and channel.
    mutual_information_channel : ``I(X; Y)`` of that joint.

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

    See Also
    --------
    joint_from_channel : The inverse: the joint of an input pmf and a channel.

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
