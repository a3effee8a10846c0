"""Every privacy notion of the five papers on one release, and on a whole sweep at once.

:func:`evaluate` computes one record for one :class:`~nsp.notions.Mechanism` on a joint
``p(s, x)`` by calling the per-mechanism library functions (:mod:`nsp.info`,
:mod:`nsp.uncertain`, :mod:`nsp.channels`, :mod:`nsp.noiseless`); :func:`evaluate_many`
computes the same records for a whole sweep with array operations over the stack of channels
(padded with zero columns to a common number of outputs). The notions and their units are
described in :mod:`nsp.notions`.

How :func:`evaluate_many` vectorises: the stack ``W[k, x, y]`` is stored as ``(n_x, k, n_y)``,
so that ``p(s, y)``, ``p(y)`` and ``E[X | Y]`` for the whole chunk are one matrix product
each; the measures of ``(S, Y)`` are then reductions over ``(k, n_s, n_y)``. The range
``[[S, Y]]`` is ``p(s, y) > 0`` unless a product ``p(s, x) W[x, y]`` can underflow to 0 (then
the supports are multiplied as 0/1 matrices); its overlap components are a batched
transitive closure for ``n_s <= 32`` and :func:`nsp.uncertain.support_components` per
mechanism above. Deterministic channels skip the entry-by-entry passes: ``H(Y|X) = 0`` and
the Bayes error and distortion are read through their labels.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp import _kernels, channels, info, noiseless, uncertain
from nsp._resampling import (
    CHUNK_BYTES,
    COLUMNS,
    Mechanism,
    counts_of,
    jackknife_centres,
    leakage_columns,
    measure_columns,
    replicate_columns,
    sibson_column,
    upper_bounds,
    widen_frame,
    with_intervals,
)
from nsp._resources import check_memory
from nsp._validation import (
    Base,
    as_pmf,
    as_real_array,
    check_base,
    check_int,
    check_real,
    trusted,
)
from nsp.notions._relations import check_relations

__all__ = ["Evaluation", "evaluate", "evaluate_many"]

# Largest alphabet of S for the batched transitive closure; larger ones use connected components.
_CLOSURE_MAX_S = 32
# Peak number of chunk-sized arrays alive at once in _chunk_columns.
_CHUNK_COPIES = 6
# Wu's capacity: the certified gap aimed at (in the unit of base) and the cap on the solver's
# Blahut-Arimoto iterations. Nearly equal rows (a deterministic map with a little noise) can
# stall its Newton phase, and Blahut-Arimoto then closes the gap slowly (about 2e-5 bit left
# after 2,000 iterations, as after 100,000 on such a channel): the gap column reports it.
_CAPACITY_TOL = 1e-9
_CAPACITY_MAX_ITER = 2000


@dataclass(frozen=True, eq=False)
class Evaluation(Mapping[str, Any]):
    """Every notion of one mechanism on one joint: one row of :func:`evaluate_many`.

    A read-only mapping from the column names of :func:`evaluate_many` to the values (the
    Sibson orders appear as ``sibson_<alpha>``); every column is also an attribute, and
    :attr:`sibson` maps each order to its value. All information quantities and ε are in
    units of :attr:`base`. Two evaluations are equal when they hold the same columns and
    values (as mappings). See :mod:`nsp.notions` for the definitions.

    Attributes
    ----------
    method, parameter : str
        The mechanism's method and the name of its parameter.
    value : float
        The parameter's value.
    deterministic : bool
        Whether the mechanism is a deterministic map.
    mutual_information, maximal_leakage, nonstochastic_leakage, maximin_information : float
        The leakages ``I(S;Y)``, maximal leakage, ``L0`` and ``I*(S;Y)``.
    sibson : dict of float to float
        Sibson's mutual information of each order.
    ldp_epsilon, noiseless_epsilon : float
        Local differential privacy's ε (nats) and noiseless privacy's ε.
    individual_channel_capacity, individual_channel_capacity_gap : float
        The individual channel capacity and the certified gap of its computation.
    utility_information : float
        The utility ``I(X;Y)``.
    hamming_distortion, numeric_distortion : float
        The expected distortions ``Pr(X != Y)`` and ``E|X - Y|``.
    relations_ok : bool
        Whether the inequalities between the notions hold.
    relations_failed : str
        Those that fail (empty if none).
    secret_information, output_entropy, secret_hartley_entropy, output_hartley_entropy : float
        The reference quantities ``I(S;X)``, ``H(Y)``, ``H0(S)`` and ``H0(Y)``.
    range_is_product : bool
        Whether the joint range of ``(S, Y)`` is a product (no nonstochastic leakage).
    prior_error : float
        The adversary's error guessing ``X`` with no observation.
    data_entropy, data_hartley_entropy : float
        ``H(X)`` and ``H0(X)``.
    base : float
        The logarithm base of every information quantity.

    Examples
    --------
    >>> e = evaluate(Mechanism.from_labels([0, 0, 1], method="merge"), [[0.5, 0.0, 0.0],
    ...                                                                  [0.0, 0.25, 0.25]])
    >>> e.maximal_leakage == e["maximal_leakage"], e.sibson[2.0] == e["sibson_2"]
    (True, True)
    >>> e.noiseless_epsilon, e.relations_failed
    (1.0, '')
    """

    method: str
    parameter: str
    value: float
    deterministic: bool
    mutual_information: float
    maximal_leakage: float
    sibson: dict[float, float]
    nonstochastic_leakage: float
    maximin_information: float
    ldp_epsilon: float
    individual_channel_capacity: float
    individual_channel_capacity_gap: float
    noiseless_epsilon: float
    utility_information: float
    hamming_distortion: float
    numeric_distortion: float
    relations_ok: bool
    relations_failed: str
    secret_information: float
    output_entropy: float
    secret_hartley_entropy: float
    output_hartley_entropy: float
    range_is_product: bool
    prior_error: float
    data_entropy: float
    data_hartley_entropy: float
    base: float

    def _flat(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "sibson":
                out.update({sibson_column(a): v for a, v in self.sibson.items()})
            else:
                out[f.name] = getattr(self, f.name)
        return out

    def __getitem__(self, key: str) -> Any:
        return self._flat()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._flat())

    def __len__(self) -> int:
        return len(self._flat())

    def as_dict(self) -> dict[str, Any]:
        """Return the record as a plain dict in column order (a row of :func:`evaluate_many`).

        Returns
        -------
        dict
        """
        return self._flat()


# -- validation ---------------------------------------------------------------------------


def _check_alphas(alphas: Sequence[float]) -> tuple[float, ...]:
    if isinstance(alphas, str | bytes) or not isinstance(alphas, Sequence | np.ndarray):
        raise ValueError(f"alphas must be a sequence of Sibson orders in [0, inf]; got {alphas!r}")
    out = tuple(check_real("alphas", a, low=0.0, allow_inf=True) for a in alphas)
    names = [sibson_column(a) for a in out]
    if len(set(names)) != len(names):
        raise ValueError(f"alphas must be distinct; got {list(out)}")
    return out


def _check_x_values(x_values: ArrayLike | None, n_x: int) -> NDArray[np.float64] | None:
    if x_values is None:
        return None
    arr = as_real_array(x_values, name="x_values", allow_bool=False)
    if arr.shape != (n_x,):
        raise ValueError(
            f"x_values must give one number per value of X: shape ({n_x},); got {arr.shape}"
        )
    if not np.all(np.isfinite(arr)):
        raise ValueError("x_values must be finite numbers (no NaN or inf)")
    return np.asarray(arr, dtype=np.float64)


def _check_mechanism(m: object, n_x: int, name: str) -> Mechanism:
    if not isinstance(m, Mechanism):
        raise ValueError(f"{name} must be an nsp.notions.Mechanism; got {type(m).__name__}")
    if m.n_x != n_x:
        raise ValueError(
            f"{name} acts on {m.n_x} values of X but joint has {n_x} columns (axis 1 = X)"
        )
    return m


def _check_joint(joint: ArrayLike) -> NDArray[np.float64]:
    return as_pmf(joint, name="joint", ndim=2)


# -- one mechanism, with the library functions ---------------------------------------------


def _range_mask(p_sx: NDArray[np.float64], w: NDArray[np.float64]) -> NDArray[np.bool_]:
    """Return the range ``[[S, Y]]``: the joint's support pushed through the support of W."""
    hits = (p_sx > 0).astype(np.float64) @ (w > 0).astype(np.float64)
    mask = hits > 0
    return mask[mask.any(axis=1)][:, mask.any(axis=0)]


