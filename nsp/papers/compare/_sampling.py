"""How the comparison depends on the sample: resampled joints and winners on a budget grid.

:func:`resample_joint` draws a smaller (or equal) sample of records from a joint's count
table; :func:`standing_on_grid` reads a best-methods table
(:func:`nsp.notions.best_methods_summary`) at given budgets, so that the winners found on two
samples can be compared budget by budget.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from nsp._validation import as_real_array, check_frame, check_int
from nsp.joint import Joint
from nsp.notions._bootstrap import counts_of

__all__ = ["resample_joint", "standing_on_grid"]


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
