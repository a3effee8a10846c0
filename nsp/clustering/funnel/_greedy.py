"""The greedy merging algorithms of the privacy funnel (Section IV-A), all incremental.

Three greedy algorithms start from ``Y = X`` and merge two output letters at a time:

=====================================  ============  ==========================================
function                               paper's name  merge taken (among the feasible ones)
=====================================  ============  ==========================================
:func:`greedy_privacy_funnel`          Algorithm 1   largest decrease of I(S;Y), I(X;Y) >= R
:func:`greedy_information_bottleneck`  Algorithm 2   largest decrease of I(X;Y), I(S;Y) >= Δ
:func:`greedy_max_leakage`             Algorithm 2′  smallest decrease of I(S;Y), I(X;Y) >= R
=====================================  ============  ==========================================

The paper's names are aliases: :func:`algorithm1`, :func:`algorithm2`, :func:`algorithm2_prime`;
the ``algorithm=`` values of :func:`nsp.clustering.funnel.funnel_curve` are the function names
(``"greedy_privacy_funnel"``, ...), with the paper's numbers ``"algorithm1"``, ``"algorithm2"``
and ``"algorithm2_prime"`` as aliases. ``nsp.clustering.funnel._reference.greedy_reference`` is
the same search recomputing every candidate from the definitions (the tests' oracle and the
benchmark's baseline).

Conventions
-----------
* Output letters are kept in canonical order (sorted by their smallest member); a merged letter
  takes the slot of the smaller of the two and the other is deleted.
* Feasibility uses ``value_after_merge >= threshold - tol`` (``tol`` in ``base`` units).
* **Ties**: every candidate whose score is within ``tie_tol`` (``base`` units) of the best
  score is tied; the first tied pair ``(k, l)``, ``k < l``, in row-major order over the
  current letters wins.
* Letters with ``p(x) = 0`` are left out of the search and mapped to output letter 0.
* Internally everything is in nats; thresholds are converted once, so that the merge sequence
  does not depend on ``base``.

Where the time goes
-------------------
One run on ``n`` letters builds the ``O(n²)`` pair tables (Proposition 1's costs for every
pair), then merges up to ``n - 1`` times; each merge recomputes one row and one column
(``O(n)``), scans the rows' cached best scores (``O(n)``) and refreshes the few rows whose
cache went out of date (``O(n)`` each). Profiled (cProfile) on the 2 × n tables of
``benchmarks/bench_growth.py``, at 2 × 2,048: the tables take about 0.25 s, the merge loop
0.5 to 1 s (2,000 merges of 0.3 to 0.5 ms, most of it the row refreshes and the scans), so a
sweep of 3 algorithms × 41 thresholds run one threshold at a time (123 runs, about 200,000
merges) took 100 s, and 14 s at 2 × 512. :func:`greedy_sweep` (and
:func:`nsp.clustering.funnel.funnel_curve`, :func:`nsp.notions.funnel_sweep`) runs all the
thresholds of one algorithm at once (:func:`_greedy_sweep`): the tables are built once, and
the thresholds share the merges they have in common (a larger threshold only removes
feasible merges, and neighbouring thresholds part only near the end of the shorter run), so
a sweep of 41 thresholds at 2 × 2,048 takes about 2,200 merges instead of 60,000. What is
left (Algorithm 1 there, 3.3 CPU seconds): the row refreshes (30 %), the copies of the state
where thresholds part (about 40 copies of the two tables, 15 %), building the tables (15 %)
and the merges (15 %).

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.special import xlogy

from nsp import info
from nsp._algorithms import check_algorithm
from nsp._resources import check_memory, progress
from nsp._validation import (
    Base,
    check_base,
    check_bool,
    check_int,
    check_real,
    log_base,
)
from nsp.clustering.funnel._measures import _finite_array, _joint, mapping_from_partition
from nsp.partition import Partition

__all__ = [
    "Algorithm",
    "GreedyResult",
    "greedy_privacy_funnel",
    "greedy_information_bottleneck",
    "greedy_max_leakage",
    "algorithm1",
    "algorithm2",
    "algorithm2_prime",
    "greedy_ratio_funnel",
    "greedy_sweep",
]

#: The ``algorithm=`` values: Algorithm 1, Algorithm 2 as printed, Algorithm 2′ (Note 1), the
#: ratio greedy (not in the paper), and their aliases (the paper's numbers, the short keys;
#: :mod:`nsp._algorithms` maps them).
Algorithm = Literal[
    "greedy_privacy_funnel",
    "greedy_information_bottleneck",
    "greedy_max_leakage",
    "greedy_ratio_funnel",
    "algorithm1",
    "algorithm2",
    "algorithm2_prime",
    "alg1",
    "alg2",
    "alg2prime",
    "ratio",
]

_ALGORITHMS: dict[str, tuple[str, str]] = {
    # name: (objective maximized, constrained quantity)
    "greedy_privacy_funnel": ("dS", "X"),  # max decrease of I(S;Y) s.t. I(X;Y) >= R
    "greedy_information_bottleneck": ("dX", "S"),  # max decrease of I(X;Y) s.t. I(S;Y) >= Delta
    "greedy_max_leakage": ("-dS", "X"),  # min decrease of I(S;Y) s.t. I(X;Y) >= R
    "greedy_ratio_funnel": ("dS/dX", "X"),  # max decrease of I(S;Y) per bit of I(X;Y)
}


def _ratio(d_s: NDArray[Any], d_x: NDArray[Any]) -> NDArray[np.float64]:
    """Score of the ratio greedy: ``d_s / d_x``.

    Where ``d_x <= 0``: ``+inf`` if ``d_s > 0`` (leakage removed at no disclosure cost), else 0.
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(d_x > 0, d_s / np.where(d_x > 0, d_x, 1.0), np.where(d_s > 0, np.inf, 0.0))
    return np.asarray(out, dtype=float)


