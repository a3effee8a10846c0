"""The population table of docs/papers/compare.md: the census comparison against a population.

Run from the repository with its environment (writes ``population_<tag>.csv`` and
``population_<tag>_wins.csv`` after every sample, so a run stopped early keeps what it did):

    .venv/bin/python docs/papers/population_tables.py 30 100 full

The arguments: the samples, the bootstrap replicates per sample, the sweeps (``full``: those
of ``compare/01_census`` with its default budgets; ``quick``: the quick sweeps) and
optionally the output's tag (default the sweeps) and the first sample (default 0: samples
``FIRST .. FIRST + N − 1``). ``fixed N B`` checks the comparison's
fixed channels alone (k-ary randomized response, no refits) on N samples:

    .venv/bin/python docs/papers/population_tables.py fixed 60 100

``summary TAG [TAG...]`` reads the CSVs of one or more runs and prints compare.md's
summaries (coverage per notion, per release followed across the samples, per method and
budget bin, and the backed wins the population contradicts):

    .venv/bin/python docs/papers/population_tables.py summary full
 Sample ``s`` is drawn with
``default_rng([s, 0])`` from the census pmf (48,842 records, the census's own count) and
resampled with seed ``s``; every method is fitted to it and refitted in every replicate
(``selection="refit"``). With the full sweeps a sample takes about 4 CPU-minutes at 100
replicates.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pandas as pd

from nsp.joint import Joint
from nsp.notions import (
    Mechanism,
    agglomerative_sweep,
    equivocation_sweep,
    evaluate_methods,
    funnel_sweep,
    k_anonymity_sweep,
    local_dp_sweep,
)
from nsp.papers.compare import census_income_joint, on_population, population_check


def census_sweep(joint: Joint, *, quick: bool) -> list[Mechanism]:
    """Every method of compare/01_census at its default budgets (or the quick sweeps)."""
    return (
        agglomerative_sweep(joint, quick=quick)
        + funnel_sweep(joint, n_budgets=41, quick=quick)
        + equivocation_sweep(joint, n_budgets=7, quick=quick)
        + local_dp_sweep(joint, epsilons=np.geomspace(0.05, 20.0, 6 if quick else 25))
        + k_anonymity_sweep(joint, quick=quick)
    )


def fixed_channels(n_samples: int, n_boot: int) -> None:
    """Check the fixed channels of the census comparison (k-RR) on census-sized samples.

    No refits, so many samples are cheap: sample ``t`` is ``default_rng([100, t])``; writes
    ``population_fixed.csv`` (coverage per budget and notion) and prints the summary.
    """
    population = census_income_joint()
    p = population.p_sx
    rows = []
    for t in range(n_samples):
        rng = np.random.default_rng([100, t])
        counts = rng.multinomial(population.n_records, p.reshape(-1)).reshape(p.shape)
        sample = Joint.from_counts(counts, name=population.name, x_labels=population.x_labels)
        mechs = local_dp_sweep(sample, epsilons=np.geomspace(0.05, 20.0, 25))
        frame = evaluate_methods(mechs, sample, ci=0.95, n_boot=n_boot, seed=t)
        truth = on_population(mechs, sample, population)
        for col in ("mutual_information", "maximal_leakage", "sibson_2", "sibson_10"):
            low, high = frame[f"{col}_low"].to_numpy(), frame[f"{col}_high"].to_numpy()
            true = truth[col].to_numpy()
            for k, m in enumerate(mechs):
                hit = bool(low[k] - 1e-12 <= true[k] <= high[k] + 1e-12)
                rows.append({"sample": t, "notion": col, "epsilon": m.value, "covered": hit})
    table = pd.DataFrame(rows).groupby(["notion", "epsilon"]).covered.mean().reset_index()
    table.to_csv("population_fixed.csv", index=False)
    print(table.groupby("notion").covered.agg(["min", "mean"]))


def summary(tags: list[str]) -> pd.DataFrame:
    """Print the summaries of the runs ``population_<tag>.csv`` (see the module); return them.

    A release is followed across the samples by its method and its place in the method's
    sweep (a sample's budgets of the funnel and the Γ(D) sanitizer depend on the sample).
    """
    cover = pd.concat([pd.read_csv(f"population_{t}.csv") for t in tags], ignore_index=True)
    wins = pd.concat([pd.read_csv(f"population_{t}_wins.csv") for t in tags], ignore_index=True)
    cover["place"] = cover.groupby(["sample", "method", "leakage_notion"]).cumcount()
    n = cover["sample"].nunique()
    print(f"{n} samples, {len(cover)} (sample, release, notion) cases")
    print(cover.groupby("leakage_notion").covered.agg(["mean", "size"]).round(3))
    per = cover.groupby(["method", "place", "leakage_notion"]).covered.agg(["mean", "size"])
    low = per[per["mean"] < 0.9]
    print(f"{len(low)} of {len(per)} (release, notion) budgets covered in < 90 % of the samples")
    print(low.round(3).to_string())
    funnel = cover[cover.method.str.contains("funnel|greedy|2′", regex=True)]
    funnel = funnel.assign(R=(funnel.value / 0.5).round() * 0.5)
    shannon = funnel[funnel.leakage_notion.isin(["mutual_information", "sibson_2"])]
    print(shannon.groupby(["method", "R"]).covered.mean().unstack("method").round(3))
    print(wins.groupby("leakage_notion")[["backed_width", "wrong_width"]].mean().round(4))
    return cover


def main(argv: list[str]) -> None:
    """Run the population check sample by sample (see the module)."""
    if argv[0] == "summary":
        summary(argv[1:])
        return
    if argv[0] == "fixed":
        fixed_channels(int(argv[1]), int(argv[2]))
        return
    n_samples, n_boot, sweeps = int(argv[0]), int(argv[1]), argv[2]
    tag = argv[3] if len(argv) > 3 else sweeps
    first = int(argv[4]) if len(argv) > 4 else 0
    quick = {"full": False, "quick": True}[sweeps]
    population = census_income_joint()
    covers, wins = [], []
    for s in range(first, first + n_samples):
        start = time.perf_counter()
        cover, win = population_check(
            population,
            lambda j: census_sweep(j, quick=quick),
            n_samples=1,
            n_boot=n_boot,
            seed=s,
        )
        covers.append(cover.assign(sample=s))
        wins.append(win.assign(sample=s))
        pd.concat(covers).to_csv(f"population_{tag}.csv", index=False)
        pd.concat(wins).to_csv(f"population_{tag}_wins.csv", index=False)
        print(s, f"{time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
