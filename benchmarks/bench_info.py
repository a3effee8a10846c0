"""Speed of nsp.info: mutual information of a dense 2000 x 2000 joint pmf.

Compared in the same run with

* ``dit`` 2.3 (``dit.shannon.mutual_information``). dit's outcome-list constructor
  (``Distribution.from_ndarray``) builds Python tuples for every outcome and needs minutes for
  4 million of them, so the distribution is built through dit's own array path (an
  ``xarray.DataArray`` handed to ``dit.Distribution``), outside the timed region; only the
  measure is timed, as for our function;
* the plain numpy formula ``np.nansum(p * np.log2(p / (px[:, None] * py[None, :])))``.

Both timings include input validation on our side (``as_pmf``), none on theirs.
Target: at least 1.5x faster than each. The three are timed in interleaved rounds (so that
they share the load of a busy machine); each figure is a median of medians (``benchmarks._timing``).

Maximal leakage ``log2 sum_y max_x p(y|x)`` (:func:`nsp.info.maximal_leakage`) of the same joint
against qif's multiplicative Bayes capacity (``qif.measure.bayes_vuln.mult_capacity`` of the
channel ``p(y|x)``, whose log2 it is), the channel computed outside the timed region (ours
validates the joint and builds the channel inside it). Target: at least as fast (1x).

Quick (``--quick``): a 500 x 500 joint, 2 rounds.

Run: ``.venv/bin/python -m benchmarks.bench_info``.
"""

from __future__ import annotations

import statistics

import numpy as np

from benchmarks._timing import QUICK, Row, median_time, report
from nsp import info

#: The joint's size (N x N) and the interleaved rounds of timing.
N, ROUNDS = (500, 2) if QUICK else (2000, 5)
SEED = 20261122


def _random_joint(n: int, seed: int) -> np.ndarray:
    p = np.random.default_rng(seed).random((n, n))
    return p / p.sum()


def _plain_numpy_mi(p: np.ndarray) -> float:
    px, py = p.sum(axis=1), p.sum(axis=0)
    return float(np.nansum(p * np.log2(p / (px[:, None] * py[None, :]))))


def _maximal_leakage_row(p: np.ndarray) -> Row:
    import qif

    channel = p / p.sum(axis=1, keepdims=True)
    ours_value = info.maximal_leakage(p)
    qif_value = float(np.log2(qif.measure.bayes_vuln.mult_capacity(channel)))
    if not np.isclose(ours_value, qif_value, rtol=1e-12, atol=1e-12):
        raise AssertionError(f"maximal leakage disagrees with qif: {ours_value!r} vs {qif_value!r}")
    times: dict[str, list[float]] = {"ours": [], "qif": []}
    for _ in range(ROUNDS):
        times["ours"].append(median_time(lambda: info.maximal_leakage(p), repeat=3))
        times["qif"].append(
            median_time(lambda: qif.measure.bayes_vuln.mult_capacity(channel), repeat=3)
        )
    return Row(
        f"maximal_leakage {N}x{N} dense",
        statistics.median(times["ours"]),
        statistics.median(times["qif"]),
        "qif",
        min_ratio=1.0,
        note="log2 bayes_vuln.mult_capacity of p(y|x)",
    )


def main() -> int:
    import dit
    import xarray as xr

    p = _random_joint(N, SEED)
    coords = {"X0": np.arange(N), "X1": np.arange(N)}
    dist = dit.Distribution(xr.DataArray(p, dims=["X0", "X1"], coords=coords))

    ours_value = info.mutual_information(p)
    dit_value = dit.shannon.mutual_information(dist, [0], [1])
    plain_value = _plain_numpy_mi(p)
    for name, value in (("dit", dit_value), ("plain numpy", plain_value)):
        if not np.isclose(ours_value, value, rtol=1e-10, atol=1e-12):
            raise AssertionError(
                f"mutual information disagrees with {name}: {ours_value!r} vs {value!r}"
            )

    # Interleaved rounds, so that all three see the same load on a shared machine; each
    # figure is the median over rounds of the median of ``repeat`` runs.
    fns = {
        "ours": lambda: info.mutual_information(p),
        "dit": lambda: dit.shannon.mutual_information(dist, [0], [1]),
        "numpy": lambda: _plain_numpy_mi(p),
    }
    times: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(ROUNDS):
        for key, fn in fns.items():
            times[key].append(median_time(fn, repeat=3))
    ours, theirs_dit, theirs_np = (statistics.median(times[k]) for k in ("ours", "dit", "numpy"))
    rows = [
        Row(
            f"mutual_information {N}x{N} dense",
            ours,
            theirs_dit,
            "dit",
            min_ratio=1.5,
            note="dit.shannon.mutual_information",
        ),
        Row(
            f"mutual_information {N}x{N} dense",
            ours,
            theirs_np,
            "naive numpy formula",
            min_ratio=1.5,
            note="np.nansum(p*log2(p/(px*py)))",
        ),
        _maximal_leakage_row(p),
    ]
    return report("nsp.info", rows)


if __name__ == "__main__":
    raise SystemExit(main())