#: A greedy trace row: step, merged slots k < l, I(X;Y), I(S;Y) (nats), |Y| after the merge.
_TraceRow = tuple[int, int, int, float, float, int]


@dataclass(frozen=True)
class GreedyResult:
    """Output of a greedy merging algorithm.

    Attributes
    ----------
    partition : Partition
        The clusters of X (output letters, canonical order). Zero-mass letters of X join
        output letter 0.
    utility, leakage : float
        I(X;Y) (the disclosure) and I(S;Y) of the output, in ``base`` units (recomputed from
        the output).
    param : float
        R (Algorithms 1 and 2') or Δ (Algorithm 2), in ``base`` units.
    algorithm : str
        The function that ran: ``"greedy_privacy_funnel"``, ``"greedy_information_bottleneck"``,
        ``"greedy_max_leakage"`` or ``"greedy_ratio_funnel"``.
    base : float
        Logarithm base of every number.
    n_x_effective : int
        Number of letters of X with positive mass (the search space).
    trace : pandas.DataFrame or None
        One row per merge: ``step``, ``i``, ``j`` (smallest members of the merged letters),
        ``utility``, ``leakage``, ``n_Y`` after the merge (when asked for).
    """

    partition: Partition
    utility: float
    leakage: float
    param: float
    algorithm: str
    base: float
    n_x_effective: int
    trace: pd.DataFrame | None = None

    @property
    def n_outputs(self) -> int:
        """``|Y|``."""
        return len(self.partition)

    @property
    def groups(self) -> list[list[int]]:
        """Members of each output letter."""
        return [list(c) for c in self.partition.clusters]

    @property
    def mapping(self) -> NDArray[np.float64]:
        """The 0/1 privacy mapping ``P[x, y]`` (``|X| × |Y|``)."""
        return mapping_from_partition(self.partition)


def _finite(name: str, value: object, *, nonneg: bool = False) -> float:
    """Check a threshold or tolerance with :func:`nsp._validation.check_real`.

    The message keeps the wording of earlier releases ("must be a finite number [>= 0]").
    """
    try:
        return check_real(name, value, low=0.0 if nonneg else None)
    except ValueError:
        rule = "a finite number >= 0" if nonneg else "a finite number"
        raise ValueError(f"{name} must be {rule}; got {value!r}") from None


def _prepare(
    p_sx: ArrayLike,
    algorithm: str,
    params: Sequence[float],
    base: Base,
    tol: float,
    tie_tol: float,
    *,
    name: str,
    max_merges: int | None = None,
) -> tuple[NDArray[np.float64], NDArray[np.intp], NDArray[np.float64], NDArray[np.float64]]:
    """Validate the inputs of greedy runs at the thresholds ``params`` (``name``: their name).

    ``algorithm`` is a descriptive name (public callers resolve aliases first).
    """
    p = _joint(p_sx)
    lb = log_base(base)
    params = [_finite(name, param) for param in params]
    tol = _finite("tol", tol, nonneg=True)
    _finite("tie_tol", tie_tol, nonneg=True)
    if max_merges is not None:
        check_int("max_merges", max_merges, low=0)
    p_x = p.sum(axis=0)
    support = np.flatnonzero(p_x > 0)
    a_s = np.ascontiguousarray(p[:, support].T)  # one row per letter: P(S, X=x)
    mass = p_x[support]
    h_x = info.entropy(mass, base=math.e)
    i_sx = info.mutual_information(p, 0, 1, base=math.e)
    _, constraint = _ALGORITHMS[algorithm]
    for param in params:
        if constraint == "X" and param * lb > h_x + tol * lb:
            raise ValueError(
                f"R must be <= H(X) = {h_x / lb:.6g} ({name} = {param:g} is infeasible)"
            )
        if constraint == "S" and param * lb > i_sx + tol * lb:
            raise ValueError(
                f"delta must be <= I(S;X) = {i_sx / lb:.6g} ({name} = {param:g} is infeasible)"
            )
    return p, support, a_s, mass


def _finish(
    p: NDArray[np.float64],
    support: NDArray[np.intp],
    slot_of: NDArray[np.intp],
    algorithm: str,
    param: float,
    base: Base,
    trace_rows: list[_TraceRow] | None,
) -> GreedyResult:
    n_x = p.shape[1]
    labels = np.zeros(n_x, dtype=np.intp)
    labels[support] = support[slot_of]  # label = smallest member (support index -> x)
    if support.size < n_x:
        zero = np.setdiff1d(np.arange(n_x), support)
        labels[zero] = labels[support[0]]  # join output letter 0
    part = Partition.from_labels(labels)
    agg = part.aggregate(p, axis=1)
    lb = log_base(base)
    i_xy = info.entropy(agg.sum(axis=0), base=base)  # deterministic Y: I(X;Y) = H(Y)
    i_sy = info.mutual_information(agg, 0, 1, base=base)
    trace = None
    if trace_rows is not None:
        trace = pd.DataFrame(trace_rows, columns=["step", "i", "j", "utility", "leakage", "n_Y"])
        if len(trace):
            trace[["i", "j"]] = support[trace[["i", "j"]].to_numpy()]
        trace[["utility", "leakage"]] /= lb
    return GreedyResult(
        partition=part,
        utility=max(i_xy, 0.0) + 0.0,
        leakage=max(i_sy, 0.0) + 0.0,
        param=float(param),
        algorithm=algorithm,
        base=float(check_base(base)),
        n_x_effective=int(support.size),
        trace=trace,
    )


#: Alphabets of at least this many letters show a progress bar over the merges (after two
#: seconds); smaller runs finish before a bar would appear.
_PROGRESS_LETTERS = 200


