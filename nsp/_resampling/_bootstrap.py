"""The bootstrap of nsp: resample a count table, evaluate a sweep on every replicate, intervals.

One implementation, used by :func:`nsp.notions.evaluate_many` (``ci=``), by the comparison
(:func:`nsp.notions.evaluate_methods`) and by :mod:`nsp.estimate`:

* :func:`replicate_columns` draws ``n_boot`` multinomial resamples of the count table at once
  and evaluates the columns that depend on the probabilities of ``p(s, x)``
  (:data:`~nsp._resampling._columns.STACK_COLUMNS` and the Sibson orders) on the whole stack with
  the batched kernel :func:`stack_columns`;
* :func:`interval` turns the replicates of one column into the bias-shifted percentile interval
  (centred on a bias-corrected estimate, :func:`jackknife_centres`, where one is given),
  clipped to the column's range: below at 0, above at :func:`upper_bounds`, the largest value
  the column takes for *any* source on these alphabets through this channel (a bound that does
  not depend on the data, so clipping at it never moves an interval away from the truth);
* :func:`with_intervals` writes ``<column>_low`` and ``<column>_high`` beside every measure
  column of a wide table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy import sparse

from nsp import _kernels
from nsp._resampling._columns import (
    CHUNK_BYTES,
    FIXED_COLUMNS,
    SHANNON_COLUMNS,
    leakage_columns,
    sibson_column,
)
from nsp._resampling._mechanism import Mechanism
from nsp._validation import Base, as_counts, check_base
from nsp.joint import Joint

__all__ = [
    "counts_of",
    "interval",
    "replicate_columns",
    "stack_columns",
    "upper_bounds",
    "with_intervals",
]

# Mechanisms per group of similar width in stack_columns.
_STACK_GROUP = 32
# Below this share of nonzero entries a stack of joints is multiplied as a sparse matrix.
_SPARSE = 0.2


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
    flat_t: sparse.csr_array | None  # (k * n_y, n_x): the stack's transpose, when mostly 0


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
        flat_t=_sparse_transpose(stack.reshape(n_x, k * n_y)),
    )


def _sparse_transpose(flat: NDArray[np.float64]) -> sparse.csr_array | None:
    if np.count_nonzero(flat) >= _SPARSE * flat.size:
        return None
    return sparse.csr_array(flat.T)


def _times(a: NDArray[np.float64], sw: _Sweep) -> NDArray[np.float64]:
    """Return ``a @ flat`` (the stack as ``(n_x, k * n_y)``), sparse where most of it is 0.

    The stack of deterministic channels is mostly 0, and so is a stack of joints of a few
    records on many cells; a dense product would multiply zeros.
    """
    if sw.flat_t is not None:
        return np.ascontiguousarray(np.asarray(sw.flat_t @ a.T).T)
    flat = sw.stack.reshape(sw.stack.shape[0], -1)
    if np.count_nonzero(a) < _SPARSE * a.size:
        return np.asarray(sparse.csr_array(a) @ flat)
    return a @ flat


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
    p_x = p.sum(axis=1)  # (b, n_x)
    p_sy = _times(p.reshape(b * n_s, n_x), sw).reshape(b, n_s, k, n_y).transpose(0, 2, 1, 3)
    p_y = p_sy.sum(axis=2)  # (b, k, n_y)
    h_y = _kernels.entropy_stack(p_y)
    flat_sy = np.ascontiguousarray(p_sy).reshape(b * k, n_s, n_y)
    col = {name: v.reshape(b, k) for name, v in leakage_columns(flat_sy, alphas, ln_b).items()}
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
        m1 = _times(p_x * x, sw).reshape(b, k, n_y)
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


def stack_columns(
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
        step = max(1, CHUNK_BYTES // per)
        parts = [
            _stack_chunk(sw, pmfs[i : i + step], x_values, alphas, ln_b, base)
            for i in range(0, n_b, step)
        ]
        for name in parts[0]:
            if name not in out:
                out[name] = np.empty((n_b, order.size))
            out[name][:, group] = np.concatenate([q[name] for q in parts])
    return out


def counts_of(joint: Joint | ArrayLike, *, name: str = "joint") -> NDArray[np.int64]:
    """Return the count table behind ``joint`` (a :class:`~nsp.joint.Joint` or counts).

    A :class:`~nsp.joint.Joint` gives its ``counts``; without them, ``p_sx * n_records`` when
    that is a table of integers (a joint built from records with ``n_records`` given). An
    array is validated as a count table, as :meth:`nsp.joint.Joint.from_counts` does; ``name``
    is the argument the caller was given.
    """
    if not isinstance(joint, Joint):
        return np.array(as_counts(joint, name=name))
    if joint.counts is not None:
        return np.array(joint.counts)
    scaled = joint.p_sx * joint.n_records
    rounded = np.rint(scaled)
    if joint.n_records <= 0 or not np.allclose(scaled, rounded, rtol=0.0, atol=1e-6):
        raise ValueError(
            f"{name} must carry its record counts (counts, or n_records with p_sx * n_records "
            f"integral) to be estimated from; joint {joint.name!r} has n_records="
            f"{joint.n_records} and no counts"
        )
    return rounded.astype(np.int64)


def replicate_columns(
    counts: NDArray[np.int64],
    mechanisms: Sequence[Mechanism],
    *,
    x_values: NDArray[np.float64] | None,
    alphas: tuple[float, ...],
    base: Base,
    n_boot: int,
    seed: int,
) -> dict[str, NDArray[np.float64]]:
    """Evaluate the probability columns on ``n_boot`` multinomial resamples of ``counts``.

    The replicates are ``rng.multinomial(N, counts / N, size=n_boot)`` with
    ``rng = numpy.random.default_rng(seed)``, all drawn at once; returns, per column of
    :func:`stack_columns`, an array ``(n_boot, n_mechanisms)``. Nothing is validated here.
    """
    n = int(counts.sum())
    rng = np.random.default_rng(seed)
    p = counts.reshape(-1) / n
    draws = rng.multinomial(n, p, size=n_boot).reshape(n_boot, *counts.shape) / n
    return stack_columns(mechanisms, draws, x_values=x_values, alphas=alphas, base=base)


def upper_bounds(
    mechanisms: Sequence[Mechanism],
    shape: tuple[int, int],
    *,
    x_values: NDArray[np.float64] | None,
    alphas: tuple[float, ...],
    base: Base,
) -> dict[str, NDArray[np.float64]]:
    """Return the largest value of each probability column for any ``p(s, x)`` here.

    Per mechanism (arrays of length ``k``), in the unit of ``base``; with ``n_s, n_x = shape``
    and ``L(W) = log sum_y max_x W[x, y]`` (the maximal leakage of the channel itself, over
    every row):

    * ``I(S;Y) ≤ I_α(S;Y) ≤ L(S→Y) ≤ min(log n_s, L(W))`` (Sibson's orders grow with α up to
      the maximal leakage; data processing along ``S − X − Y``), which also bounds
      ``I(S;Y) ≤ min(H(S), H(Y))`` whatever the source;
    * ``I(X;Y) ≤ min(log n_x, L(W))``; ``H(Y) ≤ log`` (outputs ``W`` can produce);
      ``I(S;X) ≤ log min(n_s, n_x)``; ``H(X) ≤ log n_x``;
    * the prior and the Bayes error of ``X`` are at most ``1 − 1/n_x``;
    * the MMSE is at most the variance of ``X``, ``≤ (max x − min x)² / 4``; with fixed
      codewords ``c_y``, the squared error is at most ``max (x − c_y)²`` over ``W[x, y] > 0``.
    """
    n_s, n_x = shape
    ln_b = math.log(check_base(base))
    k = len(mechanisms)
    cap_w = np.empty(k)
    n_out = np.empty(k)
    sq = np.full(k, math.inf)
    if x_values is not None:
        sq[:] = float(np.ptp(x_values)) ** 2 / 4.0
    for i, m in enumerate(mechanisms):
        w = m.channel
        cap_w[i] = math.log(float(w.max(axis=0).sum()))
        n_out[i] = np.count_nonzero(w.max(axis=0) > 0)
        if x_values is not None and m.codewords is not None:
            dev = (x_values[:, None] - np.asarray(m.codewords, dtype=np.float64)[None, :]) ** 2
            sq[i] = float(np.max(dev, where=w > 0, initial=0.0))
    leak = np.minimum(math.log(n_s), cap_w) / ln_b
    error = np.full(k, 1.0 - 1.0 / n_x)
    out = {
        "mutual_information": leak,
        "maximal_leakage": leak,
        "utility_information": np.minimum(math.log(n_x), cap_w) / ln_b,
        "hamming_distortion": error,
        "numeric_distortion": sq,
        "secret_information": np.full(k, math.log(min(n_s, n_x)) / ln_b),
        "output_entropy": np.log(n_out) / ln_b,
        "prior_error": error,
        "data_entropy": np.full(k, math.log(n_x) / ln_b),
    }
    out.update({sibson_column(a): leak for a in alphas})
    return out


def interval(
    replicates: NDArray[np.float64],
    point: NDArray[np.float64],
    *,
    level: float,
    high_end: NDArray[np.float64] | float = math.inf,
    centre: NDArray[np.float64] | None = None,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """Return the bias-shifted percentile interval of every mechanism, and the bootstrap SD.

    With replicates ``θ*`` (axis 0) of the plug-in ``θ̂`` (``point``), the interval is
    ``[q_{a/2} − b, q_{1−a/2} − b]``, ``b = mean(θ*) − θ̂`` the bootstrap estimate of the
    plug-in's bias and ``a = 1 − level``, clipped to ``[0, high_end]``: the replicates'
    spread, centred where the plug-in is. With ``centre`` (a bias-corrected estimate ``θ̃``,
    such as the jackknife's), ``b = mean(θ*) − θ̃``: the same spread centred on ``θ̃``. A
    degenerate bootstrap distribution (``q_{a/2} = q_{1−a/2}``: a column locally constant in
    the probabilities, such as the Bayes error of randomized response) estimates no bias: it
    is not shifted, and the interval is the hull of that value and ``θ̂``. Returns
    ``(low, high, se)``, each of the shape of ``point``; NaN where ``point`` is NaN.

    Examples
    --------
    Five of six replicates at the plug-in 0.2: the central half of them is that one value,
    and it is not moved by their mean's excess (the shifted interval would be
    ``[0.183, 0.183]``, excluding the plug-in):

    >>> reps = np.array([[0.2], [0.2], [0.2], [0.2], [0.2], [0.3]])
    >>> low, high, _ = interval(reps, np.array([0.2]), level=0.5)
    >>> low.tolist(), high.tolist()
    ([0.2], [0.2])
    """
    tail = (1.0 - level) / 2.0
    q_lo, q_hi = np.quantile(replicates, [tail, 1.0 - tail], axis=0)
    flat = q_hi - q_lo <= 1e-12 * np.maximum(1.0, np.abs(q_hi))
    target = point if centre is None else centre
    shift = np.where(flat, 0.0, replicates.mean(axis=0) - target)
    q_lo = np.where(flat, np.minimum(q_lo, point), q_lo)
    q_hi = np.where(flat, np.maximum(q_hi, point), q_hi)
    undefined = np.isnan(point)
    low = np.where(undefined, math.nan, np.clip(q_lo - shift, 0.0, high_end))
    high = np.where(undefined, math.nan, np.clip(q_hi - shift, 0.0, high_end))
    return low, high, replicates.std(axis=0, ddof=1)


def jackknife(
    counts: NDArray[np.int64],
    plugin: Mapping[str, NDArray[np.float64]],
    mechanisms: Sequence[Mechanism],
    *,
    x_values: NDArray[np.float64] | None,
    alphas: tuple[float, ...],
    base: Base,
) -> dict[str, NDArray[np.float64]]:
    """Delete-one jackknife of the columns of ``plugin``: one leave-one-out table per seen cell.

    ``plugin[name]`` holds the column's plug-in value per mechanism on ``counts``; returns
    ``N θ̂ − (N − 1) · mean of the leave-one-out values`` (weighted by the cells' counts).
    """
    n = int(counts.sum())
    cells = np.flatnonzero(counts)
    loo = np.repeat(counts.reshape(1, -1).astype(np.float64), cells.size, axis=0)
    loo[np.arange(cells.size), cells] -= 1.0
    loo /= n - 1
    cols = stack_columns(
        mechanisms, loo.reshape(-1, *counts.shape), x_values=x_values, alphas=alphas, base=base
    )
    weights = counts.reshape(-1)[cells] / n
    return {name: n * plugin[name] - (n - 1) * (weights @ cols[name]) for name in plugin}


def jackknife_centres(
    counts: NDArray[np.int64],
    frame: pd.DataFrame,
    mechanisms: Sequence[Mechanism],
    *,
    x_values: NDArray[np.float64] | None,
    alphas: tuple[float, ...],
    base: Base,
) -> dict[str, NDArray[np.float64]]:
    """Return the jackknife estimates the intervals are centred on, from ``frame``'s plug-ins.

    For the Shannon columns and Sibson's I_α of ``alphas`` (the columns whose plug-in bias the
    jackknife corrects); the others are centred on their plug-in. See :func:`with_intervals`.
    """
    corrected = [*SHANNON_COLUMNS, *(sibson_column(a) for a in alphas)]
    return jackknife(
        counts,
        {c: frame[c].to_numpy(dtype=np.float64) for c in corrected},
        mechanisms,
        x_values=x_values,
        alphas=alphas,
        base=base,
    )


def with_intervals(
    frame: pd.DataFrame,
    replicates: Mapping[str, NDArray[np.float64]],
    bounds: Mapping[str, NDArray[np.float64]],
    *,
    columns: Sequence[str],
    level: float,
    centres: Mapping[str, NDArray[np.float64]] | None = None,
) -> pd.DataFrame:
    """Return ``frame`` with ``<column>_low`` and ``<column>_high`` after each of ``columns``.

    A column with replicates gets its :func:`interval` (clipped at ``bounds[column]``),
    centred on ``centres[column]`` where given (a bias-corrected estimate; the interval is
    then widened to hold the frame's own value); a column of
    :data:`~nsp._resampling._columns.FIXED_COLUMNS` (a property of the channel) gets ``low = high
    = `` its value; any other (the support-based columns: no bootstrap interval is valid for
    them) gets NaN. Every other column of ``frame`` keeps its place.
    """
    extra: dict[str, NDArray[np.float64]] = {}
    for name in columns:
        point = frame[name].to_numpy(dtype=np.float64)
        if name in replicates:
            centre = None if centres is None else centres.get(name)
            if centre is not None:
                centre = np.clip(centre, 0.0, bounds.get(name, math.inf))
            low, high, _ = interval(
                replicates[name],
                point,
                level=level,
                high_end=bounds.get(name, math.inf),
                centre=centre,
            )
            if centre is not None:
                low, high = np.fmin(low, point), np.fmax(high, point)
        elif name in FIXED_COLUMNS:
            low, high = point.copy(), point.copy()
        else:
            low = high = np.full(point.shape, math.nan)
        extra[f"{name}_low"], extra[f"{name}_high"] = low, high
    order: list[str] = []
    for name in frame.columns:
        order.append(str(name))
        if name in columns:
            order += [f"{name}_low", f"{name}_high"]
    out = pd.concat([frame, pd.DataFrame(extra, index=frame.index)], axis=1)
    return out[order]
