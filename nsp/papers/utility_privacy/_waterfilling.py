"""Example 1, categorical data with Hamming distortion: reverse water-filling in closed form.

The water level and the surviving letters (:func:`water_level`), the optimal test channel
and Γ(D) of eqs. (16)–(18) (:func:`reverse_waterfill`, :func:`gamma_hamming`,
:func:`gamma_hamming_curve`) and the sanitizer that channel defines
(:func:`sanitize_categorical`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._results import TupleResult
from nsp._validation import Base, as_pmf, check_bool, check_int, check_real, log_base
from nsp.info import entropy
from nsp.papers.utility_privacy._common import _as_distortions

__all__ = [
    "ReverseWaterfilling",
    "WaterLevel",
    "gamma_hamming",
    "gamma_hamming_curve",
    "reverse_waterfill",
    "sanitize_categorical",
    "water_level",
]


@dataclass(frozen=True)
class ReverseWaterfilling:
    """The closed-form optimum of Example 1 (eqs. (16)–(18); Pinkston's solution).

    Attributes
    ----------
    D : float
        The distortion (clipped to ``D_max = 1 - max p``).
    water_level : float
        λ, with ``D = S λ + sum_{p_k <= λ} p_k``.
    support : numpy.ndarray of bool
        Surviving letters ``{x: p(x) > λ}`` (the output alphabet).
    output_pmf : numpy.ndarray
        ``p(xhat) = (p - λ)^+ / sum (p - λ)^+`` (eq. (16)).
    backward : numpy.ndarray
        ``backward[x, xhat] = p(x | xhat)`` (eq. (17)); columns off the support are 0.
    forward : numpy.ndarray
        The sanitizer ``forward[x, xhat] = p(xhat | x)``.
    joint : numpy.ndarray
        ``p(x, xhat)``.
    gamma : float
        Γ(D) by eq. (18), in units of ``base``.
    rate : float
        ``R(D) = H(X) - Γ(D)``.
    """

    D: float
    water_level: float
    support: NDArray[np.bool_] = field(repr=False)
    output_pmf: NDArray[np.float64] = field(repr=False)
    backward: NDArray[np.float64] = field(repr=False)
    forward: NDArray[np.float64] = field(repr=False)
    joint: NDArray[np.float64] = field(repr=False)
    gamma: float = 0.0
    rate: float = 0.0

    @property
    def S(self) -> int:
        """``|support| - 1`` (the ``S`` of eq. (18))."""
        return int(self.support.sum()) - 1


@dataclass(frozen=True, eq=False)
class WaterLevel(TupleResult):
    """The water level of reverse water-filling and the surviving letters.

    Unpacks as the pair ``(level, support)`` that :func:`water_level` used to return.

    Attributes
    ----------
    level : float
        λ.
    support : numpy.ndarray of bool
        The letters with ``p(x) > λ``.
    """

    level: float
    support: NDArray[np.bool_] = field(repr=False)

    _tuple_fields: ClassVar[tuple[str, ...]] = ("level", "support")


def water_level(p: ArrayLike, D: float, *, normalize: bool = False) -> WaterLevel:
    """Return the water level λ and the surviving letters of Example 1 at distortion ``D``.

    λ solves ``sum_x (p(x) - λ)^+ = 1 - D - λ`` (equivalently ``D = S λ + sum_{p_k <= λ} p_k``).
    Conventions (see ``docs/papers/utility_privacy.md``): for ``D >= D_max = 1 - max p`` the
    level is ``max p`` and the support is the set of most likely letters; a letter with
    ``p = λ`` is suppressed; when the maximum is unique and ``D = D_max``, λ is the second
    largest mass.

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D : float
        Hamming distortion, ``>= 0``.
    normalize : bool
        Accept an unnormalized ``p``.

    Returns
    -------
    WaterLevel
        The level λ and the surviving letters; unpacks as ``(level, support)``.

    Raises
    ------
    ValueError
        If ``p`` is not a pmf or ``D`` is negative.

    See Also
    --------
    reverse_waterfill : The solution built on it.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1,
       eq. (16).

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> lam, supp = water_level(p, 0.25)
    >>> round(lam, 6), supp.sum()
    (0.0625, np.int64(4))
    """
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    D = check_real("D", D, low=0.0)
    pmax = float(px.max())
    if D >= 1.0 - pmax - 1e-15:  # D_max up to the rounding of 1 - max p
        if np.count_nonzero(px == pmax) > 1 or D > 1.0 - pmax:
            return WaterLevel(pmax, px == pmax)
        if px.size > 1:  # unique maximum at D = D_max: only the most likely letter survives
            second = float(px[px < pmax].max())
            return WaterLevel(second, px > second)
    order = np.argsort(-px, kind="stable")
    ps = px[order]
    m = ps.size
    tails = np.concatenate([np.cumsum(ps[::-1])[::-1][1:], [0.0]])  # tails[k-1] = sum_{j>k} p(j)
    nxt = np.concatenate([ps[1:], [0.0]])
    for k in range(m, 1, -1):  # k = support size
        lam = (D - tails[k - 1]) / (k - 1)
        if nxt[k - 1] - 1e-15 <= lam < ps[k - 1]:
            return WaterLevel(float(max(lam, 0.0)), px > max(lam, 0.0))
    # unique maximum at D = D_max: S = 0, any lam in [p(2), p(1)); return p(2)
    lam = float(ps[1]) if m > 1 else 0.0
    return WaterLevel(lam, px > lam)


def reverse_waterfill(
    p: ArrayLike, D: float, *, base: Base = 2, normalize: bool = False
) -> ReverseWaterfilling:
    """Return the reverse water-filling solution of Example 1 (eqs. (16)–(18)).

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute (public and private at once).
    D : float
        Hamming distortion ``Pr(X != Xhat)``, ``>= 0``; values above ``D_max = 1 - max p``
        give the zero-rate solution (Γ = H(X)).
    base : float or str, default 2
        Logarithm base of the information quantities (2: bits, ``"e"``: nats).
    normalize : bool, default False
        Accept an unnormalized non-negative ``p`` (divided by its total).

    Returns
    -------
    ReverseWaterfilling
        The water level, output pmf, backward and forward channels, Γ(D) and R(D).

    See Also
    --------
    water_level : The water level and the surviving letters.
    sanitize_categorical : Sanitize data through its forward channel.
    waterfilling_view : Draw it.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1,
       eqs. (16)-(18).

    Examples
    --------
    The paper's Fig. 4 pmf, normalized (it sums to 0.8 as printed):

    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> sol = reverse_waterfill(p, 0.1)
    >>> round(sol.water_level, 6), sol.S, round(sol.gamma, 6), round(sol.rate, 6)
    (0.021875, 4, 0.71692, 1.473383)
    >>> (sol.output_pmf[:5] * 281).round(6).tolist()
    [93.0, 93.0, 53.0, 33.0, 9.0]
    """
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    D = check_real("D", D, low=0.0)
    lb = log_base(base)
    D_max = 1.0 - float(px.max())
    Dc = min(D, D_max)
    lam, supp = water_level(px, Dc)
    excess = np.where(supp, px - lam, 0.0)
    if excess.sum() > 0:
        q = excess / excess.sum()
    else:  # tie-limit at D_max: uniform on the most likely letters
        q = supp / supp.sum()
    m = px.size
    back = np.zeros((m, m))
    cols = np.flatnonzero(supp)
    if supp.sum() == 1 or excess.sum() == 0 or Dc >= D_max:
        # zero rate: Xhat independent of X
        back[:, cols] = px[:, None]
    else:
        back[:, cols] = np.where(supp[:, None], lam, px[:, None])
        back[cols, cols] = 1.0 - Dc
    joint = back * q[None, :]
    with np.errstate(invalid="ignore", divide="ignore"):
        fwd = np.where(px[:, None] > 0, joint / np.where(px > 0, px, 1.0)[:, None], 0.0)
    zero = px == 0
    if np.any(zero):
        fwd[zero] = q  # letters that never occur: draw from p(xhat)
    hx = entropy(px, base=base)
    if Dc >= D_max:
        gamma = hx
    else:
        S = int(supp.sum()) - 1
        off = px[~supp]
        off = off[off > 0]
        nats = (
            -(1 - Dc) * math.log(1 - Dc)
            - (S * lam * math.log(lam) if lam > 0 else 0.0)
            - float(np.sum(off * np.log(off)))
        )
        gamma = nats / lb + 0.0  # no negative zero
    return ReverseWaterfilling(
        Dc, float(lam), supp, q, back, fwd, joint, float(gamma), float(max(hx - gamma, 0.0))
    )


def gamma_hamming(
    p: ArrayLike, D: ArrayLike, *, base: Base = 2, normalize: bool = False
) -> float | NDArray[np.float64]:
    """Γ(D) of Example 1 by eq. (18), vectorized over ``D`` (``H(X)`` beyond ``D_max``).

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D : float or array_like
        Hamming distortions, each ``>= 0``.
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p``.

    Returns
    -------
    float or numpy.ndarray
        Γ(D), of the shape of ``D``.

    See Also
    --------
    gamma_hamming_curve : The same on a grid, with the water level and the rate.
    reverse_waterfill : The whole solution at one distortion.
    nsp.ratedistortion.max_equivocation : The general solver it agrees with.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1,
       eq. (18).

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> gamma_hamming(p, [0.1, 0.25, 0.5]).round(6).tolist()
    [0.71692, 1.374967, 2.025586]
    """
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    Ds = _as_distortions(D)
    out = np.array([reverse_waterfill(px, float(x), base=base).gamma for x in Ds.ravel()])
    return float(out[0]) if Ds.ndim == 0 else out.reshape(Ds.shape)


def gamma_hamming_curve(
    p: ArrayLike, D_grid: ArrayLike, *, base: Base = 2, normalize: bool = False
) -> pd.DataFrame:
    """Return Example 1 on a grid: columns ``D, water_level, support_size, Gamma, R, H_out``.

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D_grid : array_like
        Hamming distortions, each ``>= 0``.
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p``.

    Returns
    -------
    pandas.DataFrame
        One row per distortion.

    See Also
    --------
    gamma_hamming : Γ(D) alone, vectorized.
    reverse_waterfill : One distortion.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1,
       eqs. (16)-(18) and Fig. 4(b).

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> gamma_hamming_curve(p, [0.0, 0.6875])[["support_size", "Gamma"]].round(6).values.tolist()
    [[8.0, 0.0], [2.0, 2.190303]]
    """
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    rows = []
    if np.ndim(D_grid) > 1:
        raise ValueError(f"D_grid must be a number or a 1-D array (got shape {np.shape(D_grid)})")
    for D in _as_distortions(D_grid, "D_grid").ravel():
        s = reverse_waterfill(px, float(D), base=base)
        rows.append(
            (
                float(D),
                s.water_level,
                int(s.support.sum()),
                s.gamma,
                s.rate,
                entropy(s.output_pmf, base=base),
            )
        )
    return pd.DataFrame(rows, columns=["D", "water_level", "support_size", "Gamma", "R", "H_out"])


def sanitize_categorical(
    x: ArrayLike,
    p: ArrayLike,
    D: float,
    *,
    seed: int | np.random.Generator | None = 0,
    normalize: bool = False,
) -> NDArray[np.int64]:
    """Sanitize a column of categorical codes through the optimal Example-1 channel.

    Each entry ``x_i`` (an integer code in ``0..len(p)-1``) is replaced by a draw from the
    forward channel ``p(xhat | x_i)`` of :func:`reverse_waterfill`: a suppressed letter
    (``p(x) <= λ``) becomes an independent draw from ``p(xhat)``; a surviving one is kept with
    probability ``p(xhat=x)(1-D)/p(x)``. The empirical ``Pr(X != Xhat)`` tends to ``D`` and the
    plug-in ``H(X | Xhat)`` to Γ(D).

    Parameters
    ----------
    x : array_like of int
        The column (codes).
    p : array_like
        The pmf assumed by the sanitizer (the source model, known to all).
    D : float
        Target Hamming distortion.
    seed : int or numpy.random.Generator, optional
        Randomness of the channel (default 0: deterministic).
    normalize : bool, default False
        Accept an unnormalized non-negative ``p`` (divided by its total).

    Returns
    -------
    numpy.ndarray of int
        The sanitized codes, of the shape of ``x``.

    See Also
    --------
    reverse_waterfill : The channel it draws from.
    sanitizer_check : Measure what it achieves.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1,
       the channel of eqs. (16)-(17).

    Examples
    --------
    >>> p = np.array([0.5, 0.3, 0.2])
    >>> x = np.random.default_rng(1).choice(3, size=20000, p=p)
    >>> y = sanitize_categorical(x, p, 0.2, seed=2)
    >>> round(float(np.mean(x != y)), 2)
    0.2
    """
    codes = np.asarray(x)
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    D = check_real("D", D, low=0.0)
    if codes.size and (
        not np.issubdtype(codes.dtype, np.integer) or codes.min() < 0 or codes.max() >= px.size
    ):
        raise ValueError(f"x must hold integer codes in 0..{px.size - 1}")
    sol = reverse_waterfill(px, D)
    if seed is not None and not isinstance(seed, np.random.Generator):
        seed = check_int("seed", seed, low=0)
    rng = np.random.default_rng(seed)
    cdf = np.cumsum(sol.forward, axis=1)
    cdf[:, -1] = 1.0
    u = rng.random(codes.shape)
    flat = codes.ravel()
    out = (u.ravel()[:, None] > cdf[flat]).sum(axis=1)
    return out.reshape(codes.shape).astype(np.int64)
