"""Observable S: sanitise the pair ``Y = (S, X)`` instead of ``X`` (last paragraphs of §V-C).

When the curator sees the sensitive value too, it can quantize the joint range ``[[S, X]]``
itself: the public data is ``Y = (S, X)``, the release ``Ŷ = f(Y)`` (Markov chain
``S − Y − Ŷ``), and the three algorithms apply with ``Y`` in place of ``X``. The range of
``(S, Y)`` has one column per pair of ``[[S, X]]`` and ``[[S|y]] = {s}`` for ``y = (s, x)``.

A utility on ``Y`` must be chosen: U1 is the resolution of ``Y`` itself
(``log|[[Y]]| − log max |𝒴|``); for U2 a cluster of pairs releases one codeword for their X
components (the mean of the X values of its pairs, each pair once, or the medoid), and the
distortion is measured on X (``values_y = values[x_of_y]``, :func:`observable_values`).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp.clustering.nonstochastic._utilities import _real_vector
from nsp.uncertain import JointRange, range_mask

__all__ = ["observable_pairs", "observable_range", "observable_values"]


def observable_pairs(r: ArrayLike) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Return the S and X index of every value ``y = (s, x)`` of ``Y``, in the order used.

    The pairs of ``[[S, X]]`` ordered by x, then by s (pairs sharing an x are neighbours).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.

    Returns
    -------
    s_of_y : numpy.ndarray of int
        The ``s`` of each pair of ``[[S, X]]``, in row-major order.
    x_of_y : numpy.ndarray of int
        The ``x`` of each pair, in the same order.

    See Also
    --------
    observable_range : The range ``[[S, Y]]`` of ``Y = (S, X)``.
    observable_values : The X value of each y.

    Examples
    --------
    >>> s, x = observable_pairs([[1, 1], [0, 1]])
    >>> s.tolist(), x.tolist()
    ([0, 0, 1], [0, 1, 1])
    """
    mask = range_mask(r)
    x_of_y, s_of_y = np.nonzero(mask.T)
    return s_of_y.astype(np.intp), x_of_y.astype(np.intp)


def observable_range(r: ArrayLike) -> JointRange:
    """Return the joint range ``[[S, Y]]`` of ``S`` and ``Y = (S, X)``.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.

    Returns
    -------
    JointRange
        ``n_s`` rows and one column per pair of ``[[S, X]]`` (order of
        :func:`observable_pairs`); column ``y = (s, x)`` holds the one True at row ``s``. The
        S labels are kept, the Y labels are the pairs ``(s_label, x_label)``.

    See Also
    --------
    observable_pairs : The ``(s, x)`` of each y.
    observable_values : The X value of each y.

    References
    ----------
    N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
    agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §V-C.

    Examples
    --------
    Example 1's range has 8 pairs; unquantized, ``Y`` reveals S
    (``L0(S → Y) = I*(S; Y) = log2 6``):

    >>> from nsp.papers.agglomerative import example1_range
    >>> from nsp.uncertain import maximin_information, nonstochastic_leakage
    >>> ry = observable_range(example1_range())
    >>> ry.shape, ry.x_labels[:2]
    ((6, 8), (('s1', 'x1'), ('s2', 'x1')))
    >>> round(nonstochastic_leakage(ry), 4), round(maximin_information(ry), 4)
    (2.585, 2.585)
    """
    mask = range_mask(r)
    s_of_y, x_of_y = observable_pairs(mask)
    out = np.zeros((mask.shape[0], s_of_y.size), dtype=bool)
    out[s_of_y, np.arange(s_of_y.size)] = True
    s_labels = getattr(r, "s_labels", None) or tuple(range(mask.shape[0]))
    x_labels = getattr(r, "x_labels", None) or tuple(range(mask.shape[1]))
    pairs = [(s_labels[s], x_labels[x]) for s, x in zip(s_of_y, x_of_y, strict=True)]
    return JointRange(out, s_labels=s_labels, x_labels=pairs)


def observable_values(r: ArrayLike, values: ArrayLike | None = None) -> NDArray[np.float64]:
    """Return the X value of every ``y = (s, x)``: the numbers U2 measures distortion on.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    values : array_like of float, optional
        Numeric value of every x; default: the JointRange's x labels.

    Returns
    -------
    numpy.ndarray of float
        ``values[x_of_y]``, one per pair.

    See Also
    --------
    observable_pairs : The ``(s, x)`` of each y.
    observable_range : The range of ``Y = (S, X)``.

    Examples
    --------
    >>> observable_values([[1, 1], [0, 1]], [0.5, 2.0]).tolist()
    [0.5, 2.0, 2.0]
    """
    mask = range_mask(r)
    if values is None:
        labels = getattr(r, "x_labels", None)
        if labels is None:
            raise ValueError("values must be given (the numeric value of every x)")
        try:
            values = np.asarray(labels, dtype=float)
        except (TypeError, ValueError):
            raise ValueError("values must be given: the x labels are not numeric") from None
    v = _real_vector("values", values, mask.shape[1])
    return v[observable_pairs(mask)[1]]
