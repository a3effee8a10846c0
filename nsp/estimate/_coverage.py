"""How often the intervals of :func:`estimate_many` hold the truth, by simulation."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import pandas as pd

from nsp._resampling import SELECTIONS, refit_release, split_releases
from nsp._validation import Base, as_sequence, check_choice, check_int, check_real
from nsp.estimate._estimate import estimate_many
from nsp.joint import Joint
from nsp.notions import Mechanism, evaluate_many

__all__ = ["coverage"]


def coverage(
    population: Joint,
    mechanisms: Sequence[Mechanism],
    *,
    n_records: int,
    n_trials: int = 200,
    columns: Sequence[str] = ("mutual_information", "maximal_leakage"),
    selection: str = "refit",
    ci: float = 0.95,
    n_boot: int = 200,
    split_fraction: float = 0.5,
    seed: int = 0,
    base: Base = 2,
) -> pd.DataFrame:
    """Estimate the coverage of :func:`estimate_many`'s intervals against a known population.

    Each trial draws ``n_records`` records from ``population`` (a multinomial sample of its
    pmf), refits every release that carries a ``fit`` on the sample (the release a user
    would have: on the values the sample has, see :mod:`nsp.estimate`), estimates the sweep
    from the sample with ``selection``, and checks each interval against the truth it is an
    interval of: the population value of the fixed channel (``estimand`` ``"channel"``), of
    the release fitted to the whole sample (``"refit"``) or of the release fitted to the
    split's first part (``"split"``).

    Parameters
    ----------
    population : Joint
        The population ``p(s, x)`` (its pmf; counts are not needed).
    mechanisms : sequence of Mechanism
        The releases: fixed channels, or releases with ``fit`` (e.g. from the sweeps of
        :mod:`nsp.notions` on the population), which are refitted on every sample.
    n_records : int
        Records per sample, at least 2.
    n_trials : int, default 200
        Samples, at least 1.
    columns : sequence of str
        Columns of :func:`nsp.notions.evaluate_many` to check.
    selection, ci, n_boot, split_fraction
        As in :func:`estimate_many`.
    seed : int, default 0
        Trial ``t`` draws its sample with ``default_rng([seed, t])`` and estimates with
        ``seed + t``.
    base : float or str, default 2
        As in :func:`estimate_many`.

    Returns
    -------
    pandas.DataFrame
        One row per mechanism × column: ``mechanism``, ``method``, ``parameter``, ``value``,
        ``column``, ``estimand``, ``n_records``, ``trials``, ``valid`` (trials whose
        interval the status claims valid: ``interval`` or ``interval_tie``), ``coverage``
        (share of those whose interval holds the truth, within ``1e-12``), ``tie_share``
        (share of trials with status ``interval_tie``), ``flagged`` (share of trials whose
        status does not claim a valid interval, e.g. ``interval_small_sample``),
        ``coverage_flagged`` (the coverage of those that still give one), ``width`` (median
        width of the claimed intervals) and ``truth`` (mean of the truths).

    See Also
    --------
    estimate_many : The intervals it checks.
    nsp.papers.compare.population_check : The comparison checked on a known population.

    Examples
    --------
    A secret bit seen through a noisy copy, released as it is:

    >>> pop = Joint([[0.4, 0.1], [0.1, 0.4]], name="noisy copy")
    >>> copy = Mechanism.from_labels([0, 1], method="copy")
    >>> t = coverage(pop, [copy], n_records=400, n_trials=20, n_boot=100,
    ...              columns=["mutual_information"])
    >>> t[["estimand", "trials", "valid"]].to_numpy().tolist()
    [['channel', 20, 20]]
    >>> bool(t.coverage.iloc[0] >= 0.85)
    True
    """
    if not isinstance(population, Joint):
        raise ValueError(f"population must be an nsp.joint.Joint; got {type(population).__name__}")
    mechs = list(as_sequence("mechanisms", mechanisms))
    if not mechs:
        raise ValueError("mechanisms must hold at least one Mechanism")
    n = check_int("n_records", n_records, low=2)
    trials = check_int("n_trials", n_trials, low=1)
    selection = check_choice("selection", selection, SELECTIONS)
    seed = check_int("seed", seed, low=0)
    check_real("ci", ci, low=0.0, high=1.0, closed="neither")
    cols = [str(c) for c in as_sequence("columns", columns)]
    p = population.p_sx
    records: list[pd.DataFrame] = []
    for t in range(trials):
        rng = np.random.default_rng([seed, t])
        counts = rng.multinomial(n, p.reshape(-1)).reshape(p.shape)
        sample = Joint(
            counts / n,
            counts=counts,
            name=population.name,
            s_labels=population.s_labels,
            x_labels=population.x_labels,
            x_values=population.x_values,
        )
        fitted = [refit_release(m, counts, sample) for m in mechs]
        est = estimate_many(
            fitted,
            sample,
            ci=ci,
            n_boot=n_boot,
            seed=seed + t,
            selection=selection,
            split_fraction=split_fraction,
            base=base,
        )
        released = fitted
        if selection == "split" and any(m.fit is not None for m in fitted):
            released, _ = split_releases(fitted, sample, fraction=split_fraction, seed=seed + t)
        truth = evaluate_many(released, p, x_values=population.x_values, base=base)
        est = est[est.column.isin(cols)].copy()
        est["truth"] = [
            float(truth[c].iloc[int(i)]) for i, c in zip(est.mechanism, est.column, strict=True)
        ]
        records.append(est)
    return _summary(pd.concat(records, ignore_index=True), n, trials)


#: The statuses whose intervals :func:`coverage` counts as claimed valid.
_CLAIMED = ("interval", "interval_tie")


def _summary(est: pd.DataFrame, n: int, trials: int) -> pd.DataFrame:
    """One row per mechanism × column: coverage of the claimed intervals, and the rest."""
    has = est["low"].notna() & est["high"].notna()
    est = est.assign(
        hit=has & (est["low"] - 1e-12 <= est["truth"]) & (est["truth"] <= est["high"] + 1e-12),
        claimed=has & est["status"].isin(_CLAIMED),
        width=(est["high"] - est["low"]).where(has),
    )
    keys = ["mechanism", "method", "parameter", "value", "column", "estimand"]
    rows = []
    for key, grp in est.groupby(keys, sort=False, dropna=False):
        claimed = grp[grp["claimed"]]
        flagged = grp[~grp["claimed"] & grp["low"].notna()]
        rows.append(
            {
                **dict(zip(keys, key, strict=True)),
                "n_records": n,
                "trials": trials,
                "valid": len(claimed),
                "coverage": float(claimed["hit"].mean()) if len(claimed) else np.nan,
                "tie_share": float((grp["status"] == "interval_tie").mean()),
                "flagged": 1.0 - len(claimed) / trials,
                "coverage_flagged": float(flagged["hit"].mean()) if len(flagged) else np.nan,
                "width": float(claimed["width"].median()) if len(claimed) else np.nan,
                "truth": float(grp["truth"].mean()),
            }
        )
    return pd.DataFrame(rows)


def reference_populations() -> Iterator[tuple[str, Joint]]:
    """Yield the five populations the coverage of the intervals is checked on.

    A generic 3 × 4 source (``regular``), eight secrets tied in pairs (``ties``: every
    secret has a twin with the same ``p(x|s)``, so every maximum over secrets is tied), exact
    independence (``independent``), S a function of X (``deterministic``) and a 2 × 4
    source with one cell of mass 0.002 (``small_cell``); drawn once from one seeded
    generator.

    Examples
    --------
    >>> [(name, j.p_sx.shape) for name, j in reference_populations()][:2]
    [('regular', (3, 4)), ('ties', (8, 4))]
    """
    rng = np.random.default_rng(7)
    yield "regular", Joint(rng.dirichlet(np.ones(12) * 2).reshape(3, 4), name="regular")
    rows = np.repeat(rng.dirichlet(np.ones(4) * 2, size=4), 2, axis=0)  # secrets tied in pairs
    p_s = rng.dirichlet(np.ones(8) * 3)
    yield "ties", Joint(p_s[:, None] * rows, name="ties")
    yield "independent", Joint(np.outer([0.3, 0.7], [0.1, 0.2, 0.3, 0.4]), name="independent")
    det = np.zeros((3, 6))
    det[[0, 0, 1, 1, 2, 2], np.arange(6)] = rng.dirichlet(np.ones(6) * 3)  # S = f(X)
    yield "deterministic", Joint(det, name="deterministic")
    small = rng.dirichlet(np.ones(8) * 2).reshape(2, 4)
    small[0, 0] = 0.002  # one cell of small mass
    yield "small_cell", Joint(small / small.sum(), name="small_cell")
