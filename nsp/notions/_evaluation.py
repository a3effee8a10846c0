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
from nsp._resources import check_memory
from nsp._validation import Base, as_pmf, as_real_array, check_base, check_real
from nsp.notions._mechanism import Mechanism
from nsp.notions._relations import check_relations

__all__ = ["COLUMNS", "Evaluation", "evaluate", "evaluate_many", "sibson_column"]

#: The columns of :func:`evaluate_many` before and after the ``sibson_<alpha>`` columns.
COLUMNS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("method", "parameter", "value", "deterministic", "mutual_information", "maximal_leakage"),
    (
        "nonstochastic_leakage",
        "maximin_information",
        "ldp_epsilon",
        "noiseless_epsilon",
        "utility_information",
        "hamming_distortion",
        "numeric_distortion",
        "relations_ok",
        "relations_failed",
        # What the relations read besides the notions (same base):
        "secret_information",
        "output_entropy",
        "secret_hartley_entropy",
        "output_hartley_entropy",
        "range_is_product",
        "prior_error",
        "data_entropy",
        "data_hartley_entropy",
        "base",
    ),
)

# Largest alphabet of S for the batched transitive closure; larger ones use connected components.
_CLOSURE_MAX_S = 32
# Bytes of one (chunk, n_x, n_y) float64 stack in evaluate_many.
_CHUNK_BYTES = 16 * 2**20
# Peak number of chunk-sized arrays alive at once in _chunk_columns.
_CHUNK_COPIES = 6
# Mechanisms per group of similar width in _stack_columns.
_STACK_GROUP = 32


def sibson_column(alpha: float) -> str:
    """Return the column name of Sibson's ``I_alpha(S;Y)``: ``f"sibson_{alpha:g}"``.

    Parameters
    ----------
    alpha : float
        The order, in ``[0, inf]``.

    Returns
    -------
    str

    Examples
    --------
    >>> sibson_column(2.0), sibson_column(0.5), sibson_column(float("inf"))
    ('sibson_2', 'sibson_0.5', 'sibson_inf')
    """
    a = check_real("alpha", alpha, low=0.0, allow_inf=True)
    return f"sibson_{a:g}"