def _greedy_nbytes(n: int, n_s: int, *, copies: int = 0) -> float:
    """Peak memory of the incremental greedy on ``n`` letters and ``n_s`` secrets, in bytes.

    The initial pair tables: ``d_x``, ``d_s`` and two ``n x n`` temporaries (merged masses and
    their ``xlogy``), then the feasibility mask and the masked scores (one ``n x n`` float and
    one boolean), plus the chunk of the ``d_s`` broadcast (at most 2·10⁶ entries and its
    ``xlogy``) and the letters' joint rows; a sweep over several thresholds adds ``copies``
    snapshots of the two pair tables (:func:`_greedy_sweep` keeps at most ``log2`` of the
    number of thresholds alive).
    """
    chunk = min(max(2_000_000, n * n_s), n * n * n_s)
    return (
        8.0 * 4 * n * n
        + 1.0 * n * n
        + 8.0 * 2 * chunk
        + 8.0 * 2 * n * n_s
        + 8.0 * 2 * copies * n * n
    )


@dataclass
class _State:
    """The threshold-free state of a greedy run (nats): what every threshold on it shares.

    ``a_s[k]`` is ``P(S, y_k)``, ``mass[k]`` its mass, ``mlm[k] = mass log mass``, ``hs[k] =
    p(y_k) H(S | y_k)``; ``obj[k, m]`` and ``con[k, m]`` (``k < m``, read in the upper triangle
    only) are the score maximized and the decrease of the constrained information of merging
    slots ``k`` and ``m`` (Proposition 1). None of it depends on the threshold.
    """

    a_s: NDArray[Any]
    mass: NDArray[Any]
    mlm: NDArray[Any]
    hs: NDArray[Any]
    act: NDArray[np.bool_]
    slot_of: NDArray[np.intp]
    obj: NDArray[Any]
    con: NDArray[Any]
    n_act: int
    step: int
    trace: list[_TraceRow] | None

    def copy(self) -> _State:
        """Return an independent copy (a snapshot where two thresholds part)."""
        return _State(
            self.a_s.copy(),
            self.mass.copy(),
            self.mlm.copy(),
            self.hs.copy(),
            self.act.copy(),
            self.slot_of.copy(),
            self.obj.copy(),
            self.con.copy(),
            self.n_act,
            self.step,
            None if self.trace is None else list(self.trace),
        )


@dataclass
class _Cache:
    """One threshold's cache over the rows of a :class:`_State`: best feasible score per row.

    ``best_val[k]`` and ``best_col[k]`` are the best feasible score of row ``k`` (pairs
    ``(k, m)``, ``m > k``) and its column (``-1`` if none); ``dirty[k]`` marks a row whose cache
    is out of date, where ``best_val[k]`` is only an upper bound.
    """

    best_val: NDArray[np.float64]
    best_col: NDArray[np.intp]
    dirty: NDArray[np.bool_]

    def copy(self) -> _Cache:
        """Return an independent copy."""
        return _Cache(self.best_val.copy(), self.best_col.copy(), self.dirty.copy())


def _scores(
    objective: str, d_s: NDArray[Any], d_x: NDArray[Any]
) -> tuple[NDArray[Any], NDArray[Any]]:
    """Return ``(obj, con)``, the score maximized and the constrained decrease, from the costs.

    May reuse (and overwrite) ``d_s``.
    """
    if objective == "dS":
        return d_s, d_x
    if objective == "dX":
        return d_x, d_s
    if objective == "dS/dX":
        return _ratio(d_s, d_x), d_x
    return np.negative(d_s, out=d_s), d_x  # "-dS"


