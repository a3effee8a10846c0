"""The implementation of :mod:`nsp.joint`: import its names from there."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp import info
from nsp._validation import Base, as_counts, as_pmf, as_real_array, check_int

__all__ = ["Joint"]


@dataclass(frozen=True, eq=False, init=False)
class Joint:
    """A joint pmf ``p(s, x)`` of S (axis 0) and X (axis 1) with its labels and provenance.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        The joint pmf: non-negative, finite, summing to 1 (within 1e-9). A value of S or X may
        have zero mass (an empty cell of a count table); :attr:`support` says where the mass
        is.
    counts : array_like of int, optional
        The record counts behind an empirical ``p_sx``, same shape, non-negative integers;
        ``p_sx`` must then equal ``counts / counts.sum()`` (use :meth:`from_counts`).
    name : str
        A short name (``"census"``, ``"heart"``), e.g. for figure keys.
    s_name, x_name : str
        What S and X are (default ``"S"`` and ``"X"``).
    s_labels, x_labels : sequence, optional
        A label per value of S and of X (default ``0, 1, …``); stored as text.
    x_values : array_like of float, optional
        The numeric value of every letter of X, finite and strictly increasing, when X is
        ordered; None (default) when X is nominal.
    n_records : int, optional
        The number of records behind the pmf: by default ``counts.sum()`` when ``counts`` is
        given, else 0 (not empirical). With ``counts`` it must equal ``counts.sum()``.
    settings : mapping, optional
        The options that built the joint (its provenance); stored as a dict.

    Attributes
    ----------
    p_sx : numpy.ndarray, shape (n_s, n_x)
        The pmf, float64, C-contiguous (a copy of the input), read-only.
    counts : numpy.ndarray of int64 or None
        The record counts, read-only, or None.
    name, s_name, x_name : str
    s_labels, x_labels : tuple of str
    x_values : numpy.ndarray or None
        Read-only when given.
    n_records : int
    settings : dict

    Raises
    ------
    ValueError
        If ``p_sx`` is not a 2-D pmf, ``counts`` do not match it, a label list has the wrong
        length, ``x_values`` are not finite and strictly increasing, or ``n_records`` is
        negative or disagrees with ``counts``.

    Examples
    --------
    >>> j = Joint([[0.25, 0.25], [0.5, 0.0]], name="toy", x_values=[1.0, 2.0])
    >>> j.n_s, j.n_x, j.ordered, j.support.tolist()
    (2, 2, True, [[True, True], [True, False]])
    >>> Joint([[0.5, 0.6]])
    Traceback (most recent call last):
    ...
    ValueError: p_sx must sum to 1 within 1e-09 (sums to 1.1); pass normalize=True to accept counts
    """

    p_sx: NDArray[np.float64]
    counts: NDArray[np.int64] | None
    name: str
    s_name: str
    x_name: str
    s_labels: tuple[str, ...]
    x_labels: tuple[str, ...]
    x_values: NDArray[np.float64] | None
    n_records: int
    settings: dict[str, Any]

    def __init__(
        self,
        p_sx: ArrayLike,
        *,
        counts: ArrayLike | None = None,
        name: str = "",
        s_name: str = "S",
        x_name: str = "X",
        s_labels: Sequence[Any] | None = None,
        x_labels: Sequence[Any] | None = None,
        x_values: ArrayLike | None = None,
        n_records: int | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        for arg, text in (("name", name), ("s_name", s_name), ("x_name", x_name)):
            if not isinstance(text, str):
                raise ValueError(f"{arg} must be a string; got {text!r} ({type(text).__name__})")
        p = np.array(as_pmf(p_sx, name="p_sx", ndim=2), dtype=np.float64, order="C", copy=True)
        if p.size == 0:
            raise ValueError(f"p_sx must not be empty (shape {p.shape})")
        n_s, n_x = p.shape
        p.setflags(write=False)
        cnt = None if counts is None else _counts(counts, p)
        if n_records is None:
            n_rec = 0 if cnt is None else int(cnt.sum())
        else:
            n_rec = check_int("n_records", n_records, low=0)
            if cnt is not None and n_rec != int(cnt.sum()):
                raise ValueError(
                    f"n_records must equal counts.sum() = {int(cnt.sum())} when counts are "
                    f"given; got {n_rec}"
                )
        vals: NDArray[np.float64] | None = None
        if x_values is not None:
            vals = np.array(
                as_real_array(x_values, name="x_values", allow_bool=False),
                dtype=float,
                order="C",
                copy=True,
            )
            if vals.shape != (n_x,) or not np.all(np.isfinite(vals)):
                raise ValueError(f"x_values must be {n_x} finite numbers; got shape {vals.shape}")
            if np.any(np.diff(vals) <= 0):
                raise ValueError("x_values must be strictly increasing (X in its order)")
            vals.setflags(write=False)
        if settings is not None and not isinstance(settings, Mapping):
            raise ValueError(f"settings must be a mapping; got {type(settings).__name__}")
        set_ = object.__setattr__
        set_(self, "p_sx", p)
        set_(self, "counts", cnt)
        set_(self, "name", name)
        set_(self, "s_name", s_name)
        set_(self, "x_name", x_name)
        set_(self, "s_labels", _labels("s_labels", s_labels, n_s))
        set_(self, "x_labels", _labels("x_labels", x_labels, n_x))
        set_(self, "x_values", vals)
        set_(self, "n_records", n_rec)
        set_(self, "settings", dict(settings or {}))

    @classmethod
    def from_counts(cls, counts: ArrayLike, **kwargs: Any) -> Joint:
        """Build the empirical joint ``p_sx = counts / counts.sum()`` of a count table.

        Parameters
        ----------
        counts : array_like of int, shape (n_s, n_x)
            Records per cell ``(s, x)``: non-negative integers, not all zero.
        **kwargs
            The other keywords of :class:`Joint` (``name``, labels, ``x_values``,
            ``settings``).

        Returns
        -------
        Joint
            With ``counts`` kept and ``n_records = counts.sum()``.

        Raises
        ------
        ValueError
            If ``counts`` is not a 2-D table of non-negative integers with a positive total.

        Examples
        --------
        >>> Joint.from_counts([[1, 0], [2, 1]]).p_sx.tolist()
        [[0.25, 0.0], [0.5, 0.25]]
        """
        cnt = as_counts(counts)
        return cls(cnt / cnt.sum(), counts=cnt, **kwargs)

    @property
    def n_s(self) -> int:
        """``|S|``, the number of values of S (rows)."""
        return int(self.p_sx.shape[0])

    @property
    def n_x(self) -> int:
        """``|X|``, the number of values of X (columns)."""
        return int(self.p_sx.shape[1])

    @property
    def ordered(self) -> bool:
        """True when X is ordered (``x_values`` given)."""
        return self.x_values is not None

    @property
    def support(self) -> NDArray[np.bool_]:
        """The joint range ``[[S, X]]`` = the support of ``p(s, x)``, as ``mask[s, x]``."""
        return self.p_sx > 0

    def summary(self, *, base: Base = 2) -> dict[str, float]:
        """Summarize the joint: N, ``|S|``, ``|X|``, H(X), H(S), I(S;X), H(X|S).

        Parameters
        ----------
        base : float or {"e", "nats", "bits"}
            Logarithm base of the entropies (default bits).

        Returns
        -------
        dict
            ``N`` (records), ``n_S``, ``n_X``, ``n_X_nonempty`` (values of X with mass),
            ``H_X``, ``H_S``, ``I_SX``, ``H_X_given_S``.

        Examples
        --------
        >>> s = Joint([[0.5, 0.0], [0.0, 0.5]]).summary()
        >>> s["I_SX"], s["H_X_given_S"], s["n_X_nonempty"]
        (1.0, 0.0, 2)
        """
        p = self.p_sx
        return {
            "N": self.n_records,
            "n_S": p.shape[0],
            "n_X": p.shape[1],
            "n_X_nonempty": int((p.sum(0) > 0).sum()),
            "H_X": info.entropy(p.sum(0), base=base),
            "H_S": info.entropy(p.sum(1), base=base),
            "I_SX": info.mutual_information(p, 0, 1, base=base),
            "H_X_given_S": info.conditional_entropy(p, 1, 0, base=base),
        }


def _counts(counts: ArrayLike, p: NDArray[np.float64]) -> NDArray[np.int64]:
    cnt = as_counts(counts)
    if cnt.shape != p.shape:
        raise ValueError(f"counts must have the shape of p_sx {p.shape}; got {cnt.shape}")
    if not np.allclose(p, cnt / cnt.sum(), rtol=0.0, atol=1e-12):
        raise ValueError("p_sx must equal counts / counts.sum() (build it with Joint.from_counts)")
    return cnt


def _labels(name: str, labels: Sequence[Any] | None, n: int) -> tuple[str, ...]:
    if labels is None:
        return tuple(str(i) for i in range(n))
    if isinstance(labels, str):
        raise ValueError(f"{name} must be a sequence of {n} labels, not a string")
    out = tuple(str(v) for v in labels)
    if len(out) != n:
        raise ValueError(f"{name} must have {n} labels; got {len(out)}")
    return out
