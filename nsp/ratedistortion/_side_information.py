"""Rate, distortion and equivocation with side information at the user (Theorems 2 and 3).

The user holds ``Z`` correlated with the database (``p_src_z[x_r, x_h, z]``). A statistically
informed encoder knows only the statistics of ``Z``; an informed encoder also sees ``Z``.

References
----------
L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013,
arXiv:1102.3751 (Theorems 2 and 3, Appendix A).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._threads import with_few_blas_threads
from nsp._validation import (
    Base,
    as_channel,
    as_real_array,
    base_number,
    check_base,
    check_bool,
    check_int,
    check_real,
    check_tol,
    log_base,
    trusted,
)
from nsp.info import (
    conditional_entropy,
    conditional_mutual_information,
    entropy,
    mutual_information,
)
from nsp.ratedistortion._equivocation import (
    EquivocationResult,
    RDEPoint,
    _as_source,
    _gamma_certified,
    _instance,
    _unflatten,
)
from nsp.ratedistortion._rate_distortion import AccuracyWarning, _as_distortion

# --- side information (Theorems 2 and 3) ------------------------------------------------


def _as_source_z(p_src_z: ArrayLike, normalize: bool) -> NDArray[np.float64]:
    return _as_source(p_src_z, normalize=normalize, ndim=3, name="p_src_z")


def _u_joint(p: NDArray, channel_u: ArrayLike, markov: bool) -> NDArray:
    """Joint ``[x_r, x_h, z, u]`` with ``U - X - Z`` (the encoder does not see Z)."""
    n_r, n_h, _ = p.shape
    w = as_real_array(channel_u, name="channel_u")
    if markov:
        if w.ndim != 2 or w.shape[0] != n_r:
            raise ValueError(
                f"channel_u must have shape (n_r={n_r}, n_u) for a Markov encoder; got {w.shape}"
            )
        w = as_channel(w, name="channel_u")
        return p[:, :, :, None] * w[:, None, None, :]
    if w.ndim != 3 or w.shape[:2] != (n_r, n_h):
        raise ValueError(f"channel_u must have shape (n_r={n_r}, n_h={n_h}, n_u); got {w.shape}")
    as_channel(w.reshape(n_r * n_h, -1), name="channel_u")
    return p[:, :, :, None] * w[:, :, None, :]


def bayes_decoder(
    p_src_z: ArrayLike, channel_u: ArrayLike, dist: ArrayLike, *, markov: bool = True
) -> NDArray[np.int64]:
    """Return the Bayes reconstruction ``f*(u, z) = argmin_xhat sum_r p(r, u, z) d(r, xhat)``.

    Ties go to the smallest ``xhat``; pairs ``(u, z)`` of probability 0 map to the letter that
    is best on average.

    Parameters
    ----------
    p_src_z : array_like, shape (n_r, n_h, n_z)
        Joint pmf ``p[x_r, x_h, z]`` of the public and private attributes and the user's side
        information.
    channel_u : array_like
        The encoder ``p(u | x_r)`` (Markov) or ``p(u | x_r, x_h)``.
    dist : array_like, shape (n_r, n_xhat)
        Distortion of the public attributes.
    markov : bool
        Encoder sees only ``X_r`` (``True``) or also ``X_h``.

    Returns
    -------
    numpy.ndarray of int, shape (n_u, n_z)
        The reconstruction letter for every ``(u, z)``.

    See Also
    --------
    si_statistical_point : The point of an encoder with this decoder.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 2
       (the reconstruction from U and Z).

    Examples
    --------
    >>> from nsp.ratedistortion import hamming_distortion
    >>> p = np.zeros((2, 1, 2)); p[0, 0] = [0.4, 0.1]; p[1, 0] = [0.1, 0.4]
    >>> bayes_decoder(p, np.eye(2), hamming_distortion(2)).tolist()
    [[0, 0], [1, 1]]
    """
    p = _as_source_z(p_src_z, False)
    markov = check_bool("markov", markov)
    joint = _u_joint(p, channel_u, markov)
    d = _as_distortion(dist, p.shape[0])
    p_ruz = joint.sum(axis=1)  # [x_r, z, u]
    cost = np.einsum("rzu,rk->uzk", p_ruz, d)
    f = cost.argmin(axis=2)
    empty = p_ruz.sum(axis=0).T == 0  # [u, z]
    if np.any(empty):
        f[empty] = int((p.sum(axis=(1, 2)) @ d).argmin())
    return f.astype(np.int64)


@with_few_blas_threads
def si_statistical_point(
    p_src_z: ArrayLike,
    channel_u: ArrayLike,
    decoder: ArrayLike | None,
    dist: ArrayLike,
    *,
    markov: bool = True,
    base: Base = 2,
    normalize: bool = False,
) -> RDEPoint:
    """(R, D, E, L) of a statistically informed encoder (Theorem 2, eq. (11)).

    The user holds ``Z``; the encoder maps ``X`` to ``U`` (``U - X - Z``) and the user
    reconstructs ``Xhat = f(U, Z)``. ``R = I(X_r X_h; U | Z)`` (the binned rate),
    ``E = H(X_h | U, Z)``, ``L = I(X_h; U, Z)``, ``D = E d(X_r, f(U, Z))``.

    Parameters
    ----------
    p_src_z : array_like, shape (n_r, n_h, n_z)
        Joint pmf of public, private attributes and the side information.
    channel_u : array_like
        ``p(u | x_r)`` (Markov) or ``p(u | x_r, x_h)``.
    decoder : array_like of int, shape (n_u, n_z), or None
        ``f(u, z)``; ``None`` uses :func:`bayes_decoder`.
    dist : array_like, shape (n_r, n_xhat)
        Distortion ``d(x_r, xhat)`` of the reconstruction.
    markov : bool, default True
        Encoder sees only ``X_r`` (``channel_u`` is ``p(u | x_r)``) or also ``X_h``.
    base : float or str, default 2
        Logarithm base of the information quantities (2: bits, ``"e"``: nats).
    normalize : bool, default False
        Accept an unnormalized non-negative ``p_src_z`` (divided by its total).

    Returns
    -------
    RDEPoint
        ``R = I(X_r X_h; U | Z)``, ``D``, ``E = H(X_h | U, Z)`` and the leakage.

    See Also
    --------
    rde_point : Without side information.
    si_informed_point : The encoder also sees the side information.
    bayes_decoder : The decoder used by default.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 2
       and eq. (11).

    Examples
    --------
    With a constant ``Z`` and ``U = Xhat`` this is Prop. 2 (Remark 7):

    >>> from nsp.ratedistortion import hamming_distortion, rde_point
    >>> p = np.array([[0.3, 0.2], [0.1, 0.4]])
    >>> w = np.array([[0.9, 0.1], [0.2, 0.8]])
    >>> a = si_statistical_point(p[:, :, None], w, np.array([[0], [1]]), hamming_distortion(2))
    >>> b = rde_point(p, w, hamming_distortion(2))
    >>> np.allclose([a.rate, a.distortion, a.equivocation], [b.rate, b.distortion, b.equivocation])
    True
    """
    p = _as_source_z(p_src_z, normalize)
    markov = check_bool("markov", markov)
    joint = _u_joint(p, channel_u, markov)
    d = _as_distortion(dist, p.shape[0])
    if decoder is None:
        with trusted():  # p, channel_u and d are validated
            f = bayes_decoder(p, channel_u, d, markov=markov)
    else:
        f = np.asarray(decoder)
    n_u, n_z = joint.shape[3], joint.shape[2]
    if (
        f.shape != (n_u, n_z)
        or not np.issubdtype(f.dtype, np.integer)
        or f.min() < 0
        or f.max() >= d.shape[1]
    ):
        raise ValueError(
            f"decoder must be an integer array of shape (n_u={n_u}, n_z={n_z}) with values in "
            f"0..{d.shape[1] - 1}"
        )
    p_ruz = joint.sum(axis=1)
    dd = float(np.sum(p_ruz * d[:, f.T]))  # d[x_r, f(u, z)] indexed [r, z, u]
    base_value = base_number(base)
    with trusted():  # the arguments are validated: the measures skip their checks
        rate = conditional_mutual_information(joint, (0, 1), 3, 2, base=base)
        eq = conditional_entropy(joint, 1, (2, 3), base=base)
        hh = entropy(p.sum(axis=(0, 2)), base=base)
    return RDEPoint(rate, dd, eq, max(hh - eq, 0.0), base_value)


@with_few_blas_threads
def si_informed_point(
    p_src_z: ArrayLike,
    channel: ArrayLike,
    dist: ArrayLike,
    *,
    markov: bool = True,
    base: Base = 2,
    normalize: bool = False,
) -> RDEPoint:
    """(R, D, E, L) of an informed encoder (Theorem 3, eq. (12)): the encoder also sees ``Z``.

    ``channel`` is ``p(xhat | x_r, z)`` with shape ``(n_r, n_z, n_xhat)`` (Markov) or
    ``p(xhat | x_r, x_h, z)`` with shape ``(n_r, n_h, n_z, n_xhat)``.
    ``R = I(X_r X_h; Xhat | Z)``, ``E = H(X_h | Xhat, Z)``, ``L = I(X_h; Xhat, Z)``.

    Parameters
    ----------
    p_src_z : array_like, shape (n_r, n_h, n_z)
        Joint pmf ``p[x_r, x_h, z]`` of the public and private attributes and the user's side
        information.
    channel : array_like
        The informed encoder ``W[x_r, z, xhat]`` (Markov) or ``W[x_r, x_h, z, xhat]``.
    dist : array_like, shape (n_r, n_xhat)
        Distortion of the public attributes.
    markov : bool
        Encoder sees ``(X_r, Z)`` (``True``) or also ``X_h``.
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p_src_z``.

    Returns
    -------
    RDEPoint
        ``R = I(X_r X_h; Xhat | Z)``, ``D``, ``E = H(X_h | Xhat, Z)`` and the leakage.

    See Also
    --------
    si_statistical_point : The encoder does not see the side information.
    max_equivocation_informed : The best such encoder.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 3
       and eq. (12).

    Examples
    --------
    >>> from nsp.ratedistortion import hamming_distortion
    >>> p = np.array([[0.3, 0.2], [0.1, 0.4]])[:, :, None]
    >>> w = np.array([[0.9, 0.1], [0.2, 0.8]])[:, None, :]
    >>> round(si_informed_point(p, w, hamming_distortion(2)).distortion, 6)
    0.15
    """
    p = _as_source_z(p_src_z, normalize)
    markov = check_bool("markov", markov)
    n_r, n_h, n_z = p.shape
    w = as_real_array(channel, name="channel")
    if markov:
        if w.ndim != 3 or w.shape[:2] != (n_r, n_z):
            raise ValueError(
                f"channel must have shape (n_r={n_r}, n_z={n_z}, n_xhat) for a Markov encoder; "
                f"got {w.shape}"
            )
        as_channel(w.reshape(n_r * n_z, -1), name="channel")
        joint = p[:, :, :, None] * w[:, None, :, :]
    else:
        if w.ndim != 4 or w.shape[:3] != (n_r, n_h, n_z):
            raise ValueError(
                f"channel must have shape (n_r={n_r}, n_h={n_h}, n_z={n_z}, n_xhat); got {w.shape}"
            )
        as_channel(w.reshape(n_r * n_h * n_z, -1), name="channel")
        joint = p[:, :, :, None] * w
    d = _as_distortion(dist, n_r)
    if d.shape[1] != joint.shape[3]:
        raise ValueError(
            f"dist must have one column per output letter ({joint.shape[3]}); got {d.shape[1]}"
        )
    dd = float(np.einsum("rhzk,rk->", joint, d))
    base_value = base_number(base)
    with trusted():  # the arguments are validated: the measures skip their checks
        rate = conditional_mutual_information(joint, (0, 1), 3, 2, base=base)
        eq = conditional_entropy(joint, 1, (2, 3), base=base)
        hh = entropy(p.sum(axis=(0, 2)), base=base)
    return RDEPoint(rate, dd, eq, max(hh - eq, 0.0), base_value)


def binning_exponents(
    p_src_z: ArrayLike, channel_u: ArrayLike, *, markov: bool = True, base: Base = 2
) -> dict[str, float]:
    """Return the quantize-and-bin exponents of App. A1: ``I(X;U)``, ``I(X;U|Z)`` and ``I(U;Z)``.

    With ``U - X - Z``: ``S = 2^{n I(X;U)}`` codewords in ``2^{n I(X;U|Z)}`` bins of
    ``T = 2^{n I(U;Z)}`` each, and ``I(X;U) = I(X;U|Z) + I(U;Z)`` (``S = R T``).

    Parameters
    ----------
    p_src_z : array_like, shape (n_r, n_h, n_z)
        Joint pmf ``p[x_r, x_h, z]`` of the public and private attributes and the user's side
        information.
    channel_u : array_like
        The encoder ``p(u | x_r)`` (Markov) or ``p(u | x_r, x_h)``.
    markov : bool
        Encoder sees only ``X_r`` (``True``) or also ``X_h``.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    dict
        ``{"I_XU": ..., "I_XU_given_Z": ..., "I_UZ": ...}`` in units of ``base``.

    See Also
    --------
    si_statistical_point : The binned rate of a statistically informed encoder.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 2
       and its proof in the Appendix (quantize and bin).

    Examples
    --------
    >>> p = np.full((2, 1, 2), 0.25); p[0, 0] = [0.4, 0.1]; p[1, 0] = [0.1, 0.4]
    >>> e = binning_exponents(p, [[0.9, 0.1], [0.1, 0.9]])
    >>> abs(e["I_XU"] - e["I_XU_given_Z"] - e["I_UZ"]) < 1e-12
    True
    """
    p = _as_source_z(p_src_z, False)
    markov = check_bool("markov", markov)
    joint = _u_joint(p, channel_u, markov)
    check_base(base)
    with trusted():  # the arguments are validated: the measures skip their checks
        return {
            "I_XU": mutual_information(joint, (0, 1), 3, base=base),
            "I_XU_given_Z": conditional_mutual_information(joint, (0, 1), 3, 2, base=base),
            "I_UZ": mutual_information(joint, 2, 3, base=base),
        }


@with_few_blas_threads
def max_equivocation_informed(
    p_src_z: ArrayLike,
    dist: ArrayLike,
    D: float,
    *,
    markov: bool = True,
    tol: float = 1e-9,
    max_iter: int = 20_000,
    base: Base = 2,
    normalize: bool = False,
) -> EquivocationResult:
    """Γ_I(D) = max H(X_h | Xhat, Z) over informed encoders with ``E d <= D`` (Theorem 3).

    Convex (``I(X_h; Xhat | Z)`` is convex in the encoder for each ``z``), solved by the same
    certified methods as :func:`max_equivocation` (the structured interior-point method,
    then the exponential-cone program): one leakage term per ``(z, x_h, xhat)``, the
    distortion budget shared by all values of ``Z``. The upper bound is ``H(X_h | Z)`` minus
    a Lagrangian lower bound on the leakage (see :func:`max_equivocation`). Where nothing need
    leak (``D`` at least the least distortion of an output independent of ``X_h`` given
    ``Z``: a linear program per value of ``Z``, solved once per source), Γ_I(D) = H(X_h | Z)
    exactly and no convex program is solved.
    The channel has shape ``(n_r, n_z, n_xhat)`` (Markov) or ``(n_r, n_h, n_z, n_xhat)``.

    Parameters
    ----------
    p_src_z : array_like, shape (n_r, n_h, n_z)
        Joint pmf ``p[x_r, x_h, z]`` of the public and private attributes and the user's side
        information.
    dist : array_like, shape (n_r, n_xhat)
        Distortion of the public attributes.
    D : float
        Distortion budget.
    markov : bool
        Encoder sees ``(X_r, Z)`` (``True``) or also ``X_h``.
    tol : float
        Certified accuracy of Γ_I (units of ``base``), > 0.
    max_iter : int
        Iteration cap.
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p_src_z``.

    Returns
    -------
    EquivocationResult
        Γ_I(D) with its certified upper bound and its encoder ``W[..., z, xhat]``.

    Warns
    -----
    AccuracyWarning
        If the certified gap ``upper_bound - gamma`` is wider than ``tol``.

    See Also
    --------
    max_equivocation : Without side information.
    si_informed_point : The point of one informed encoder.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 3.

    Examples
    --------
    A constant ``Z`` gives Γ(D) of the uninformed problem:

    >>> from nsp.ratedistortion import hamming_distortion
    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> r = max_equivocation_informed(p_src[:, :, None], hamming_distortion(4), 0.25)
    >>> round(r.gamma, 6)
    0.811278
    """
    p = _as_source_z(p_src_z, normalize)
    markov = check_bool("markov", markov)
    d = _as_distortion(dist, p.shape[0])
    D = check_real("D", D)
    tol = check_tol("tol", tol)
    max_iter = check_int("max_iter", max_iter, low=1)
    d_min = float(p.sum(axis=(1, 2)) @ d.min(axis=1))
    if not math.isfinite(D) or D < d_min - 1e-12:
        raise ValueError(
            f"D must be >= D_min = {d_min:.12g} (the smallest achievable distortion); got {D}"
        )
    lb = log_base(base)
    n_r, n_h, n_z = p.shape
    used = p.sum(axis=(1, 2)) > 0
    unique = np.all((d[used] <= d[used].min(axis=1, keepdims=True)).sum(axis=1) == 1)
    if D <= d_min + 1e-14 * max(1.0, d_min) and unique:
        # D = D_min with one best letter per public value: the encoder is forced
        w = np.zeros((n_r, n_z, d.shape[1]) if markov else (n_r, n_h, n_z, d.shape[1]))
        w[np.arange(n_r), ..., d.argmin(axis=1)] = 1.0
        with trusted():  # validated arguments, an encoder built here
            pt = si_informed_point(p, w, d, markov=markov, base=base)
        return EquivocationResult(pt.equivocation, pt.equivocation, pt, w, 0)
    inst = _instance(p.sum(axis=2), d, markov, p_z=p)
    pr = inst.pr
    prog = inst.program("gamma", f"Γ_I(D) of a {n_r} x {n_h} x {n_z} source")
    shape = (n_r, n_z) if markov else (n_r, n_h, n_z)
    p_u = (p.sum(axis=1) if markov else p).ravel()
    d_u = np.repeat(d, n_z, axis=0) if markov else np.repeat(d, n_h * n_z, axis=0)
    with trusted():  # validated arguments
        h_cond = conditional_entropy(p, 1, 2, base=base)  # H(X_h | Z)
    d_pp, w_pp = inst.perfect_privacy()
    if D >= d_pp:  # nothing need leak given Z: Γ_I = H(X_h | Z) exactly
        w = _unflatten(w_pp, p_u, d_u, shape)
        with trusted():  # validated arguments, an encoder built here
            pt = si_informed_point(p, w, d, markov=markov, base=base)
        return EquivocationResult(pt.equivocation, max(h_cond, pt.equivocation), pt, w, 0)
    w_red, lower, iters = _gamma_certified(pr, prog, max(D, d_min), tol * lb, max_iter)
    w = _unflatten(w_red, p_u, d_u, shape)
    with trusted():  # validated arguments, an encoder built here
        pt = si_informed_point(p, w, d, markov=markov, base=base)
    upper = max(min(h_cond - lower / lb, h_cond), pt.equivocation)
    if upper - pt.equivocation > tol:
        warnings.warn(
            f"max_equivocation_informed(D={D:.12g}): the certified gap "
            f"{upper - pt.equivocation:.2g} exceeds tol={tol:g} (the interior-point solves and "
            "the first-order polish stopped short of it); gamma is within its gap of Γ_I(D) "
            "(see upper_bound)",
            AccuracyWarning,
            stacklevel=2,
        )
    return EquivocationResult(pt.equivocation, upper, pt, w, iters)
