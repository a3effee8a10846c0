"""Cost of every method family as the public alphabet grows: 2 × n joints, n = 128, 512, 2,048.

Each family of :data:`nsp.notions.FAMILIES` is fitted alone with its default sweep
(:func:`nsp.notions.all_methods` with ``families=[family]``, what the comparison runs) on a
random 2 × n count table (Dirichlet(1) masses, 100 records per letter on average, every letter
seen). One timed run per size (these are long; no warm-up beyond the smallest size's first
import). The note gives the growth exponent fitted through the sizes run so far (the slope of
log time against log n).

A size whose time, extrapolated from the smaller sizes with that exponent (3 with a single
size), would pass ``NSP_BENCH_GROWTH_CAP`` seconds (default 600) is not run: its row shows
``inf`` with the extrapolation in the note, and fails its target if it has one.

Targets: the Γ(D) sanitizer's family (``equivocation``, 7 budgets) on 2 × 512 in 30 s and on
2 × 2,048 in 5 minutes; the privacy funnel's family (3 greedy algorithms × 41 budgets) on
2 × 2,048 in 30 s. No anchor: no other library fits these methods.

Quick (``--quick``): n = 16, 32, 64.

Run: ``.venv/bin/python -m benchmarks growth``; ``--family funnel`` (repeatable, or
comma-separated) times only the families named.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

import numpy as np

from benchmarks._timing import QUICK, Row, clock, report
from nsp.joint import Joint
from nsp.notions import FAMILIES, all_methods

#: Sizes n of the 2 × n joints.
SIZES: tuple[int, ...] = (16, 32, 64) if QUICK else (128, 512, 2048)

#: Seconds a single fit may be extrapolated to take and still be run.
CAP = float(os.environ.get("NSP_BENCH_GROWTH_CAP", "600"))

#: Time limits (seconds) per (family, n).
TARGETS: dict[tuple[str, int], float] = {
    ("equivocation", 512): 30.0,
    ("equivocation", 2048): 300.0,
    ("funnel", 2048): 30.0,
}


def table(n: int, seed: int) -> Joint:
    """Return a random 2 × n count table with every letter of X seen."""
    rng = np.random.default_rng([seed, n])
    p = rng.dirichlet(np.ones(2 * n)).reshape(2, n)
    counts = rng.multinomial(100 * n, p.reshape(-1)).reshape(2, n)
    counts[0, counts.sum(axis=0) == 0] = 1
    return Joint.from_counts(counts, name=f"random 2x{n}")


def exponent(sizes: list[int], times: list[float]) -> float | None:
    """Return the least-squares slope of log time against log n (None below two sizes)."""
    if len(sizes) < 2:
        return None
    return float(np.polyfit(np.log(sizes), np.log(times), 1)[0])


def family_rows(family: str) -> list[Row]:
    """Time ``family`` on every size, skipping those extrapolated past :data:`CAP`."""
    rows, sizes, times = [], [], []
    for n in SIZES:
        target = TARGETS.get((family, n))
        name = f"{family} family, 2 x {n}"
        if sizes:
            slope = exponent(sizes, times) or 3.0
            guess = times[-1] * (n / sizes[-1]) ** max(slope, 1.0)
            if guess > CAP:
                note = f"not run: about {guess:.0f} s extrapolated (n^{slope:.1f}) > cap {CAP:g} s"
                rows.append(Row(name, math.inf, max_seconds=target, note=note))
                continue
        joint = table(n, seed=0)
        start = clock()
        mechs = all_methods(joint, families=[family])
        elapsed = clock() - start
        sizes.append(n)
        times.append(elapsed)
        slope = exponent(sizes, times)
        grows = f"n^{slope:.2f} so far" if slope is not None else "first size"
        rows.append(Row(name, elapsed, max_seconds=target, note=f"{len(mechs)} releases; {grows}"))
        print(f"  {name}: {elapsed:.1f} s ({grows})", flush=True)  # a long run shows progress
    return rows


def families(argv: list[str]) -> list[str]:
    """Return the families named by ``--family`` in ``argv`` (every family without one).

    Raises
    ------
    SystemExit
        If a name is not a family of :data:`nsp.notions.FAMILIES`.
    """
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--family", action="append", default=[])
    known, _ = parser.parse_known_args(argv)
    names = [name for arg in known.family for name in arg.split(",") if name]
    unknown = [name for name in names if name not in FAMILIES]
    if unknown:
        raise SystemExit(
            f"--family: unknown {', '.join(unknown)}; the families: {', '.join(FAMILIES)}"
        )
    return [family for family in FAMILIES if family in names] if names else list(FAMILIES)


def main() -> int:
    """Run every family (or those of ``--family``) on every size and print the table."""
    rows = [row for family in families(sys.argv[1:]) for row in family_rows(family)]
    return report("method families on 2 x n joints: time to fit the default sweep", rows)


if __name__ == "__main__":
    raise SystemExit(main())