@dataclass(frozen=True, eq=False)
class Evaluation(Mapping[str, Any]):
    """Every notion of one mechanism on one joint: one row of :func:`evaluate_many`.

    A read-only mapping from the column names of :func:`evaluate_many` to the values (the
    Sibson orders appear as ``sibson_<alpha>``); every column is also an attribute, and
    :attr:`sibson` maps each order to its value. All information quantities and ε are in
    units of :attr:`base`. Two evaluations are equal when they hold the same columns and
    values (as mappings). See :mod:`nsp.notions` for the definitions.

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


def _leakage_columns(
    p_sy: NDArray[np.float64], alphas: tuple[float, ...], ln_b: float
) -> dict[str, NDArray[np.float64]]:
    """I(S;Y), maximal leakage and Sibson's orders of a stack of joints ``p_sy[k, s, y]``.

    The kernels of :mod:`nsp.info`'s measures, applied to the whole stack: each value is the
    one the measure gives on ``p_sy[k]`` alone, to the bit.
    """
    col = {
        "mutual_information": _kernels.mutual_information_stack(p_sy) / ln_b,
        "maximal_leakage": _kernels.maximal_leakage_stack(p_sy) / ln_b,
    }
    for a in alphas:
        if a == 1:
            col[sibson_column(a)] = col["mutual_information"]
        elif math.isinf(a):
            col[sibson_column(a)] = col["maximal_leakage"]
        else:
            col[sibson_column(a)] = _kernels.sibson_stack(p_sy, a) / ln_b
    return col


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
    col: dict[str, NDArray[Any]] = _leakage_columns(p_sy, alphas, ln_b)
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
            if stop > start and (stop - start + 1) * max(n_x, n_s) * widest * 8 > _CHUNK_BYTES:
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
) -> pd.DataFrame:
    """Evaluate every privacy notion of a sweep of mechanisms on the joint ``p(s, x)``.

    The channels are padded with zero columns to a common number of outputs and stacked;
    every notion is computed on the stack with array operations (in chunks of about 16 MiB
    per stacked array), with the same values as :func:`evaluate` up to rounding.

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

    Returns
    -------
    pandas.DataFrame
        One row per mechanism, in order; the columns of :data:`COLUMNS` with the
        ``sibson_<alpha>`` columns after ``maximal_leakage``.

    Raises
    ------
    ValueError
        As :func:`evaluate`, naming the first bad mechanism (``mechanisms[i]``).

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
    """
    check_base(base)
    p_sx = _check_joint(joint)
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
            _CHUNK_COPIES * max(one, _CHUNK_BYTES),
            what=f"evaluate_many on {n_s} x {n_x} joint with {widest} outputs",
        )
    parts = [pd.DataFrame(_chunk_columns(c, p_sx, x, a, base)) for c in _chunks(mechs, n_x, n_s)]
    head, tail = COLUMNS
    names = [*head, *(sibson_column(v) for v in a), *tail]
    if not parts:
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
    return frame[names]


# -- a stack of joints (resampling), vectorised ----------------------------------------------

#: The columns :func:`_stack_columns` returns: every column of :func:`evaluate_many` that
#: depends on the probabilities of ``p(s, x)`` (not only on its support), besides the Sibson
#: orders.
STACK_COLUMNS: tuple[str, ...] = (
    "mutual_information",
    "maximal_leakage",
    "utility_information",
    "hamming_distortion",
    "numeric_distortion",
    "secret_information",
    "output_entropy",
    "prior_error",
    "data_entropy",
)


@dataclass(frozen=True)
class _Sweep:
    """What :func:`_stack_chunk` reads of a sweep, computed once per call."""

    stack: NDArray[np.float64]  # (n_x, k, n_y)
    h_w: NDArray[np.float64]  # (n_x, k): the entropy of every row of every channel (nats)
    stoch: NDArray[np.intp]
    w_stoch: NDArray[np.float64]  # (n_x, k_st, n_y)
    det_rows: NDArray[np.intp]
    labels: NDArray[np.intp]  # (k_det, n_x)
    codewords: tuple[tuple[int, NDArray[np.float64]], ...]


def _sweep(mechs: Sequence[Mechanism]) -> _Sweep:
    k, n_x = len(mechs), mechs[0].channel.shape[0]
    n_y = max(m.n_y for m in mechs)
    stack = np.zeros((n_x, k, n_y))
    for i, m in enumerate(mechs):
        stack[:, i, : m.n_y] = m.channel
    det = np.array([m.deterministic for m in mechs], dtype=bool)
    stoch, det_rows = np.flatnonzero(~det), np.flatnonzero(det)
    labels = np.array([mechs[int(i)].labels for i in det_rows], dtype=np.intp).reshape(-1, n_x)
    return _Sweep(
        stack=stack,
        h_w=_kernels.entropy_stack(stack),
        stoch=stoch,
        w_stoch=np.ascontiguousarray(stack[:, stoch, :]),
        det_rows=det_rows,
        labels=labels,
        codewords=tuple(
            (i, np.asarray(m.codewords, dtype=np.float64))
            for i, m in enumerate(mechs)
            if m.codewords is not None
        ),
    )


def _stack_chunk(
    sw: _Sweep,
    p: NDArray[np.float64],
    x: NDArray[np.float64] | None,
    alphas: tuple[float, ...],
    ln_b: float,
    base: Base,
) -> dict[str, NDArray[np.float64]]:
    """Evaluate the probability columns of every mechanism on a chunk of joints ``p[b, s, x]``."""
    stack = sw.stack
    n_x, k, n_y = stack.shape
    b, n_s, _ = p.shape
    flat = stack.reshape(n_x, k * n_y)
    p_x = p.sum(axis=1)  # (b, n_x)
    p_sy = (p.reshape(b * n_s, n_x) @ flat).reshape(b, n_s, k, n_y).transpose(0, 2, 1, 3)
    p_y = p_sy.sum(axis=2)  # (b, k, n_y)
    h_y = _kernels.entropy_stack(p_y)
    flat_sy = np.ascontiguousarray(p_sy).reshape(b * k, n_s, n_y)
    col = {name: v.reshape(b, k) for name, v in _leakage_columns(flat_sy, alphas, ln_b).items()}
    # H(Y|X) = sum_x p(x) h(W[x, :]) is linear in p(x).
    col["utility_information"] = np.maximum(h_y - p_x @ sw.h_w, 0.0) / ln_b
    col["output_entropy"] = h_y / ln_b
    best = np.zeros((b, k, n_y))
    stoch, det_rows, labels = sw.stoch, sw.det_rows, sw.labels
    if stoch.size:
        best[:, stoch, :] = (p_x[:, :, None, None] * sw.w_stoch[None]).max(axis=1)
    if det_rows.size:
        idx = (np.arange(b)[:, None, None] * k + det_rows[None, :, None]) * n_y + labels[None]
        vals = np.broadcast_to(p_x[:, None, :], idx.shape)
        flat_best = best.reshape(-1)
        np.maximum.at(flat_best, idx.ravel(), vals.ravel())
    col["hamming_distortion"] = np.maximum(1.0 - best.sum(axis=2), 0.0)
    if x is None:
        col["numeric_distortion"] = np.full((b, k), math.nan)
    else:
        # E[(X - x̂(Y))²] = E[X²] - 2 sum_y x̂_y m1_y + sum_y x̂_y² p(y), m1_y = E[X 1{Y=y}].
        m1 = ((p_x * x) @ flat).reshape(b, k, n_y)
        xhat = np.divide(m1, p_y, out=np.zeros_like(p_y), where=p_y > 0)
        for i, words in sw.codewords:
            xhat[:, i, : words.size] = words
        ex2 = (p_x @ (x * x))[:, None]
        dist = ex2 - 2.0 * (xhat * m1).sum(axis=2) + (xhat * xhat * p_y).sum(axis=2)
        col["numeric_distortion"] = np.maximum(dist, 0.0)
    h_x = _kernels.entropy_stack(p_x)
    ones = np.ones((1, k))
    col["secret_information"] = (_kernels.mutual_information_stack(p) / ln_b)[:, None] * ones
    col["prior_error"] = np.maximum(1.0 - p_x.max(axis=1), 0.0)[:, None] * ones
    col["data_entropy"] = (h_x / ln_b)[:, None] * ones
    return col


def _stack_columns(
    mechanisms: Sequence[Mechanism],
    pmfs: NDArray[np.float64],
    *,
    x_values: NDArray[np.float64] | None = None,
    alphas: tuple[float, ...] = (2.0, 10.0),
    base: Base = 2,
) -> dict[str, NDArray[np.float64]]:
    """Evaluate the probability columns of a sweep on a whole stack of joints at once.

    The resampling kernel of :mod:`nsp.estimate`: ``pmfs[b]`` is the ``b``-th joint
    ``p(s, x)`` (a bootstrap replicate, a leave-one-out table), all on the alphabets of the
    validated ``mechanisms``. Returns, for each name of :data:`STACK_COLUMNS` and each
    ``sibson_<alpha>``, an array ``(n_pmfs, n_mechanisms)`` with the values
    :func:`evaluate_many` gives on each joint (up to rounding; the numeric distortion is
    computed through its moments). The support-based columns (``L0``, ``I*``, the Hartley
    entropies, noiseless ε) and ``ldp_epsilon`` are not computed: the first only see the
    support, the second does not depend on the joint. Nothing is validated here: the caller
    validates the mechanisms, ``x_values`` and ``alphas`` once and passes pmfs it built.
    """
    n_b, n_s, n_x = pmfs.shape
    ln_b = math.log(check_base(base))
    # Mechanisms of similar width together, so that little of the stack is padding.
    order = np.argsort([m.n_y for m in mechanisms], kind="stable")
    out: dict[str, NDArray[np.float64]] = {}
    for start in range(0, order.size, _STACK_GROUP):
        group = order[start : start + _STACK_GROUP]
        sw = _sweep([mechanisms[i] for i in group])
        _, k, n_y = sw.stack.shape
        per = 8 * max(n_s, n_x) * k * n_y  # bytes of the widest per-joint array
        step = max(1, _CHUNK_BYTES // per)
        parts = [
            _stack_chunk(sw, pmfs[i : i + step], x_values, alphas, ln_b, base)
            for i in range(0, n_b, step)
        ]
        for name in parts[0]:
            if name not in out:
                out[name] = np.empty((n_b, order.size))
            out[name][:, group] = np.concatenate([q[name] for q in parts])
    return out
