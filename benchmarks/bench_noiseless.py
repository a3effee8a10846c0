"""Speed of the noiseless-privacy experiments at the paper's scale.

- Fig. 6: uniqueness of quantized start-end points for 25 budgets on one million trips
  (target < 5 s, and at least 5x faster than the naive anchor: a direct np.unique per budget).
- Fig. 3: the membership game, 1,000 games x 10 budgets x 4 group sizes on 300 households x 365
  days, the paper's size (target < 60 s; no anchor: no library plays this game).

Quick (``--quick``): 10^5 trips, 50 games.
"""

from __future__ import annotations

import numpy as np

from benchmarks._timing import QUICK, Row, median_time, report
from nsp.datasets import grid_keys, uniqueness_vs_epsilon
from nsp.papers.noiseless import membership, taxi

#: Trips of Fig. 6 and games of Fig. 3.
N_TRIPS, N_GAMES = (100_000, 50) if QUICK else (1_000_000, 1000)


def main() -> int:
    trips = taxi.synthetic_trips(N_TRIPS, seed=0)
    eps = list(range(0, 50, 2))

    def direct() -> None:
        for e in eps:
            keys = grid_keys(trips, taxi.boxes_for(e))
            _, counts = np.unique(keys, axis=0, return_counts=True)

    ours = median_time(lambda: uniqueness_vs_epsilon(trips, eps), repeat=3)
    theirs = median_time(direct, repeat=1, warmup=0)
    rng = np.random.default_rng(0)
    X = rng.gamma(4.0, 4.0, size=(300, 365)) * (1 + 0.3 * np.sin(np.arange(365) / 58.0))
    game = median_time(
        lambda: membership.advantage_curves(X, n_games=N_GAMES, progress=False), repeat=1, warmup=0
    )
    return report(
        "noiseless experiments",
        [
            Row(
                f"Fig. 6: 25 budgets, {N_TRIPS:.0e} trips".replace("e+0", "e"),
                ours,
                theirs,
                "naive np.unique per budget",
                min_ratio=5.0,
                max_seconds=5.0,
                note="np.unique(axis=0) of the quantized keys",
            ),
            Row(
                f"Fig. 3: {N_GAMES} games x 10 eps x 4 n, 300x365",
                game,
                None,
                "",
                max_seconds=60.0,
            ),
        ],
    )


if __name__ == "__main__":
    raise SystemExit(main())