def _pair_tables(
    a_s: NDArray[np.float64], mass: NDArray[np.float64], objective: str, *, record: bool
) -> _State:
    """Return the state ``Y = X``: every pair's costs (Proposition 1), the ``O(n²)`` part."""
    n = a_s.shape[0]
    a_s = a_s.copy()
    mass = mass.astype(float).copy()
    mlm = xlogy(mass, mass)
    hs = mlm - xlogy(a_s, a_s).sum(axis=1)  # p(y) H(S | y), nats
    big = mass[:, None] + mass[None, :]
    big_mlm = xlogy(big, big)
    d_x = big_mlm - mlm[:, None] - mlm[None, :]
    d_s = np.zeros((n, n))
    chunk = max(1, int(2_000_000 // max(1, n * a_s.shape[1])))
    for r0 in range(0, n, chunk):  # only the upper triangle (k < m) is ever read
        r1 = min(n, r0 + chunk)
        b = a_s[r0:r1, None, :] + a_s[None, r0:, :]
        d_s[r0:r1, r0:] = (
            big_mlm[r0:r1, r0:] - xlogy(b, b).sum(axis=-1) - hs[r0:r1, None] - hs[None, r0:]
        )
    del big, big_mlm
    np.maximum(d_s, 0.0, out=d_s)
    np.maximum(d_x, 0.0, out=d_x)
    obj, con = _scores(objective, d_s, d_x)
    del d_s
    return _State(
        a_s=a_s,
        mass=mass,
        mlm=mlm,
        hs=hs,
        act=np.ones(n, dtype=bool),
        slot_of=np.arange(n),
        obj=obj,
        con=con,
        n_act=n,
        step=0,
        trace=[] if record else None,
    )


def _informations(st: _State, h_s: float) -> tuple[float, float]:
    """Return I(X;Y) and I(S;Y) of the current output, in nats."""
    return -float(st.mlm[st.act].sum()), h_s - float(st.hs[st.act].sum())


def _refresh(st: _State, cache: _Cache, rows: NDArray[np.intp], slack: float) -> None:
    """Recompute the cache of ``rows`` exactly: best feasible score (``con <= slack``), column."""
    if rows.size == 0:
        return
    cols = np.arange(st.act.size)
    ok = (st.con[rows] <= slack) & st.act[None, :] & (cols[None, :] > rows[:, None])
    vals = np.where(ok, st.obj[rows], -np.inf)
    idx = vals.argmax(axis=1)
    bv = vals[np.arange(rows.size), idx]
    cache.best_val[rows] = bv
    cache.best_col[rows] = np.where(bv > -np.inf, idx, -1)
    cache.dirty[rows] = False


def _build_cache(st: _State, slack: float) -> _Cache:
    """Return the exact cache of every active row for ``slack`` (by chunks of rows)."""
    n = st.act.size
    cache = _Cache(np.full(n, -np.inf), np.full(n, -1, dtype=np.intp), np.zeros(n, dtype=bool))
    rows = np.flatnonzero(st.act)
    chunk = max(1, 2_000_000 // max(1, n))
    for r0 in range(0, rows.size, chunk):
        _refresh(st, cache, rows[r0 : r0 + chunk], slack)
    return cache


def _pick(st: _State, cache: _Cache, slack: float, tie_tol: float) -> tuple[int, int, float] | None:
    """Return the merge ``(k, m, top)`` the rules take at ``slack``, or None (no feasible merge).

    ``top`` is the best feasible score; the merge is the first pair in row-major order that is
    feasible (``con <= slack``) and scores at least ``top - tie_tol``. Out-of-date rows are
    recomputed only when their bound reaches ``top - tie_tol``.
    """
    con, obj, act = st.con, st.obj, st.act
    best_val, best_col, dirty = cache.best_val, cache.best_col, cache.dirty
    # an exact row whose best pair became infeasible keeps its score as an upper bound
    rows = np.flatnonzero(~dirty & (best_col >= 0))
    if rows.size:
        dirty[rows[con[rows, best_col[rows]] > slack]] = True
    # refresh the out-of-date rows whose bound reaches the best exact score (minus
    # tie_tol), until none does: then every out-of-date row scores < top - tie_tol, so it
    # can be neither the best nor tied with it, and the pick below is the eager one's
    while True:
        exact = best_val[~dirty]
        top = float(exact.max()) if exact.size else -np.inf
        redo = np.flatnonzero(dirty & (best_val >= top - tie_tol))
        if redo.size == 0:
            break
        _refresh(st, cache, redo, slack)
    if top == -np.inf:
        return None  # stopping rule: no merge keeps the constraint
    k = int(np.argmax(best_val >= top - tie_tol))
    cols = np.flatnonzero(act[k + 1 :]) + k + 1
    ok = (con[k, cols] <= slack) & (obj[k, cols] >= top - tie_tol)
    if not ok.any():  # cannot happen with tie_tol >= 0: row k holds a pair scoring `top`
        raise RuntimeError(f"no allowed merge in row {k} of the greedy search (internal error)")
    return k, int(cols[np.argmax(ok)]), top


def _followers(
    st: _State, cache: _Cache, pick: tuple[int, int, float], slacks: NDArray[np.float64]
) -> NDArray[np.bool_]:
    """Which tighter thresholds (``slacks`` <= the lead's) surely take the lead's merge too.

    A tighter threshold's feasible pairs are a subset of the lead's. If the merge ``(k, m)``
    is feasible for it and so is a pair scoring the lead's best ``top``, its best is ``top``,
    its tied pairs are the lead's that it allows, and the first of them is ``(k, m)``. When
    ``(k, m)`` itself scores ``top``, the second condition is the first. A threshold not shown
    to follow this way is split off (it may still take the same merge: it then finds it alone).
    """
    k, m, top = pick
    feasible = st.con[k, m] <= slacks
    if st.obj[k, m] >= top:
        return np.asarray(feasible)
    row = int(np.argmax(np.where(cache.dirty, -np.inf, cache.best_val)))  # an exact row at top
    col = int(cache.best_col[row])
    c_top = st.con[row, col] if col >= 0 and st.obj[row, col] >= top else np.inf
    return np.asarray(feasible & (c_top <= slacks))


def _merge(
    st: _State, k: int, m: int, objective: str, h_s: float
) -> (
    tuple[NDArray[np.bool_], NDArray[np.intp], NDArray[np.intp], NDArray[Any], NDArray[Any]] | None
):
    """Merge slot ``m`` into slot ``k < m`` and recompute the pairs of ``k`` (Proposition 1).

    Returns ``(lo, r_lo, r_hi, new_obj, new_con)`` (the other active slots below and above
    ``k``, and their new scores with ``k``), or None if no other slot is left.
    """
    st.a_s[k] += st.a_s[m]
    st.mass[k] += st.mass[m]
    st.act[m] = False
    st.slot_of[st.slot_of == m] = k
    st.mlm[k] = xlogy(st.mass[k], st.mass[k])
    st.hs[k] = st.mlm[k] - float(xlogy(st.a_s[k], st.a_s[k]).sum())
    st.n_act -= 1
    st.step += 1
    if st.trace is not None:
        i_xy, i_sy = _informations(st, h_s)
        st.trace.append((st.step, k, m, i_xy, i_sy, st.n_act))
    # the pairs that involve the merged letter
    others = np.flatnonzero(st.act)
    others = others[others != k]
    if others.size == 0:
        return None
    mo = st.mass[others] + st.mass[k]
    mo_mlm = xlogy(mo, mo)
    new_dx = np.maximum(mo_mlm - st.mlm[others] - st.mlm[k], 0.0)
    b = st.a_s[others] + st.a_s[k]
    new_ds = np.maximum(mo_mlm - xlogy(b, b).sum(axis=1) - st.hs[others] - st.hs[k], 0.0)
    new_obj, new_con = _scores(objective, new_ds, new_dx)
    lo = others < k
    r_lo, r_hi = others[lo], others[~lo]
    st.obj[r_lo, k], st.con[r_lo, k] = new_obj[lo], new_con[lo]
    st.obj[k, r_hi], st.con[k, r_hi] = new_obj[~lo], new_con[~lo]
    return lo, r_lo, r_hi, new_obj, new_con


def _update_cache(
    st: _State,
    cache: _Cache,
    k: int,
    m: int,
    merged: tuple[NDArray[np.bool_], NDArray[np.intp], NDArray[np.intp], NDArray[Any], NDArray[Any]]
    | None,
    slack: float,
) -> None:
    """Update a cache after the merge of ``m`` into ``k`` (``slack``: the one after it).

    A row whose cached best column changed keeps column k if its new score is at least the old
    best (every other column scored at most that); a row whose best disappeared, fell below,
    or became infeasible keeps its old score as an *upper bound* (``dirty``) and is recomputed
    only when that bound reaches the best exact score minus ``tie_tol`` (:func:`_pick`).
    """
    best_val, best_col, dirty = cache.best_val, cache.best_col, cache.dirty
    best_val[m], best_col[m], dirty[m] = -np.inf, -1, False
    if merged is None:
        return
    lo, r_lo, r_hi, new_obj, new_con = merged
    _refresh(st, cache, np.array([k]), slack)  # row k: every pair is new
    # rows between k and m that lost their best column m (column k is not in them):
    # their old score bounds what is left
    mid = r_hi[r_hi < m]
    dirty[mid[best_col[mid] == m]] = True
    # rows above k: column k changed, column m is gone
    v = np.where(new_con[lo] <= slack, new_obj[lo], -np.inf)  # -inf: infeasible
    bv, bc, dr = best_val[r_lo], best_col[r_lo], dirty[r_lo]
    lost = ~dr & ((bc == k) | (bc == m))
    # an exact row takes column k when it beats the cached best (ties: smaller column);
    # a row that lost its best column takes k if k scores at least the lost score (every
    # other column scored at most that), else it goes out of date with that bound
    take = ~dr & (v > -np.inf) & np.where(lost, v >= bv, (v > bv) | ((v == bv) & (k < bc)))
    stale = lost & ~take
    best_val[r_lo[take]] = v[take]
    best_col[r_lo[take]] = k
    dirty[r_lo[stale]] = True
    # an out-of-date row's bound must cover the new score of column k
    raise_ub = dr & (v > bv)
    best_val[r_lo[raise_ub]] = v[raise_ub]


#: One finished run of :func:`_greedy_sweep`: the slot of every letter, and the trace.
_Run = tuple[NDArray[np.intp], list[_TraceRow] | None]

#: A group of thresholds at one state: the state, the thresholds' indices (the lead, the
#: loosest, first) and the lead's cache.
_Group = tuple[_State, NDArray[np.intp], _Cache]


def _greedy_sweep(
    a_s: NDArray[np.float64],
    mass: NDArray[np.float64],
    *,
    algorithm: str,
    thresholds: NDArray[np.float64],
    tol: float,
    tie_tol: float,
    max_merges: int | None,
    record: bool,
) -> list[_Run]:
    """Run the cached greedy loop at every threshold (all in nats); one ``_Run`` per threshold.

    A larger threshold only removes feasible merges, so runs at different thresholds take the
    same merges until one of them cannot; they share that prefix. The thresholds form groups
    at one state each (at first: one group, all thresholds, at ``Y = X``). A group's *lead*,
    its loosest threshold, runs the greedy loop with its cache (:func:`_pick`,
    :func:`_update_cache`); every other threshold of the group follows the lead's merge when
    :func:`_followers` proves that its own pick is the same. The thresholds that are not shown
    to follow leave as a new group with a copy of the state (before the merge) and a fresh
    cache for their own lead; a group whose lead has no feasible merge is finished. Every
    threshold thus takes exactly the merges of its own run (the same picks, ties and stops),
    while the ``O(n²)`` pair tables are built once and at most ``len(thresholds) - 1`` copies
    are made. The smaller group of a split runs first and the larger waits, so at most
    ``log2(len(thresholds))`` copies are alive at once.

    State of a cache: ``obj[k, m]`` (score maximized) and ``con[k, m]`` (decrease of the
    constrained information) for active slots ``k < m``; for every row ``k`` the best feasible
    score ``best_val[k]`` and its column. A merge changes only the pairs containing the merged
    letter (Proposition 1): one row and one column are recomputed (vectorized). A row whose
    cached best column changed keeps column k if its new score is at least the old best (every
    other column scored at most that); a row whose best disappeared, fell below, or became
    infeasible keeps its old score as an *upper bound* and is recomputed only when that bound
    reaches the best exact score minus ``tie_tol`` (the slack only shrinks, so bounds stay
    valid). The pick (best score, ties, row-major order) is therefore exactly that of the
    naive search. Without the lazy refresh, Algorithm 2 (dX grows with the mass of a letter,
    so the letter just merged is most rows' best partner) recomputed hundreds of rows per
    merge.
    """
    n = a_s.shape[0]
    objective, constraint = _ALGORITHMS[algorithm]
    thr = np.asarray(thresholds, dtype=float).ravel()
    p_s = a_s.sum(axis=0)
    h_s = -float(xlogy(p_s, p_s).sum())

    def slacks(st: _State, members: NDArray[np.intp]) -> NDArray[np.float64]:
        # the slack of each threshold: cur - thr + tol, cur the constrained information
        cur = -float(st.mlm[st.act].sum()) if constraint == "X" else _informations(st, h_s)[1]
        return np.asarray(cur - thr[members] + tol)

    runs: list[_Run | None] = [None] * thr.size

    def finish(st: _State, members: NDArray[np.intp]) -> None:
        for b in members:
            runs[b] = (st.slot_of.copy(), None if st.trace is None else list(st.trace))

    root = _pair_tables(a_s, mass, objective, record=record)
    members = np.argsort(thr, kind="stable")  # the lead (smallest threshold) first
    stack: list[_Group] = [(root, members, _build_cache(root, float(slacks(root, members)[0])))]
    bar = iter(
        progress(
            itertools.count(),
            desc=f"greedy {algorithm} merges",
            total=n - 1 if thr.size == 1 else None,
            unit="merge",
            enabled=False if n < _PROGRESS_LETTERS else None,
        )
    )
    while stack:
        st, members, cache = stack.pop()
        slack = slacks(st, members)
        while True:
            if st.n_act <= 1 or (max_merges is not None and st.step >= max_merges):
                finish(st, members)
                break
            next(bar, None)  # one tick per merge considered
            pick = _pick(st, cache, float(slack[0]), tie_tol)
            if pick is None:
                finish(st, members)  # tighter thresholds have no feasible merge either
                break
            split: _Group | None = None
            if members.size > 1:
                follow = _followers(st, cache, pick, slack[1:])
                if not follow.all():
                    left = members[1:][~follow]
                    members = np.concatenate([members[:1], members[1:][follow]])
                    # the lead's cache holds for a tighter threshold: an exact row whose
                    # best pair it still allows is exact, the others' scores are bounds
                    left_cache = cache.copy()
                    if _pick(st, left_cache, float(slack[1:][~follow][0]), tie_tol) is None:
                        finish(st, left)  # the split-off lead stops here
                    else:
                        split = (st.copy(), left, left_cache)
            k, m, _ = pick
            merged = _merge(st, k, m, objective, h_s)
            slack = slacks(st, members)
            _update_cache(st, cache, k, m, merged, float(slack[0]))
            if split is not None:
                if split[1].size <= members.size:  # the smaller group first
                    stack.append((st, members, cache))
                    st, members, cache = split
                    slack = slacks(st, members)
                else:
                    stack.append(split)
    close = getattr(bar, "close", None)
    if close is not None:
        close()
    done = [run for run in runs if run is not None]
    if len(done) != thr.size:  # every threshold ends in exactly one group
        raise RuntimeError("a threshold of the greedy sweep did not finish (internal error)")
    return done


def _greedy_incremental(
    a_s: NDArray[np.float64],
    mass: NDArray[np.float64],
    *,
    algorithm: str,
    thr: float,
    tol: float,
    tie_tol: float,
    max_merges: int | None,
    record: bool,
) -> tuple[NDArray[np.intp], list[_TraceRow] | None]:
    """Run the cached greedy loop at one threshold ``thr`` (nats): :func:`_greedy_sweep`."""
    (run,) = _greedy_sweep(
        a_s,
        mass,
        algorithm=algorithm,
        thresholds=np.array([thr], dtype=float),
        tol=tol,
        tie_tol=tie_tol,
        max_merges=max_merges,
        record=record,
    )
    return run


def _tie_scale(algorithm: str, tie_tol: float, lb: float) -> float:
    """``tie_tol`` in the units of the score: nats, or none for the ratio greedy's ratios."""
    return float(tie_tol) if _ALGORITHMS[algorithm][0] == "dS/dX" else float(tie_tol) * lb


def _run_sweep(
    p_sx: ArrayLike,
    params: Sequence[float],
    algorithm: str,
    *,
    base: Base,
    tol: float,
    tie_tol: float,
    return_trace: bool,
    max_merges: int | None = None,
    name: str = "param",
) -> list[GreedyResult]:
    """Validate, run a greedy algorithm at every threshold of ``params`` at once, and finish."""
    p, support, a_s, mass = _prepare(
        p_sx, algorithm, params, base, tol, tie_tol, name=name, max_merges=max_merges
    )
    return_trace = check_bool("return_trace", return_trace)
    n, n_s = a_s.shape
    copies = int(math.log2(len(params))) if len(params) > 1 else 0
    check_memory(
        _greedy_nbytes(n, n_s, copies=copies),
        what=f"the greedy funnel on {n} letters and {n_s} secrets",
    )
    values = [float(t) for t in params]
    lb = log_base(base)
    runs = _greedy_sweep(
        a_s,
        mass,
        algorithm=algorithm,
        thresholds=np.array([t * lb for t in values], dtype=float),
        tol=tol * lb,
        tie_tol=_tie_scale(algorithm, tie_tol, lb),
        max_merges=max_merges,
        record=return_trace,
    )
    return [
        _finish(p, support, slot_of, algorithm, t, base, trace)
        for t, (slot_of, trace) in zip(values, runs, strict=True)
    ]


def _run(
    p_sx: ArrayLike,
    param: float,
    algorithm: str,
    *,
    base: Base,
    tol: float,
    tie_tol: float,
    return_trace: bool,
    max_merges: int | None = None,
    name: str = "param",
) -> GreedyResult:
    (res,) = _run_sweep(
        p_sx,
        [param],
        algorithm,
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        max_merges=max_merges,
        name=name,
    )
    return res


def greedy_privacy_funnel(
    p_sx: ArrayLike,
    r: float,
    *,
    base: Base = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    return_trace: bool = False,
    max_merges: int | None = None,
) -> GreedyResult:
    """Algorithm 1 (greedy privacy funnel): minimize I(S;Y) subject to I(X;Y) >= R.

    Starts from ``Y = X`` and, while some merge of two output letters keeps
    ``I(X;Y) >= R``, performs the feasible merge with the largest decrease of I(S;Y)
    (Proposition 1's costs, cached; only the pairs of the merged letter are recomputed).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S (axis 0) and X (axis 1).
    r : float
        Disclosure target R in ``base`` units, ``R <= H(X)``; ``R <= 0`` merges everything.
    base : float or {"e", "nats", "bits"}
        Logarithm base of R, tol and the outputs.
    tol : float
        Feasibility tolerance (finite, ``>= 0``): a merge is feasible if ``I(X;Y') >= R - tol``.
    tie_tol : float
        Tie tolerance (finite, ``>= 0``): scores within ``tie_tol`` of the best are tied; the
        first pair in row-major order wins.
    return_trace : bool
        Record every merge in ``result.trace``.
    max_merges : int, optional
        Stop after this many merges (for timing and inspection).

    Returns
    -------
    GreedyResult
        The partition of X found, its I(X;Y) and I(S;Y), and the trace if asked for.

    Raises
    ------
    MemoryError
        If the pair tables (about ``33 n^2`` bytes for ``n`` letters) would exceed 80 % of the
        available memory (a ``LargeInputWarning`` above 25 %). Alphabets of 200 letters or
        more show a progress bar over the merges once a run exceeds two seconds.
    ValueError
        If ``p_sx`` is not a 2-D pmf, ``r`` is not finite, ``tol`` or ``tie_tol`` is not a
        finite number ``>= 0``, or ``R > H(X)`` (no mapping can disclose more than H(X)).

    See Also
    --------
    greedy_max_leakage : Algorithm 2 read as in Note 1.
    greedy_ratio_funnel : A greedy by leakage per bit of disclosure.
    funnel_curve : This algorithm over a grid of thresholds.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Algorithm 1.

    Examples
    --------
    The worked example E1 (S = parity of a uniform X): perfect privacy at one bit of
    disclosure.

    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> res = greedy_privacy_funnel(p, 1.0)
    >>> res.groups, res.utility, res.leakage
    ([[0, 1], [2, 3]], 1.0, 0.0)
    """
    return _run(
        p_sx,
        r,
        "greedy_privacy_funnel",
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        max_merges=max_merges,
        name="r",
    )


def greedy_information_bottleneck(
    p_sx: ArrayLike,
    delta: float,
    *,
    base: Base = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    return_trace: bool = False,
    max_merges: int | None = None,
) -> GreedyResult:
    """Algorithm 2 as printed (greedy information bottleneck): min I(X;Y) s.t. I(S;Y) >= Δ.

    While some merge keeps ``I(S;Y) >= Δ``, performs the feasible merge with the largest
    decrease of I(X;Y). The paper uses it for the top curve of Fig. 1; Note 1's words
    describe :func:`greedy_max_leakage` instead (see ``docs/papers/privacy_funnel.md``).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    delta : float
        Leakage floor Δ in ``base`` units, ``Δ <= I(S;X)``; ``Δ <= 0`` merges everything.
    base, tol, tie_tol, return_trace, max_merges
        As in :func:`greedy_privacy_funnel`.

    Returns
    -------
    GreedyResult
        The partition of X found, its I(X;Y) and I(S;Y), and the trace if asked for.

    Raises
    ------
    MemoryError
        If the pair tables (about ``33 n^2`` bytes for ``n`` letters) would exceed 80 % of the
        available memory (a ``LargeInputWarning`` above 25 %). Alphabets of 200 letters or
        more show a progress bar over the merges once a run exceeds two seconds.
    ValueError
        If ``Δ > I(S;X)`` (infeasible), or as in :func:`greedy_privacy_funnel`.

    See Also
    --------
    greedy_privacy_funnel : Algorithm 1.
    greedy_max_leakage : Algorithm 2 read as in Note 1.
    alternating_iteration : The information bottleneck's alternating iteration.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Algorithm 2.

    Examples
    --------
    The worked example E1: with Δ = 1 the output is Y = S.

    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> res = greedy_information_bottleneck(p, 1.0)
    >>> res.groups, res.utility, res.leakage
    ([[0, 2], [1, 3]], 1.0, 1.0)
    """
    return _run(
        p_sx,
        delta,
        "greedy_information_bottleneck",
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        max_merges=max_merges,
        name="delta",
    )


def greedy_max_leakage(
    p_sx: ArrayLike,
    r: float,
    *,
    base: Base = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    return_trace: bool = False,
    max_merges: int | None = None,
) -> GreedyResult:
    """Algorithm 2' (Note 1's reading): a local *maximum* of I(S;Y) subject to I(X;Y) >= R.

    Same loop as Algorithm 1, but among the feasible merges it takes the one with the
    *smallest* decrease of I(S;Y) (the agglomerative IB of Slonim and Tishby). Not printed in
    the paper: it is what Note 1 says Algorithm 2 computes (a local maximum of I(S;Y) at a
    given I(X;Y) >= R).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    r : float
        Disclosure target R in ``base`` units, ``R <= H(X)``; ``R <= 0`` merges everything.
    base, tol, tie_tol, return_trace, max_merges
        As in :func:`greedy_privacy_funnel`.

    Returns
    -------
    GreedyResult
        The partition of X found, its I(X;Y) and I(S;Y), and the trace if asked for.

    Raises
    ------
    MemoryError
        If the pair tables (about ``33 n^2`` bytes for ``n`` letters) would exceed 80 % of the
        available memory (a ``LargeInputWarning`` above 25 %). Alphabets of 200 letters or
        more show a progress bar over the merges once a run exceeds two seconds.
    ValueError
        As in :func:`greedy_privacy_funnel`.

    See Also
    --------
    greedy_information_bottleneck : Algorithm 2 as printed.
    greedy_privacy_funnel : Algorithm 1.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Algorithm 2 and Note 1.

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> res = greedy_max_leakage(p, 1.0)
    >>> res.groups, res.utility, res.leakage
    ([[0, 2], [1, 3]], 1.0, 1.0)
    """
    return _run(
        p_sx,
        r,
        "greedy_max_leakage",
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        max_merges=max_merges,
        name="r",
    )


def greedy_ratio_funnel(
    p_sx: ArrayLike,
    r: float,
    *,
    base: Base = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    return_trace: bool = False,
    max_merges: int | None = None,
) -> GreedyResult:
    """Ratio greedy (not in the paper): least leakage kept per bit of disclosure given up.

    Same loop and stopping rule as Algorithm 1 (merge while some merge keeps
    ``I(X;Y) >= R``), but among the feasible merges it takes the one with the largest ratio
    ``ΔI(S;Y) / ΔI(X;Y)`` of Proposition 1's costs: the decrease of leakage bought per unit of
    disclosure lost. Equivalently, it minimizes the disclosure lost per unit of leakage
    removed, where Algorithm 1 maximizes the leakage removed, whatever the disclosure it
    costs. A merge with ``ΔI(X;Y) = 0`` (possible only through rounding: two letters of
    positive mass always lose disclosure when merged) scores ``+inf`` if it removes leakage
    and ``0`` otherwise. An improvement on the paper's algorithms, not one of them.

    Ties are common: merging two letters whose conditionals of S have disjoint supports costs
    as much leakage as disclosure, a ratio of exactly 1 (the largest possible). Which tied pair
    comes first is decided by the tie rule (the first pair within ``tie_tol`` of the best
    ratio), which absorbs rounding: on the census at ``R = 2`` bits these closed forms and
    costs recomputed from the joints both give 0.0444 bit of leakage. With no tolerance,
    rounding at the 1e-13 level would pick among the tied pairs, and the path would depend on
    how the costs are evaluated (0.09 to 0.12 bit there).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S (axis 0) and X (axis 1).
    r : float
        Disclosure target R in ``base`` units, ``R <= H(X)``; ``R <= 0`` merges everything.
    base, tol
        As in :func:`greedy_privacy_funnel`.
    tie_tol : float
        Tie tolerance on the ratio (dimensionless, finite, ``>= 0``): ratios within
        ``tie_tol`` of the best are tied and the first pair in row-major order wins.
    return_trace, max_merges
        As in :func:`greedy_privacy_funnel`.

    Returns
    -------
    GreedyResult
        The partition of X found, its I(X;Y) and I(S;Y), and the trace if asked for
        (``algorithm == "greedy_ratio_funnel"``).

    Raises
    ------
    MemoryError
        If the pair tables (about ``33 n^2`` bytes for ``n`` letters) would exceed 80 % of the
        available memory (a ``LargeInputWarning`` above 25 %). Alphabets of 200 letters or
        more show a progress bar over the merges once a run exceeds two seconds.
    ValueError
        As in :func:`greedy_privacy_funnel`.

    See Also
    --------
    greedy_privacy_funnel : Algorithm 1, by leakage alone.
    funnel_curve : A greedy algorithm over its threshold.

    References
    ----------
    .. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to the
       privacy funnel", IEEE ITW 2014, Algorithm 1 (the loop) and Proposition 1 (the costs).

    Examples
    --------
    The worked example E1 (S = parity of a uniform X): perfect privacy at one bit.

    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> res = greedy_ratio_funnel(p, 1.0)
    >>> res.groups, res.utility, res.leakage
    ([[0, 1], [2, 3]], 1.0, 0.0)
    """
    return _run(
        p_sx,
        r,
        "greedy_ratio_funnel",
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        max_merges=max_merges,
        name="r",
    )


#: The paper's name of :func:`greedy_privacy_funnel`.
algorithm1 = greedy_privacy_funnel
#: The paper's name of :func:`greedy_information_bottleneck` (Algorithm 2 as printed).
algorithm2 = greedy_information_bottleneck
#: Note 1's reading of Algorithm 2: :func:`greedy_max_leakage`.
algorithm2_prime = greedy_max_leakage


def greedy_sweep(
    p_sx: ArrayLike,
    thresholds: ArrayLike,
    *,
    algorithm: Algorithm = "greedy_privacy_funnel",
    base: Base = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    return_trace: bool = False,
) -> list[GreedyResult]:
    """Run a greedy algorithm at many thresholds at once: one result per threshold.

    Each result is the one the algorithm's function returns at that threshold (same merges,
    ties and stopping rule, so the same partition), but the runs share their work: the pair
    tables are built once, and runs at different thresholds take the same merges until one of
    them cannot (a larger threshold only removes feasible merges), so they follow one path and
    part where their picks differ. A sweep of 41 thresholds over a 2 × 2,048 joint takes about
    as long as a few single runs.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S (axis 0) and X (axis 1).
    thresholds : array_like, shape (n,)
        R (``base`` units, each ``<= H(X)``) for Algorithms 1 and 2′ and the ratio greedy, Δ
        (each ``<= I(S;X)``) for Algorithm 2; finite, in any order, repeats allowed.
    algorithm : {"greedy_privacy_funnel", "greedy_information_bottleneck", \
"greedy_max_leakage", "greedy_ratio_funnel"}
        The greedy algorithm (the paper's numbers ``"algorithm1"``, ``"algorithm2"``,
        ``"algorithm2_prime"`` and the short keys ``"alg1"``, ``"alg2"``, ``"alg2prime"``,
        ``"ratio"`` are aliases, :mod:`nsp._algorithms`).
    base, tol, tie_tol, return_trace
        As in :func:`greedy_privacy_funnel` (``tie_tol`` as in :func:`greedy_ratio_funnel`
        for the ratio greedy).

    Returns
    -------
    list of GreedyResult
        One per threshold, in the order of ``thresholds``.

    Raises
    ------
    MemoryError
        If the pair tables and their copies (about ``33 n^2 + 16 n^2 log2(len(thresholds))``
        bytes for ``n`` letters) would exceed 80 % of the available memory.
    ValueError
        If ``thresholds`` is not a non-empty 1-D array of finite numbers, a threshold is
        infeasible, ``algorithm`` is unknown, or as in :func:`greedy_privacy_funnel`.

    See Also
    --------
    greedy_privacy_funnel : One run of Algorithm 1.
    funnel_curve : The (I(X;Y), I(S;Y)) points of a sweep.

    References
    ----------
    .. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
       the privacy funnel", IEEE ITW 2014, Algorithms 1 and 2, Note 1.

    Examples
    --------
    The worked example E1 at R = 0, 1 and 2 bits: one run each.

    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> [res.groups for res in greedy_sweep(p, [0.0, 1.0, 2.0])]
    [[[0, 1, 2, 3]], [[0, 1], [2, 3]], [[0], [1], [2], [3]]]
    >>> greedy_sweep(p, [1.0])[0].partition == greedy_privacy_funnel(p, 1.0).partition
    True
    """
    alg = check_algorithm(algorithm, "funnel")
    try:
        params = _finite_array("thresholds", thresholds)
    except ValueError:
        raise ValueError(f"thresholds must hold finite numbers; got {thresholds!r}") from None
    if params.ndim != 1 or params.size == 0:
        raise ValueError(f"thresholds must be a non-empty 1-D array; got {thresholds!r}")
    return _run_sweep(
        p_sx,
        params.tolist(),
        alg,
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        name="thresholds",
    )
