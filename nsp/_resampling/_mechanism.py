"""A release mechanism as a channel ``W[x, y] = p(y | x)`` on the alphabet of ``X``.

Every method of the five papers releases ``Y`` from the data ``X`` through such a channel: a
deterministic map (a partition of the alphabet, a quantizer, a generalization) is the 0/1
case, one 1 per row; randomized response, the exponential mechanism or an optimal
privacy-funnel channel are the stochastic case. :class:`Mechanism` holds the validated channel
with the name of the method, the swept parameter and its value, and optionally the numeric
value released for each output (its *codeword*).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import as_channel, as_real_array, check_real
from nsp.partition import Partition

if TYPE_CHECKING:
    from nsp.joint import Joint

__all__ = ["Mechanism"]


def _check_text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a string; got {value!r} ({type(value).__name__})")
    return value


def _check_codewords(codewords: ArrayLike | None, n_y: int) -> NDArray[np.float64] | None:
    """Return the codewords as a read-only float vector of length ``n_y`` (or ``None``)."""
    if codewords is None:
        return None
    arr = as_real_array(codewords, name="codewords", allow_bool=False)
    if arr.ndim != 1 or arr.shape[0] != n_y:
        raise ValueError(
            f"codewords must give one number per output y: a vector of length {n_y} "
            f"(the channel's number of columns); got shape {arr.shape}"
        )
    if not np.all(np.isfinite(arr)):
        raise ValueError("codewords must be finite numbers (no NaN or inf)")
    out = np.array(arr, dtype=np.float64)
    out.setflags(write=False)
    return out


def _check_labels(labels: ArrayLike) -> NDArray[np.intp]:
    """Return ``labels`` as integers ``0..n_y-1`` using every output, or raise."""
    arr = np.asarray(labels)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(
            f"labels must be a non-empty 1-D sequence (one output per x); got shape {arr.shape}"
        )
    if arr.dtype == np.bool_ or not (
        np.issubdtype(arr.dtype, np.integer)
        or (np.issubdtype(arr.dtype, np.floating) and np.all(np.isfinite(arr)))
    ):
        raise ValueError(f"labels must be integers 0..n_y-1; got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.floating) and np.any(arr != np.round(arr)):
        raise ValueError("labels must be integers 0..n_y-1; got a non-integral value")
    lab = arr.astype(np.intp)
    if lab.min() < 0:
        raise ValueError(f"labels must be integers >= 0; got {int(lab.min())}")
    if int(arr.max()) >= lab.size:  # n_y <= n_x outputs when every one is used: no allocation
        raise ValueError(
            f"labels must be integers 0..n_y-1 with every output used, so at most {lab.size - 1} "
            f"for {lab.size} inputs; got {int(arr.max())}"
        )
    used = np.zeros(int(lab.max()) + 1, dtype=bool)
    used[lab] = True
    if not used.all():
        missing = np.flatnonzero(~used)[:5].tolist()
        raise ValueError(
            f"labels skip the outputs {missing}: the outputs must be 0..{used.size - 1} with "
            "every one used (relabel, e.g. with numpy.unique(labels, return_inverse=True))"
        )
    return lab


@dataclass(frozen=True, eq=False)
class Mechanism:
    """A release mechanism: the channel ``W[x, y] = p(y | x)`` on the alphabet of ``X``.

    Parameters
    ----------
    channel : array_like, shape (n_x, n_y)
        Row-stochastic matrix (each row a pmf within ``1e-9``); stored as a read-only float
        copy.
    method : str
        Display name, e.g. ``"Algorithm 1 (Ding & Farokhi)"``.
    parameter : str, default ""
        The swept parameter, e.g. ``"λ"``, ``"ε"``, ``"k"``, ``"D"``.
    value : float, default nan
        Its value (NaN when the mechanism is not part of a sweep; ``±inf`` allowed).
    codewords : array_like, shape (n_y,), optional
        The number released for each output ``y`` (a quantizer's levels, a cluster's
        representative); used by the numeric distortion instead of ``E[X | Y]``.
    fit : callable, optional
        The procedure that made this release from the data: ``fit(joint)`` runs the same
        method at the same parameter value on another :class:`~nsp.joint.Joint` (whose
        alphabet of ``X`` may be smaller) and returns its release. The sweeps of
        :mod:`nsp.notions` set it for every release fitted to the joint; it is None for a
        channel that does not depend on the data (randomized response, a user's channel).
        :mod:`nsp.estimate` refits it to estimate the leakage of the *procedure's* release
        on the population (``selection="refit"`` or ``"split"``). Not compared, not shown.

    Raises
    ------
    ValueError
        If ``channel`` is not a non-empty 2-D row-stochastic matrix, ``method`` or
        ``parameter`` is not a string, ``value`` is not a real number, or ``codewords`` is
        not a finite vector with one entry per column of ``channel``.

    See Also
    --------
    Mechanism.from_labels : A deterministic release, from the output label of each x.
    Mechanism.from_partition : A deterministic release, from a partition of X's letters.
    nsp.notions.evaluate : Every notion of a mechanism on a joint.

    Examples
    --------
    Randomized response on a bit, keeping it with probability 3/4:

    >>> m = Mechanism([[0.75, 0.25], [0.25, 0.75]], method="randomized response",
    ...               parameter="p", value=0.75)
    >>> m.n_x, m.n_y, m.deterministic
    (2, 2, False)
    """

    channel: NDArray[np.float64]
    method: str
    parameter: str = ""
    value: float = float("nan")
    codewords: NDArray[np.float64] | None = None
    fit: Callable[[Joint], Mechanism] | None = field(default=None, repr=False, compare=False)
    _labels: NDArray[np.intp] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        w = np.array(as_channel(self.channel, name="channel"), dtype=np.float64, order="C")
        w.setflags(write=False)
        object.__setattr__(self, "channel", w)
        object.__setattr__(self, "method", _check_text("method", self.method))
        object.__setattr__(self, "parameter", _check_text("parameter", self.parameter))
        value: Any = self.value
        if isinstance(value, float | np.floating) and math.isnan(value):
            value = math.nan
        else:
            value = check_real("value", value, allow_inf=True)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "codewords", _check_codewords(self.codewords, w.shape[1]))
        if self.fit is not None and not callable(self.fit):
            raise ValueError(f"fit must be a callable joint -> Mechanism or None; got {self.fit!r}")
        if bool(np.all((w.max(axis=1) == 1.0) & (np.count_nonzero(w, axis=1) == 1))):
            lab = np.argmax(w, axis=1).astype(np.intp)
            lab.setflags(write=False)
            object.__setattr__(self, "_labels", lab)

    @property
    def n_x(self) -> int:
        """Size of the alphabet of ``X`` (rows of the channel)."""
        return int(self.channel.shape[0])

    @property
    def n_y(self) -> int:
        """Number of outputs (columns of the channel, used or not)."""
        return int(self.channel.shape[1])

    @property
    def deterministic(self) -> bool:
        """Whether every row is one 1 (and zeros): ``Y = g(X)``."""
        return self._labels is not None

    @property
    def labels(self) -> NDArray[np.intp]:
        """The map ``x -> g(x)`` of a deterministic mechanism (read-only).

        Raises
        ------
        ValueError
            If the mechanism is stochastic.
        """
        if self._labels is None:
            raise ValueError(f"mechanism {self.method!r} is stochastic: it has no labels")
        return self._labels

    def __repr__(self) -> str:
        kind = "deterministic" if self.deterministic else "stochastic"
        sweep = f", {self.parameter}={self.value:g}" if self.parameter else ""
        return f"Mechanism({self.method!r}{sweep}, {kind} {self.n_x}×{self.n_y})"

    @classmethod
    def from_labels(
        cls,
        labels: ArrayLike,
        *,
        method: str,
        parameter: str = "",
        value: float = float("nan"),
        codewords: ArrayLike | None = None,
        fit: Callable[[Joint], Mechanism] | None = None,
    ) -> Mechanism:
        """Return the deterministic mechanism ``x -> labels[x]``.

        Parameters
        ----------
        labels : array_like of int, shape (n_x,)
            The output of each ``x``: integers ``0..n_y-1``, every output used.
        method, parameter, value, codewords, fit
            As in :class:`Mechanism`.

        Returns
        -------
        Mechanism
            Its channel is the 0/1 matrix with ``W[x, labels[x]] = 1``.

        Raises
        ------
        ValueError
            If ``labels`` is not a non-empty vector of non-negative integers, or skips an
            output (every value ``0..max(labels)`` must occur).

        Examples
        --------
        Generalize 5 ages into 2 bands released as their midpoints:

        >>> m = Mechanism.from_labels([0, 0, 0, 1, 1], method="bands", codewords=[1.0, 3.5])
        >>> m.channel.astype(int).tolist()
        [[1, 0], [1, 0], [1, 0], [0, 1], [0, 1]]
        >>> m.deterministic
        True
        """
        lab = _check_labels(labels)
        w = np.zeros((lab.size, int(lab.max()) + 1))
        w[np.arange(lab.size), lab] = 1.0
        cw = _check_codewords(codewords, w.shape[1])
        return cls(w, method=method, parameter=parameter, value=value, codewords=cw, fit=fit)

    @classmethod
    def from_partition(
        cls,
        partition: Partition,
        *,
        method: str,
        parameter: str = "",
        value: float = float("nan"),
        codewords: ArrayLike | None = None,
        fit: Callable[[Joint], Mechanism] | None = None,
    ) -> Mechanism:
        """Return the mechanism releasing the index of the cluster of ``x`` (canonical order).

        Parameters
        ----------
        partition : nsp.partition.Partition
            A partition of the alphabet ``0..n_x-1`` of ``X``; output ``y`` is its ``y``-th
            cluster (clusters sorted by their smallest element).
        method, parameter, value, codewords, fit
            As in :class:`Mechanism` (``codewords`` in the order of the clusters).

        Returns
        -------
        Mechanism

        Raises
        ------
        ValueError
            If ``partition`` is not a :class:`~nsp.partition.Partition`.

        Examples
        --------
        >>> from nsp.partition import Partition
        >>> m = Mechanism.from_partition(Partition([[0, 2], [1]]), method="merge")
        >>> m.labels.tolist()
        [0, 1, 0]
        """
        if not isinstance(partition, Partition):
            raise ValueError(
                f"partition must be an nsp.partition.Partition; got {type(partition).__name__}"
            )
        return cls.from_labels(
            partition.labels,
            method=method,
            parameter=parameter,
            value=value,
            codewords=codewords,
            fit=fit,
        )
