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

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.special import xlogy

from nsp import info
from nsp._resources import check_memory, progress
from nsp._validation import (
    Base,
    check_base,
    check_bool,
    check_int,
    check_real,
    log_base,
)
from nsp.clustering.funnel._measures import _joint, mapping_from_partition
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
    param: float,
    base: Base,
    tol: float,
    tie_tol: float,
    *,
    name: str,
    max_merges: int | None = None,
) -> tuple[NDArray[np.float64], NDArray[np.intp], NDArray[np.float64], NDArray[np.float64]]:
    """Validate the inputs of a greedy run (``name``: the threshold argument's name).

    ``algorithm`` is a descriptive name (public callers resolve aliases first).
    """
    p = _joint(p_sx)
    lb = log_base(base)
    param = _finite(name, param)
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
    if constraint == "X" and param * lb > h_x + tol * lb:
        raise ValueError(f"R must be <= H(X) = {h_x / lb:.6g} ({name} = {param:g} is infeasible)")
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


def _greedy_nbytes(n: int, n_s: int) -> float:
    """Peak memory of the incremental greedy on ``n`` letters and ``n_s`` secrets, in bytes.

    The initial pair tables: ``d_x``, ``d_s`` and two ``n x n`` temporaries (merged masses and
    their ``xlogy``), then the feasibility mask and the masked scores (one ``n x n`` float and
    one boolean), plus the chunk of the ``d_s`` broadcast (at most 2·10⁶ entries and its
    ``xlogy``) and the letters' joint rows.
    """
    chunk = min(max(2_000_000, n * n_s), n * n * n_s)
    return 8.0 * 4 * n * n + 1.0 * n * n + 8.0 * 2 * chunk + 8.0 * 2 * n * n_s


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
    """Run the cached greedy loop (all quantities in nats); return ``slot_of`` and the trace.

    State: ``obj[k, m]`` (score maximized) and ``con[k, m]`` (decrease of the constrained
    information) for active slots ``k < m``; for every row ``k`` the best feasible score
    ``best_val[k]`` and its column. A merge changes only the pairs containing the merged
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
    n, _ = a_s.shape
    a_s = a_s.copy()
    mass = mass.astype(float).copy()
    mlm = xlogy(mass, mass)
    hs = mlm - xlogy(a_s, a_s).sum(axis=1)  # p(y) H(S | y), nats
    p_s = a_s.sum(axis=0)
    h_s = -float(xlogy(p_s, p_s).sum())
    act = np.ones(n, dtype=bool)
    slot_of = np.arange(n)
    objective, constraint = _ALGORITHMS[algorithm]

    # initial pair tables
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
    obj: NDArray[Any]
    con: NDArray[Any]
    if objective == "dS":
        obj, con = d_s, d_x
    elif objective == "dX":
        obj, con = d_x, d_s
    elif objective == "dS/dX":
        obj, con = _ratio(d_s, d_x), d_x
        del d_s
    else:  # "-dS"
        obj, con = np.negative(d_s, out=d_s), d_x

    def current() -> tuple[float, float]:
        return -float(mlm[act].sum()), h_s - float(hs[act].sum())

    best_val = np.full(n, -np.inf)
    best_col = np.full(n, -1, dtype=np.intp)
    # dirty[r]: row r's cache is out of date and best_val[r] is only an upper bound on its
    # best feasible score (valid because feasible sets only shrink and a changed column's
    # new score is folded into the bound); such a row is recomputed only when that bound
    # could reach the best score (lazy refresh at pick time)
    dirty = np.zeros(n, dtype=bool)

    col_idx = np.arange(n)

    def refresh(rows: NDArray[np.intp], slack: float) -> None:
        if rows.size == 0:
            return
        ok = (con[rows] <= slack) & act[None, :] & (col_idx[None, :] > rows[:, None])
        vals = np.where(ok, obj[rows], -np.inf)
        idx = vals.argmax(axis=1)
        bv = vals[np.arange(rows.size), idx]
        best_val[rows] = bv
        best_col[rows] = np.where(bv > -np.inf, idx, -1)
        dirty[rows] = False

    i_xy, i_sy = current()
    cur = i_xy if constraint == "X" else i_sy
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    vals = np.where(upper & (con <= cur - thr + tol), obj, -np.inf)
    best_col[:] = vals.argmax(axis=1)
    best_val[:] = vals[np.arange(n), best_col]
    best_col[best_val == -np.inf] = -1
    del upper, vals
    trace: list[_TraceRow] | None = [] if record else None
    n_act, step = n, 0
    bar = iter(
        progress(
            range(n - 1),
            desc=f"greedy {algorithm} merges",
            unit="merge",
            enabled=False if n < _PROGRESS_LETTERS else None,
        )
    )
    while n_act > 1 and (max_merges is None or step < max_merges):
        next(bar, None)  # one tick per merge considered
        slack = cur - thr + tol
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
            refresh(redo, slack)
        if top == -np.inf:
            break  # stopping rule: no merge keeps the constraint
        k = int(np.argmax(best_val >= top - tie_tol))
        cols = np.flatnonzero(act[k + 1 :]) + k + 1
        ok = (con[k, cols] <= slack) & (obj[k, cols] >= top - tie_tol)
        if not ok.any():  # cannot happen with tie_tol >= 0: row k holds a pair scoring `top`
            raise RuntimeError(f"no allowed merge in row {k} of the greedy search (internal error)")
        m = int(cols[np.argmax(ok)])
        # merge m into k (k < m keeps the slot)
        a_s[k] += a_s[m]
        mass[k] += mass[m]
        act[m] = False
        slot_of[slot_of == m] = k
        mlm[k] = xlogy(mass[k], mass[k])
        hs[k] = mlm[k] - float(xlogy(a_s[k], a_s[k]).sum())
        best_val[m], best_col[m], dirty[m] = -np.inf, -1, False
        n_act -= 1
        step += 1
        i_xy, i_sy = current()
        cur = i_xy if constraint == "X" else i_sy
        if trace is not None:
            trace.append((step, k, m, i_xy, i_sy, n_act))
        # the pairs that involve the merged letter
        others = np.flatnonzero(act)
        others = others[others != k]
        if others.size == 0:
            break
        mo = mass[others] + mass[k]
        mo_mlm = xlogy(mo, mo)
        new_dx = np.maximum(mo_mlm - mlm[others] - mlm[k], 0.0)
        b = a_s[others] + a_s[k]
        new_ds = np.maximum(mo_mlm - xlogy(b, b).sum(axis=1) - hs[others] - hs[k], 0.0)
        if objective == "dS":
            new_obj, new_con = new_ds, new_dx
        elif objective == "dX":
            new_obj, new_con = new_dx, new_ds
        elif objective == "dS/dX":
            new_obj, new_con = _ratio(new_ds, new_dx), new_dx
        else:
            new_obj, new_con = -new_ds, new_dx
        lo = others < k
        r_lo, r_hi = others[lo], others[~lo]
        obj[r_lo, k], con[r_lo, k] = new_obj[lo], new_con[lo]
        obj[k, r_hi], con[k, r_hi] = new_obj[~lo], new_con[~lo]
        slack = cur - thr + tol
        refresh(np.array([k]), slack)  # row k: every pair is new
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
    close = getattr(bar, "close", None)
    if close is not None:
        close()
    return slot_of, trace


def _tie_scale(algorithm: str, tie_tol: float, lb: float) -> float:
    """``tie_tol`` in the units of the score: nats, or none for the ratio greedy's ratios."""
    return float(tie_tol) if _ALGORITHMS[algorithm][0] == "dS/dX" else float(tie_tol) * lb


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
    p, support, a_s, mass = _prepare(
        p_sx, algorithm, param, base, tol, tie_tol, name=name, max_merges=max_merges
    )
    return_trace = check_bool("return_trace", return_trace)
    n, n_s = a_s.shape
    check_memory(_greedy_nbytes(n, n_s), what=f"the greedy funnel on {n} letters and {n_s} secrets")
    param = float(param)
    lb = log_base(base)
    slot_of, trace = _greedy_incremental(
        a_s,
        mass,
        algorithm=algorithm,
        thr=param * lb,
        tol=tol * lb,
        tie_tol=_tie_scale(algorithm, tie_tol, lb),
        max_merges=max_merges,
        record=return_trace,
    )
    return _finish(p, support, slot_of, algorithm, param, base, trace)


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
