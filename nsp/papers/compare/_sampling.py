"""How the comparison depends on the sample: resampled joints and winners on a budget grid.

:func:`resample_joint` draws a smaller (or equal) sample of records from a joint's count
table; :func:`standing_on_grid` reads a best-methods table
(:func:`nsp.notions.best_methods_summary`) at given budgets, so that the winners found on two
samples can be compared budget by budget; :func:`population_check` runs the comparison on
samples of a known population and checks its intervals and backed wins against the truth.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from nsp._resampling import FIXED_COLUMNS, counts_of, extend, restrict
from nsp._validation import (
    as_real_array,
    as_sequence,
    check_callable,
    check_frame,
    check_int,
)
from nsp.joint import Joint
from nsp.notions import Mechanism, best_methods, evaluate_many, evaluate_methods

__all__ = ["CHECKED", "on_population", "population_check", "resample_joint", "standing_on_grid"]


def resample_joint(joint: Joint, n_records: int, *, seed: int = 0) -> Joint:
    """Return the joint of ``n_records`` records drawn with replacement from ``joint``'s records.

    The draw is multinomial on the count table (``numpy.random.default_rng(seed)``): for
    ``n_records`` well below the joint's own count it is close to a subsample without
    replacement; at the same count it is a bootstrap replicate — another sample of that size,
    as far as the data can tell. Values of X that no drawn record has are dropped (the sweeps
    of :mod:`nsp.notions` need every value of X observed), so the alphabet of X may shrink;
    ``settings`` records ``n_records`` and ``seed``.

    Parameters
    ----------
    joint : nsp.joint.Joint
        A joint with its record counts (``counts``, or ``n_records`` with an integral
        ``p_sx * n_records``).
    n_records : int
        Records to draw (``>= 1``).
    seed : int, default 0
        Seed of the draw (``>= 0``).

    Returns
    -------
    Joint
        With ``counts``, the labels of the kept values and, for an ordered X, their
        ``x_values``.

    Raises
    ------
    ValueError
        If ``joint`` is not a Joint with its record counts, or an option is out of range; if a
        value of S has no record in the draw (the sweeps need every value of S).

    Examples
    --------
    >>> j = Joint.from_counts([[60, 30, 10], [10, 30, 60]], name="toy")
    >>> small = resample_joint(j, 20, seed=1)
    >>> int(small.counts.sum()), small.n_x <= 3, small.settings["n_records"]
    (20, True, 20)
    """
    if not isinstance(joint, Joint):
        raise ValueError(f"joint must be an nsp.joint.Joint; got {type(joint).__name__}")
    n_records = check_int("n_records", n_records, low=1)
    seed = check_int("seed", seed, low=0)
    cnt = counts_of(joint)
    rng = np.random.default_rng(seed)
    p = cnt.reshape(-1) / cnt.sum()
    drawn = rng.multinomial(n_records, p).reshape(cnt.shape)
    if np.any(drawn.sum(axis=1) == 0):
        empty = int(np.flatnonzero(drawn.sum(axis=1) == 0)[0])
        raise ValueError(
            f"n_records={n_records} drew no record with S = {joint.s_labels[empty]!r}: the "
            "sweeps need every value of S; draw more records"
        )
    keep = np.flatnonzero(drawn.sum(axis=0) > 0)
    return Joint.from_counts(
        drawn[:, keep],
        name=joint.name,
        s_name=joint.s_name,
        x_name=joint.x_name,
        s_labels=joint.s_labels,
        x_labels=[joint.x_labels[i] for i in keep],
        x_values=None if joint.x_values is None else joint.x_values[keep],
        settings={**joint.settings, "n_records": n_records, "seed": seed},
    )


def standing_on_grid(best: pd.DataFrame, budgets: ArrayLike | Sequence[float]) -> pd.DataFrame:
    """Return the standing of a best-methods table at each of ``budgets``.

    For every (utility kind, leakage notion) of ``best`` and every budget ``b``: the row whose
    range ``[loss_from, loss_to)`` holds ``b`` (the last range also for every ``b`` past it:
    no release is added beyond the largest loss); no row (``best`` empty, ``status`` ``""``)
    below the least loss, where no release is within the budget.

    Parameters
    ----------
    best : pandas.DataFrame
        Output of :func:`nsp.notions.best_methods_summary` (or
        :func:`nsp.notions.best_methods`).
    budgets : array_like of float, shape (n,)
        The budgets of utility loss (in the units of each utility), finite.

    Returns
    -------
    pandas.DataFrame
        Columns ``utility_kind``, ``leakage_notion``, ``budget``, ``best``, ``status``; one
        row per pair and budget, pairs in the order of ``best``.

    Examples
    --------
    >>> from nsp.notions import best_methods
    >>> f = pd.DataFrame({"method": ["a", "a", "b", "b"],
    ...                   "mutual_information": [1.0, 0.0, 0.5, 0.2],
    ...                   "information_loss": [0.0, 2.0, 0.5, 1.0]})
    >>> t = best_methods(f, leakage="mutual_information", utility="information_loss")
    >>> standing_on_grid(t, [0.25, 1.0, 3.0])[["budget", "best"]].to_numpy().tolist()
    [[0.25, 'a'], [1.0, 'b'], [3.0, 'a']]
    """
    check_frame("best", best)
    for col in ("utility_kind", "leakage_notion", "loss_from", "loss_to", "best", "status"):
        if col not in best.columns:
            raise ValueError(f"best has no column {col!r} (use best_methods_summary)")
    grid = as_real_array(budgets, name="budgets", allow_bool=False)
    if grid.ndim != 1 or not np.all(np.isfinite(grid)):
        raise ValueError(
            f"budgets must be a 1-D sequence of finite numbers; got shape {grid.shape}"
            + ("" if grid.ndim != 1 else " with a non-finite value")
        )
    parts = []
    for (util, leak), grp in best.groupby(["utility_kind", "leakage_notion"], sort=False):
        lo = grp["loss_from"].to_numpy(dtype=float)
        row = np.searchsorted(lo, grid, side="right") - 1  # last range starting at or below b
        has = row >= 0
        pick = np.where(has, row, 0)
        parts.append(
            pd.DataFrame(
                {
                    "utility_kind": util,
                    "leakage_notion": leak,
                    "budget": grid,
                    "best": np.where(has, grp["best"].astype(str).to_numpy()[pick], ""),
                    "status": np.where(has, grp["status"].astype(str).to_numpy()[pick], ""),
                }
            )
        )
    cols = ["utility_kind", "leakage_notion", "budget", "best", "status"]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=cols)


def on_population(
    mechanisms: Sequence[Mechanism], sample: Joint, population: Joint
) -> pd.DataFrame:
    """Return the releases fitted to ``sample`` measured on ``population``: the truth about them.

    ``sample``'s values of X are a subset of ``population``'s (matched by label, as
    :func:`resample_joint` keeps them); a value the sample lacks is released as itself, as a
    refit of the method on that sample would (it never saw the value). The frame is
    :func:`nsp.notions.evaluate_methods` on the population's pmf, one row per release, in
    order: every leakage and utility loss the release has on the population. The channel's
    own properties (the local-DP ε and Wu's C₁, which no data change) are those of the
    release on the values it was fitted to: a value released as itself would make them
    infinite.

    Parameters
    ----------
    mechanisms : sequence of Mechanism
        Releases on the alphabet of ``sample``'s X.
    sample : Joint
        The sample they were fitted to.
    population : Joint
        The population, on an alphabet of X that holds every label of ``sample``'s.

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    ValueError
        If a value (label) of ``sample``'s X is not one of ``population``'s.

    Examples
    --------
    >>> from nsp.notions import Mechanism
    >>> pop = Joint([[0.3, 0.1, 0.1], [0.1, 0.1, 0.3]], name="pop",
    ...             x_labels=["a", "b", "c"])
    >>> smp = Joint.from_counts([[3, 1], [1, 3]], name="pop", x_labels=["a", "c"])
    >>> merge = Mechanism.from_labels([0, 0], method="merge")  # a and c merged
    >>> round(float(on_population([merge], smp, pop).mutual_information.iloc[0]), 4)
    0.0
    """
    for name, joint in (("sample", sample), ("population", population)):
        if not isinstance(joint, Joint):
            raise ValueError(f"{name} must be an nsp.joint.Joint; got {type(joint).__name__}")
    mechanisms = list(as_sequence("mechanisms", mechanisms))
    for i, m in enumerate(mechanisms):
        if not isinstance(m, Mechanism):
            raise ValueError(
                f"mechanisms[{i}] must be an nsp.notions.Mechanism; got {type(m).__name__}"
            )
    index = {label: i for i, label in enumerate(population.x_labels)}
    missing = [label for label in sample.x_labels if label not in index]
    if missing:
        raise ValueError(
            f"sample has values of X that population lacks: {missing[:5]!r}; "
            "the sample must be drawn from the population"
        )
    cols = np.array([index[label] for label in sample.x_labels], dtype=np.intp)
    full = [extend(m, cols, population.n_x, population.x_values) for m in mechanisms]
    frame = evaluate_methods(full, population)
    own = evaluate_many(list(mechanisms), sample.p_sx, x_values=sample.x_values)
    for name in FIXED_COLUMNS:
        frame[name] = own[name].to_numpy()
    return frame


#: The leakage notions :func:`population_check` checks (those with intervals).
CHECKED: tuple[str, ...] = ("mutual_information", "maximal_leakage", "sibson_2", "sibson_10")


def population_check(
    population: Joint,
    sweep: Callable[[Joint], list[Mechanism]],
    *,
    n_samples: int,
    n_records: int | None = None,
    utility: str = "information_loss",
    ci: float = 0.95,
    n_boot: int = 50,
    seed: int = 0,
    n_jobs: int = 1,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Run the comparison on samples of a known population and check it against the truth.

    Each sample draws ``n_records`` records (default the population's own count) from
    ``population``'s pmf, runs ``sweep`` on it (every method fitted to the sample, on the
    values the sample has) and :func:`nsp.notions.evaluate_methods` with refitted intervals
    (``selection="refit"``). The truth of a release is its value on the population (its
    channel on the population's alphabet: a value of X the sample lacked is released as
    itself). Two checks:

    * **coverage** — whether each release's interval holds its truth, per leakage notion of
      :data:`CHECKED`;
    * **wins** — for every range of :func:`nsp.notions.best_methods` that is ``backed``,
      the share of it where the truth contradicts the win: at those budgets (the sample's
      estimated losses), the backed winners are not among the methods whose releases leak
      least on the population.

    Parameters
    ----------
    population : Joint
        The population ``p(s, x)``.
    sweep : callable
        ``sweep(joint) -> list of Mechanism``, e.g. ``lambda j: all_methods(j, quick=True)``.
    n_samples : int
        Samples (``>= 1``).
    n_records : int, optional
        Records per sample (default ``population.n_records``).
    utility : str
        The utility loss of the budget axis (a key of :data:`nsp.notions.UTILITIES`).
    ci, n_boot, seed, n_jobs
        As in :func:`nsp.notions.evaluate_methods`; sample ``t`` is drawn with
        ``default_rng([seed, t])`` and resampled with ``seed + t``.

    Returns
    -------
    (pandas.DataFrame, pandas.DataFrame)
        ``coverage``: one row per sample, release and notion (``sample``, ``method``,
        ``parameter``, ``value``, ``leakage_notion``, ``estimand``, ``truth``, ``low``,
        ``high``, ``covered``); ``wins``: one row per sample and notion (``sample``,
        ``leakage_notion``, ``backed_width``, ``wrong_width``).
    """
    if not isinstance(population, Joint):
        raise ValueError(f"population must be an nsp.joint.Joint; got {type(population).__name__}")
    check_callable("sweep", sweep, n_args=1)
    n_samples = check_int("n_samples", n_samples, low=1)
    n = check_int("n_records", population.n_records if n_records is None else n_records, low=2)
    p = population.p_sx
    cover: list[pd.DataFrame] = []
    wins: list[dict[str, object]] = []
    for t in range(n_samples):
        rng = np.random.default_rng([seed, t])
        counts = rng.multinomial(n, p.reshape(-1)).reshape(p.shape)
        sample, _ = restrict(counts, population)
        mechs = sweep(sample)
        frame = evaluate_methods(
            mechs, sample, ci=ci, n_boot=n_boot, seed=seed + t, selection="refit", n_jobs=n_jobs
        )
        truth = on_population(mechs, sample, population)
        for leak in CHECKED:
            true = truth[leak].to_numpy(dtype=float)
            low = frame[f"{leak}_low"].to_numpy(dtype=float)
            high = frame[f"{leak}_high"].to_numpy(dtype=float)
            cover.append(
                pd.DataFrame(
                    {
                        "sample": t,
                        "method": frame["method"].to_numpy(),
                        "parameter": frame["parameter"].to_numpy(),
                        "value": frame["value"].to_numpy(),
                        "leakage_notion": leak,
                        "estimand": frame["estimand"].to_numpy(),
                        "truth": true,
                        "low": low,
                        "high": high,
                        "covered": (low - 1e-12 <= true) & (true <= high + 1e-12),
                    }
                )
            )
            wins.append(
                {"sample": t, "leakage_notion": leak, **_wrong(frame, truth, leak, utility)}
            )
    return pd.concat(cover, ignore_index=True), pd.DataFrame(wins)


def _wrong(frame: pd.DataFrame, truth: pd.DataFrame, leak: str, utility: str) -> dict[str, float]:
    """Return the width of the backed ranges of ``leak`` and of their part the truth refutes."""
    best = best_methods(frame, leakage=leak, utility=utility)
    backed = best[best["status"] == "backed"]
    if backed.empty:
        return {"backed_width": 0.0, "wrong_width": 0.0}
    plain = frame[["method", utility]].assign(**{leak: truth[leak].to_numpy(dtype=float)})
    true_best = best_methods(plain, leakage=leak, utility=utility, min_margin=0.0)
    width = wrong = 0.0
    for lo, hi, who in zip(backed["loss_from"], backed["loss_to"], backed["best"], strict=True):
        if hi <= lo:
            continue
        grid = lo + (np.arange(20) + 0.5) / 20 * (hi - lo)
        leaders = standing_on_grid(true_best, grid)["best"].astype(str)
        claimed = set(str(who).split(" = "))
        miss = np.array([not (claimed & set(x.split(" = "))) for x in leaders])
        width += hi - lo
        wrong += (hi - lo) * float(miss.mean())
    return {"backed_width": width, "wrong_width": wrong}
