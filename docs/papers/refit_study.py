"""The refitted funnel releases' intervals on census-sized samples: replicates kept, forms compared.

A study for docs/papers/compare.md (the funnel's refitted intervals at large disclosure budgets).
``run`` draws census-sized samples from the census pmf exactly as
``nsp.papers.compare.population_check`` does with ``seed=s`` (the same samples as
``population_tables.py``), fits the funnel's sweeps, refits them on ``B`` resamples and keeps,
for every release and notion, the apparent value, the replicates' apparent and held-out values
(``L(Ŵ*, P*)``, ``L(Ŵ*, P̂)``) and the release's value on the population, one ``.npz`` a sample
(about 8 CPU-minutes at ``B = 400``). ``summary`` then compares interval forms on the kept
replicates, with no refit, at ``B`` = 100, 200 and 400 (the first ``B`` replicates): the
former optimism interval (basic: the error quantiles reflected about the apparent value), a
normal one (the optimism-corrected point ± 1.96 SD of the errors), and the one
``nsp.notions`` uses since 2026-11-29 (``selection``: the corrected point ± 1.96 ·
sqrt(Var(errors) + Var(L(Ŵ*, P̂)))). The tie
widening ``evaluate_methods`` applies afterwards to maximal leakage and I₁₀ is not applied here.

    .venv/bin/python docs/papers/refit_study.py run START STOP STEP B FOLDER
    .venv/bin/python docs/papers/refit_study.py summary FOLDER
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

from nsp._resampling._bootstrap import stack_columns
from nsp._resampling._selection import refit_replicates, restrict
from nsp.notions import funnel_sweep
from nsp.papers.compare import census_income_joint, on_population

COLUMNS = ("mutual_information", "sibson_2", "sibson_10", "maximal_leakage")


def run(samples: range, n_boot: int, folder: Path) -> None:
    """Keep the refit replicates of the funnel's releases on each sample (one file each)."""
    population = census_income_joint()
    p = population.p_sx
    folder.mkdir(parents=True, exist_ok=True)
    for s in samples:
        start = time.perf_counter()
        rng = np.random.default_rng([s, 0])
        counts = rng.multinomial(population.n_records, p.reshape(-1)).reshape(p.shape)
        sample, _ = restrict(counts, population)
        mechs = funnel_sweep(sample, n_budgets=41)
        cnt = sample.counts
        assert cnt is not None
        plug = stack_columns(mechs, (cnt / cnt.sum())[None], x_values=sample.x_values, base=2)
        apparent, held = refit_replicates(
            cnt, mechs, sample, x_values=sample.x_values, alphas=(2.0, 10.0), base=2,
            n_boot=n_boot, seed=s,
        )  # fmt: skip
        truth = on_population(mechs, sample, population)
        out = {"method": np.array([m.method for m in mechs]), "value": [m.value for m in mechs]}
        for c in COLUMNS:
            out |= {f"plug_{c}": plug[c][0], f"app_{c}": apparent[c], f"held_{c}": held[c]}
            out[f"truth_{c}"] = truth[c].to_numpy(dtype=float)
        np.savez_compressed(folder / f"sample_{s:03d}.npz", **out)
        print(s, f"{time.perf_counter() - start:.0f} s", flush=True)


def _intervals(
    point: np.ndarray, err: np.ndarray, held: np.ndarray
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    lo_q, hi_q = np.quantile(err, [0.025, 0.975], axis=0)
    centre, half = point - err.mean(axis=0), 1.96 * err.std(axis=0, ddof=1)
    wide = 1.96 * np.sqrt(err.var(axis=0, ddof=1) + held.var(axis=0, ddof=1))
    return {
        "basic": (np.maximum(point - hi_q, 0.0), np.maximum(point - lo_q, 0.0)),
        "normal": (np.maximum(centre - half, 0.0), np.maximum(centre + half, 0.0)),
        "selection": (np.maximum(centre - wide, 0.0), np.maximum(centre + wide, 0.0)),
    }


def summary(folder: Path) -> pd.DataFrame:
    """Coverage of each interval form, per notion and per disclosure budget (0.5-bit bins)."""
    rows = []
    for path in sorted(folder.glob("sample_*.npz")):
        z = np.load(path)
        for c in COLUMNS:
            err = z[f"app_{c}"] - z[f"held_{c}"]
            for n_boot in (100, 200, err.shape[0]):
                held = z[f"held_{c}"][:n_boot]
                for form, (lo, hi) in _intervals(z[f"plug_{c}"], err[:n_boot], held).items():
                    truth = z[f"truth_{c}"]
                    hit = (lo - 1e-12 <= truth) & (truth <= hi + 1e-12)
                    rows.append(
                        pd.DataFrame(
                            {"sample": path.stem, "method": z["method"], "R": z["value"],
                             "notion": c, "B": n_boot, "form": form, "covered": hit}
                        )
                    )  # fmt: skip
    d = pd.concat(rows, ignore_index=True)
    print(f"{d['sample'].nunique()} samples")
    print(d.groupby(["notion", "B", "form"]).covered.mean().unstack(["B", "form"]).round(3))
    top = d[(d.B == d.B.max()) & d.notion.isin(["mutual_information", "sibson_2"])]
    top = top.assign(R=(top.R / 0.5).round() * 0.5)
    print(top.groupby(["method", "R", "form"]).covered.mean().unstack("form").round(2))
    return d


if __name__ == "__main__":
    if sys.argv[1] == "run":
        a, b, step, n_boot = map(int, sys.argv[2:6])
        run(range(a, b, step), n_boot, Path(sys.argv[6]))
    else:
        summary(Path(sys.argv[2]))