def _numeric_distortion_one(
    p_xy: NDArray[np.float64], x: NDArray[np.float64] | None, codewords: NDArray[np.float64] | None
) -> float:
    if x is None:
        return math.nan
    p_y = p_xy.sum(axis=0)
    if codewords is None:
        xhat = np.divide(x @ p_xy, p_y, out=np.zeros_like(p_y), where=p_y > 0)
    else:
        xhat = codewords
    return float(np.sum(p_xy * (x[:, None] - xhat[None, :]) ** 2))


def _capacities(
    mechs: Sequence[Mechanism], base: Base
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Wu's individual channel capacity of every channel, and its certified gap.

    A release channel ``W`` of one individual's record has ``C_1(W) = max_p I(X;Y)``, its
    Shannon capacity: :func:`nsp.channels.channel_capacity`, whose ``lower`` (``I`` of the
    input it returns) and ``upper`` (Blahut's bound) bracket it. The value is their midpoint
    and the gap ``upper - lower`` (at most :data:`_CAPACITY_TOL` unless the solver reached
    :data:`_CAPACITY_MAX_ITER`), so the capacity lies within half the gap of the value.
    """
    value = np.empty(len(mechs))
    gap = np.empty(len(mechs))
    with trusted():  # every channel was validated by its Mechanism
        for i, m in enumerate(mechs):
            res = channels.channel_capacity(
                m.channel, base=base, tol=_CAPACITY_TOL, max_iter=_CAPACITY_MAX_ITER
            )
            value[i], gap[i] = res.capacity, res.gap
    return value, gap


def _record(
    m: Mechanism,
    p_sx: NDArray[np.float64],
    x: NDArray[np.float64] | None,
    alphas: tuple[float, ...],
    base: Base,
) -> dict[str, Any]:
    w = m.channel
    p_x = p_sx.sum(axis=0)
    p_sy = p_sx @ w
    p_xy = channels.joint_from_channel(p_x, w)
    mask = _range_mask(p_sx, w)
    rng = uncertain.JointRange(mask)
    p_y = p_xy.sum(axis=0)
    n_live_y = int(np.count_nonzero(mask.any(axis=0)))
    if m.deterministic:
        supp = np.flatnonzero(p_x > 0).tolist()
        labels = m.labels
        eps0 = noiseless.local_noiseless_epsilon(lambda v: int(labels[v]), [supp], base=base)
    else:
        eps0 = math.nan
    cap, gap = _capacities([m], base)
    return {
        "method": m.method,
        "parameter": m.parameter,
        "value": m.value,
        "deterministic": m.deterministic,
        "mutual_information": info.mutual_information(p_sy, base=base),
        "maximal_leakage": info.maximal_leakage(p_sy, base=base),
        **{sibson_column(a): info.sibson_mutual_information(p_sy, a, base=base) for a in alphas},
        "nonstochastic_leakage": uncertain.nonstochastic_leakage(rng, base=base),
        "maximin_information": uncertain.maximin_information(rng, base=base),
        "ldp_epsilon": channels.dp_epsilon(w, base=base),
        "individual_channel_capacity": float(cap[0]),
        "individual_channel_capacity_gap": float(gap[0]),
        "noiseless_epsilon": eps0,
        "utility_information": info.mutual_information(p_xy, base=base),
        "hamming_distortion": max(0.0, 1.0 - float(p_xy.max(axis=0).sum())),
        "numeric_distortion": _numeric_distortion_one(p_xy, x, m.codewords),
        "secret_information": info.mutual_information(p_sx, base=base),
        "output_entropy": info.entropy(p_y, base=base),
        "secret_hartley_entropy": uncertain.hartley_entropy(rng, axis=0, base=base),
        "output_hartley_entropy": math.log(n_live_y) / math.log(check_base(base)),
        "range_is_product": bool(mask.all()),
        "prior_error": max(0.0, 1.0 - float(p_x.max())),
        "data_entropy": info.entropy(p_x, base=base),
        "data_hartley_entropy": math.log(int(np.count_nonzero(p_x))) / math.log(check_base(base)),
        "base": check_base(base),
    }


def _finish(rec: dict[str, Any], tol: float) -> dict[str, Any]:
    failed = check_relations(rec, tol=tol)
    rec["relations_ok"] = not failed
    rec["relations_failed"] = ",".join(failed)
    return rec


def _ordered(rec: dict[str, Any], alphas: tuple[float, ...]) -> dict[str, Any]:
    head, tail = COLUMNS
    keys = [*head, *(sibson_column(a) for a in alphas), *tail]
    return {k: rec[k] for k in keys}


def evaluate(
    mechanism: Mechanism,
    joint: ArrayLike,
    *,
    x_values: ArrayLike | None = None,
    alphas: Sequence[float] = (2.0, 10.0),
    base: Base = 2,
) -> Evaluation:
    """Evaluate every privacy notion of one mechanism on the joint ``p(s, x)``.

    Parameters
    ----------
    mechanism : Mechanism
        The channel ``W[x, y] = p(y | x)``.
    joint : array_like, shape (n_s, n_x)
        The joint pmf ``p(s, x)`` of the secret ``S`` (axis 0) and the data ``X`` (axis 1),
        summing to 1.
    x_values : array_like, shape (n_x,), optional
        The numeric value of each ``x``, for the numeric distortion (NaN without it).
    alphas : sequence of float, default (2.0, 10.0)
        Orders of Sibson's mutual information reported as ``sibson_<alpha>``.
    base : float or {"e", "nats", "bits"}, default 2
        Logarithm base of every information quantity and of both ε.

    Returns
    -------
    Evaluation
        The record (a mapping from the column names of :func:`evaluate_many`).

    Raises
    ------
    ValueError
        If ``joint`` is not a 2-D pmf, ``mechanism`` is not a :class:`Mechanism` on the
        alphabet of ``X``, ``x_values`` is not one finite number per ``x``, an order is
        outside ``[0, inf]`` or repeated, or ``base`` is invalid.

    See Also
    --------
    evaluate_many : The same for a sweep of mechanisms.
    check_relations : The inequalities between the notions of a record.

    Examples
    --------
    A uniform secret bit released through randomized response that keeps it with
    probability 3/4: ``I(S;Y) = 1 - h(1/4)``, maximal leakage ``log2 1.5``, ``ε = log2 3``.

    >>> rr = Mechanism([[0.75, 0.25], [0.25, 0.75]], method="randomized response")
    >>> e = evaluate(rr, [[0.5, 0.0], [0.0, 0.5]])
    >>> round(e.mutual_information, 6), round(e.maximal_leakage, 6), round(e.ldp_epsilon, 6)
    (0.188722, 0.584963, 1.584963)
    >>> e.nonstochastic_leakage, e.noiseless_epsilon, e.relations_ok
    (0.0, nan, True)

    Wu's individual channel capacity of the same channel is ``1 - h(1/4)`` whatever the joint
    (uniform inputs achieve it), certified to within its gap:

    >>> round(e.individual_channel_capacity, 6), e.individual_channel_capacity_gap < 1e-9
    (0.188722, True)
    """
    check_base(base)
    p_sx = _check_joint(joint)
    m = _check_mechanism(mechanism, p_sx.shape[1], "mechanism")
    x = _check_x_values(x_values, p_sx.shape[1])
    a = _check_alphas(alphas)
    rec = _finish(_record(m, p_sx, x, a, base), 1e-9)
    return _evaluation(_ordered(rec, a), a)


def _evaluation(rec: dict[str, Any], alphas: tuple[float, ...]) -> Evaluation:
    sib = {a: float(rec.pop(sibson_column(a))) for a in alphas}
    return Evaluation(sibson=sib, **rec)


# -- a sweep, vectorised -------------------------------------------------------------------


def _components_closure(supp: NDArray[np.bool_], live: NDArray[np.bool_]) -> NDArray[np.intp]:
    """Count the components of ``S ⊔ Y`` among the live values of ``S``, per mechanism."""
    f = supp.astype(np.float64)
    reach = np.matmul(f, np.swapaxes(f, 1, 2)) > 0  # s ~ s' when they share an output
    for _ in range(max(1, math.ceil(math.log2(max(supp.shape[1], 2)))) + 1):
        rf = reach.astype(np.float64)
        nxt = np.matmul(rf, rf) > 0
        if np.array_equal(nxt, reach):
            break
        reach = nxt
    reached_from_smaller = np.triu(reach, k=1).any(axis=1)
    return np.count_nonzero(live[None, :] & ~reached_from_smaller, axis=1)


def _components_loop(supp: NDArray[np.bool_], live: NDArray[np.bool_]) -> NDArray[np.intp]:
    out = np.empty(supp.shape[0], dtype=np.intp)
    for k in range(supp.shape[0]):
        m = supp[k][live]
        out[k] = uncertain.support_components(m[:, m.any(axis=0)])[0]
    return out


def _support(
    p_sx: NDArray[np.float64], flat: NDArray[np.float64], p_sy_flat: NDArray[np.float64]
) -> NDArray[np.bool_]:
    """Return the range ``[[S, Y]]`` of every mechanism as a mask ``(n_s, k * n_y)``.

    A sum of non-negative products is positive exactly when one product is, unless a product
    underflows to 0: when the smallest positive entries of the joint and of the channels
    multiply to a positive number, ``p(s, y) > 0`` is the range; otherwise the supports are
    multiplied as 0/1 matrices.
    """
    lo_p = float(np.min(p_sx, where=p_sx > 0, initial=np.inf))
    lo_w = float(np.min(flat, where=flat > 0, initial=np.inf))
    if lo_p * lo_w > 0:
        return p_sy_flat > 0
    return ((p_sx > 0).astype(np.float64) @ (flat > 0).astype(np.float64)) > 0


def _chunk_columns(
    mechs: Sequence[Mechanism],
    p_sx: NDArray[np.float64],
    x: NDArray[np.float64] | None,
    alphas: tuple[float, ...],
    base: Base,
) -> dict[str, NDArray[Any]]:
    """Compute all numeric columns of one chunk of mechanisms on the padded stack.

    The stack ``W[k, x, y]`` is stored as ``(n_x, k, n_y)`` so that every product with a
    matrix or vector over ``x`` is one matrix product on its ``(n_x, k * n_y)`` view.
    """
    ln_b = math.log(check_base(base))
    k = len(mechs)
    n_s, n_x = p_sx.shape
    n_y = max(m.n_y for m in mechs)
    stack = np.zeros((n_x, k, n_y))
    for i, m in enumerate(mechs):
        stack[:, i, : m.n_y] = m.channel
    flat = stack.reshape(n_x, k * n_y)
    p_s, p_x = p_sx.sum(axis=1), p_sx.sum(axis=0)
    live_s = p_s > 0
    p_sy_flat = p_sx @ flat
    p_sy = np.ascontiguousarray(p_sy_flat.reshape(n_s, k, n_y).transpose(1, 0, 2))
    p_y = p_sy.sum(axis=1)  # (k, n_y): the output pmf, from S or from X alike
    col: dict[str, NDArray[Any]] = leakage_columns(p_sy, alphas, ln_b)
    # The range [[S, Y]]: the support of the joint pushed through the support of W.
    supp = np.ascontiguousarray(
        _support(p_sx, flat, p_sy_flat).reshape(n_s, k, n_y).transpose(1, 0, 2)
    )
    per_y = supp.sum(axis=1)  # |[[S|y]]|, 0 for outputs outside the range
    n_live_s = int(np.count_nonzero(live_s))
    n_live_y = np.count_nonzero(per_y, axis=1)
    smallest = np.where(per_y > 0, per_y, n_live_s).min(axis=1)
    col["nonstochastic_leakage"] = np.log(n_live_s / smallest) / ln_b
    if n_s <= _CLOSURE_MAX_S:
        n_comp = _components_closure(supp, live_s)
    else:
        n_comp = _components_loop(supp, live_s)
    col["maximin_information"] = np.log(n_comp) / ln_b
    col["range_is_product"] = supp.sum(axis=(1, 2)) == n_live_s * n_live_y
    col["output_hartley_entropy"] = np.log(n_live_y) / ln_b
    # Local DP ε of W over all its rows (padded columns are all zero: no output).
    hi, lo = flat.max(axis=0).reshape(k, n_y), flat.min(axis=0).reshape(k, n_y)
    live_y = hi > 0
    ratio = np.where(live_y, hi / np.where(lo > 0, lo, 1.0), 1.0)
    eps = np.log(ratio.max(axis=1)) / ln_b
    col["ldp_epsilon"] = np.where(np.any(live_y & (lo == 0), axis=1), math.inf, eps)
    col["individual_channel_capacity"], col["individual_channel_capacity_gap"] = _capacities(
        mechs, base
    )
    det = np.array([m.deterministic for m in mechs], dtype=bool)
    col["noiseless_epsilon"] = np.where(det, col["output_hartley_entropy"], math.nan)
    # I(X;Y) = H(Y) - H(Y|X); H(Y|X) = -sum_x p(x) sum_y W ln W is 0 for deterministic rows,
    # so only the stochastic channels are read entry by entry (here and below).
    h_y = _kernels.entropy_stack(p_y)
    stoch = np.flatnonzero(~det)
    if stoch.size == k:
        dense = flat
    else:
        dense = np.ascontiguousarray(stack[:, stoch, :]).reshape(n_x, stoch.size * n_y)
    logs = np.log(dense, out=np.zeros_like(dense), where=dense > 0)
    logs *= dense
    h_y_x = np.zeros(k)
    h_y_x[stoch] = -(p_x @ logs).reshape(stoch.size, n_y).sum(axis=1)
    col["utility_information"] = np.maximum(h_y - h_y_x, 0.0) / ln_b
    col["output_entropy"] = h_y / ln_b
    # The Bayes decoder's success sum_y max_x p(x, y); for Y = g(X), max over each g^{-1}(y).
    best = np.zeros((k, n_y))
    best[stoch] = (dense * p_x[:, None]).max(axis=0).reshape(stoch.size, n_y)
    labels = np.array([m.labels for m in mechs if m.deterministic], dtype=np.intp)
    labels = labels.reshape(-1, n_x)  # (k_det, n_x), also when there is none
    det_rows = np.flatnonzero(det)
    if det_rows.size:
        flat_best = best.reshape(-1)
        np.maximum.at(
            flat_best, (det_rows[:, None] * n_y + labels).ravel(), np.tile(p_x, det_rows.size)
        )
    col["hamming_distortion"] = np.maximum(1.0 - best.sum(axis=1), 0.0)
    if x is None:
        col["numeric_distortion"] = np.full(k, math.nan)
    else:
        m1 = ((p_x * x) @ flat).reshape(k, n_y)
        xhat = np.divide(m1, p_y, out=np.zeros_like(p_y), where=p_y > 0)
        for i, m in enumerate(mechs):
            if m.codewords is not None:
                xhat[i, : m.n_y] = m.codewords
        dist = np.zeros(k)
        dev = x[:, None] - xhat[stoch].reshape(1, stoch.size * n_y)
        dev *= dev
        dev *= dense
        dist[stoch] = (p_x @ dev).reshape(stoch.size, n_y).sum(axis=1)
        released = np.take_along_axis(xhat[det_rows], labels, axis=1)
        dist[det_rows] = ((x[None, :] - released) ** 2) @ p_x
        col["numeric_distortion"] = dist
    return col


def _chunks(mechs: Sequence[Mechanism], n_x: int, n_s: int) -> Iterator[Sequence[Mechanism]]:
    start = 0
    while start < len(mechs):
        stop, widest = start, 1
        while stop < len(mechs):
            widest = max(widest, mechs[stop].n_y)
            if stop > start and (stop - start + 1) * max(n_x, n_s) * widest * 8 > CHUNK_BYTES:
                break
            stop += 1
        yield mechs[start:stop]
        start = stop


def evaluate_many(
    mechanisms: Sequence[Mechanism],
    joint: ArrayLike,
    *,
    x_values: ArrayLike | None = None,
    alphas: Sequence[float] = (2.0, 10.0),
    base: Base = 2,
    ci: float | None = None,
    counts: ArrayLike | None = None,
    n_boot: int = 1000,
    seed: int = 0,
) -> pd.DataFrame:
    """Evaluate every privacy notion of a sweep of mechanisms on the joint ``p(s, x)``.

    The channels are padded with zero columns to a common number of outputs and stacked;
    every notion is computed on the stack with array operations (in chunks of about 16 MiB
    per stacked array), with the same values as :func:`evaluate` up to rounding.

    With ``ci`` (a confidence level) and ``counts`` (the count table the joint was computed
    from), every measure column gets a bootstrap interval in ``<column>_low`` and
    ``<column>_high`` placed right after it: the table is resampled ``n_boot`` times from the
    multinomial of its own pmf, the sweep is evaluated on the whole stack of replicates at
    once, and the interval is the replicates' percentile interval centred on the jackknife's
    bias-corrected estimate (for the Shannon columns and Sibson's I_α; on the plug-in for the
    others) and widened to hold the plug-in value the table reports, clipped below at 0 and
    above at the column's largest value for any source
    on these alphabets through that channel (e.g. ``I(S;Y) ≤ min(log |S|, L(W))``, which
    holds with ``I(S;Y) ≤ min(H(S), H(Y))``). The columns that see only the support of the
    joint (``nonstochastic_leakage``, ``maximin_information``, ``noiseless_epsilon``, the
    Hartley entropies) get NaN ends — resampling never reaches a cell the data did not see, so
    no bootstrap interval is valid for them — and ``ldp_epsilon`` and
    ``individual_channel_capacity``, properties of the channel, get ``low = high =`` their
    value (the capacity's certified gap, ``individual_channel_capacity_gap``, gets none). The
    value columns stay the plug-in; because the interval is moved by the bias, a strongly
    biased plug-in (few records per cell) can fall outside its own interval.
    :func:`nsp.estimate.estimate_many` gives the same intervals in a tidy table with
    bias-corrected points, the sample-size diagnostics and a status per column.

    Parameters
    ----------
    mechanisms : sequence of Mechanism
        The sweep, each on the alphabet of ``X``.
    joint : array_like, shape (n_s, n_x)
        The joint pmf ``p(s, x)`` (S on axis 0).
    x_values : array_like, shape (n_x,), optional
        The numeric value of each ``x``, for the numeric distortion.
    alphas : sequence of float, default (2.0, 10.0)
        Orders of Sibson's mutual information (columns ``sibson_<alpha>``).
    base : float or {"e", "nats", "bits"}, default 2
        Logarithm base of every information quantity and of both ε.
    ci : float, optional
        Confidence level of the intervals, in ``(0, 1)`` (e.g. 0.95); default None: no
        intervals (the table is then exactly the one without these options).
    counts : array_like of int, shape (n_s, n_x), optional
        The record counts behind ``joint``, which must equal ``counts / counts.sum()``;
        required with ``ci``, refused without it.
    n_boot : int, default 1000
        Bootstrap replicates (with ``ci``), at least 10.
    seed : int, default 0
        Seed of the resampling (``numpy.random.default_rng``), with ``ci``.

    Returns
    -------
    pandas.DataFrame
        One row per mechanism, in order; the columns of :data:`COLUMNS` with the
        ``sibson_<alpha>`` columns after ``maximal_leakage``. With ``ci``, each measure
        column is followed by ``<column>_low`` and ``<column>_high``, and ``frame.attrs``
        holds ``ci``, ``n_boot``, ``seed`` and ``n_records``.

    Raises
    ------
    ValueError
        As :func:`evaluate`, naming the first bad mechanism (``mechanisms[i]``).

    See Also
    --------
    evaluate : One mechanism.
    evaluate_methods : Every method's sweep, with the utility losses.
    nsp.estimate.estimate_many : The same notions estimated from a count table.

    Examples
    --------
    Releasing the first, then both halves of a uniform 4-value ``X`` whose first bit is ``S``:

    >>> joint = np.array([[0.25, 0.25, 0, 0], [0, 0, 0.25, 0.25]])
    >>> sweep = [Mechanism.from_labels(lab, method="merge", parameter="k", value=k)
    ...          for k, lab in ((1, [0, 0, 0, 0]), (2, [0, 0, 1, 1]), (4, [0, 1, 2, 3]))]
    >>> frame = evaluate_many(sweep, joint)
    >>> frame[["value", "mutual_information", "utility_information"]].round(9).to_numpy().tolist()
    [[1.0, 0.0, 0.0], [2.0, 1.0, 1.0], [4.0, 1.0, 2.0]]
    >>> bool(frame["relations_ok"].all())
    True

    With the 400 records behind a joint, intervals for every column:

    >>> counts = np.array([[150, 50], [40, 160]])
    >>> copy = Mechanism.from_labels([0, 1], method="copy")
    >>> ci = evaluate_many([copy], counts / 400, counts=counts, ci=0.95, n_boot=200)
    >>> ci.loc[0, ["mutual_information_low", "mutual_information", "mutual_information_high"]
    ...        ].round(3).tolist()
    [0.165, 0.232, 0.289]
    >>> ci.loc[0, ["nonstochastic_leakage_low", "ldp_epsilon_low"]].tolist()
    [nan, inf]
    """
    check_base(base)
    p_sx = _check_joint(joint)
    boot = _check_bootstrap(p_sx, ci, counts, n_boot, seed)
    n_s, n_x = p_sx.shape
    if isinstance(mechanisms, Mechanism) or not isinstance(mechanisms, Sequence):
        raise ValueError(
            f"mechanisms must be a sequence of Mechanism; got {type(mechanisms).__name__}"
        )
    mechs = [_check_mechanism(m, n_x, f"mechanisms[{i}]") for i, m in enumerate(mechanisms)]
    x = _check_x_values(x_values, n_x)
    a = _check_alphas(alphas)
    ln_b = math.log(check_base(base))
    if mechs:
        widest = max(m.n_y for m in mechs)
        one = 8.0 * max(n_x, n_s) * widest
        check_memory(
            _CHUNK_COPIES * max(one, CHUNK_BYTES),
            what=f"evaluate_many on {n_s} x {n_x} joint with {widest} outputs",
        )
    parts = [pd.DataFrame(_chunk_columns(c, p_sx, x, a, base)) for c in _chunks(mechs, n_x, n_s)]
    head, tail = COLUMNS
    names = [*head, *(sibson_column(v) for v in a), *tail]
    if not parts:
        if boot is not None:
            names = [f"{n}{end}" for n in names for end in _ends(n, a)]
        return pd.DataFrame({name: [] for name in names})
    frame = pd.concat(parts, ignore_index=True)
    p_s, p_x = p_sx.sum(axis=1), p_sx.sum(axis=0)
    frame["method"] = [m.method for m in mechs]
    frame["parameter"] = [m.parameter for m in mechs]
    frame["value"] = np.array([m.value for m in mechs], dtype=np.float64)
    frame["deterministic"] = [m.deterministic for m in mechs]
    frame["secret_information"] = info.mutual_information(p_sx, base=base)
    frame["secret_hartley_entropy"] = math.log(int(np.count_nonzero(p_s))) / ln_b
    frame["prior_error"] = max(0.0, 1.0 - float(p_x.max()))
    frame["data_entropy"] = info.entropy(p_x, base=base)
    frame["data_hartley_entropy"] = math.log(int(np.count_nonzero(p_x))) / ln_b
    frame["base"] = check_base(base)
    records = frame.to_dict("records")
    failed = [check_relations({str(k): v for k, v in r.items()}) for r in records]
    frame["relations_ok"] = [not f for f in failed]
    frame["relations_failed"] = [",".join(f) for f in failed]
    frame = frame[names]
    if boot is None:
        return frame
    level, cnt, n_boot, seed = boot
    bounds = upper_bounds(mechs, cnt.shape, x_values=x, alphas=a, base=base)
    frame = with_intervals(
        frame,
        replicate_columns(cnt, mechs, x_values=x, alphas=a, base=base, n_boot=n_boot, seed=seed),
        bounds,
        columns=measure_columns(a),
        level=level,
        centres=jackknife_centres(cnt, frame, mechs, x_values=x, alphas=a, base=base),
    )
    widen_frame(frame, cnt, mechs, bounds, ln_b=ln_b, alphas=a)
    frame.attrs.update({"ci": level, "n_boot": n_boot, "seed": seed, "n_records": cnt.sum()})
    return frame


def _ends(name: str, alphas: tuple[float, ...]) -> tuple[str, ...]:
    return ("", "_low", "_high") if name in measure_columns(alphas) else ("",)


def _check_bootstrap(
    p_sx: NDArray[np.float64], ci: object, counts: object, n_boot: object, seed: object
) -> tuple[float, NDArray[np.int64], int, int] | None:
    """Validate the interval options of :func:`evaluate_many`: None without ``ci``."""
    n_boot = check_int("n_boot", n_boot, low=10)
    seed = check_int("seed", seed, low=0)
    if ci is None:
        if counts is not None:
            raise ValueError("counts is read only with ci= (the level of the intervals)")
        return None
    level = check_real("ci", ci, low=0.0, high=1.0, closed="neither")
    if counts is None:
        raise ValueError(
            "ci= needs counts=, the record counts behind joint: the bootstrap resamples them"
        )
    cnt = counts_of(counts, name="counts")  # type: ignore[arg-type]
    if cnt.shape != p_sx.shape or not np.allclose(p_sx, cnt / cnt.sum(), rtol=0.0, atol=1e-12):
        raise ValueError(
            f"counts must be the record counts behind joint (shape {p_sx.shape}, "
            f"joint == counts / counts.sum()); got shape {cnt.shape}"
            + (", another pmf" if cnt.shape == p_sx.shape else "")
        )
    return level, cnt, int(n_boot), int(seed)
