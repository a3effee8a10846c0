"""The coverage tables of docs/papers/compare.md: nsp.estimate.coverage on known populations.

Run from the repository with its environment, one selection at a time (each writes a CSV):

    .venv/bin/python docs/papers/coverage_tables.py fixed 100,500,2000 100 100
    .venv/bin/python docs/papers/coverage_tables.py refit 500,2000 60 100 regular,ties

The arguments: the selection (fixed, refit or split), the record counts, the samples per
setting, the bootstrap replicates per sample, optionally the populations to run (default all)
and the output's tag. The fixed tables take a few minutes on one core; the refit ones about
five minutes per (population, records) setting, every replicate refitting every release.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pandas as pd

from nsp.estimate import coverage
from nsp.estimate._coverage import reference_populations as populations
from nsp.joint import Joint
from nsp.notions import Mechanism
from nsp.notions._methods import _equivocation_release, _funnel_release


def releases(pop: Joint, selection: str) -> list[Mechanism]:
    """Two fixed channels (with ``fixed`` only) and four releases fitted to the data."""
    n_x = pop.n_x
    p_x = pop.p_sx.sum(axis=0)
    h_x = float(-(p_x * np.log2(p_x)).sum())
    d_max = float((p_x @ (1.0 - np.eye(n_x))).min())
    fitted = [
        _funnel_release(pop, key="greedy_privacy_funnel", r=0.5 * h_x, base=2),
        _funnel_release(pop, key="greedy_max_leakage", r=0.5 * h_x, base=2),
        _equivocation_release(pop, budget=d_max / 4, tol=1e-4, max_iter=2000, base=2),
        _equivocation_release(pop, budget=0.9 * d_max, tol=1e-4, max_iter=2000, base=2),
    ]
    if selection != "fixed":
        return fitted
    copy = Mechanism.from_labels(np.arange(n_x), method="copy")
    merge = Mechanism.from_labels(np.arange(n_x) // 2, method="merge pairs")
    return [copy, merge, *fitted]


def main(argv: list[str]) -> None:
    """Run one selection over the populations and record counts (see the module)."""
    selection, sizes, trials, n_boot = argv[0], argv[1], int(argv[2]), int(argv[3])
    only = [v for v in argv[4].split(",") if v] if len(argv) > 4 else []
    tag = argv[5] if len(argv) > 5 else selection
    out = []
    for name, pop in populations():
        if only and name not in only:
            continue
        for n in (int(v) for v in sizes.split(",")):
            start = time.perf_counter()
            table = coverage(
                pop,
                releases(pop, selection),
                n_records=n,
                n_trials=trials,
                n_boot=n_boot,
                selection=selection,
                columns=["mutual_information", "maximal_leakage", "sibson_2"],
            )
            out.append(table.assign(population=name, selection=selection))
            print(name, n, f"{time.perf_counter() - start:.0f} s", flush=True)
            pd.concat(out).to_csv(f"coverage_{tag}.csv", index=False)


if __name__ == "__main__":
    main(sys.argv[1:])
