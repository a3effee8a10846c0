"""Speed of the exact individual channel capacity C_1 (Wu, Theorem 3.1).

Two instances: randomized response over n = 8 binary individuals
(query: at least half of the records are 1) and the exponential channel on a count query with
n = 6, k = 7 (N = 1). On each, the exact set-DP method (maximal row sets, cached, pruned by a
certified bound) runs against the literal enumeration of the sets S_i in the same process; the
two values must agree to 1e-9. Targets: exact < 1 s on both; >= 10x faster than enumeration on
the larger enumeration (the exponential channel: 216 members of the S_i against 32 for RR)
and no slower on the smaller one.

Every member of those S_i has two distinct rows, which nsp.channels solves directly (closed
form or a bracketed root). A third row times the literal enumeration on the exponential
instance with that direct path against the general capacity path (private switch
``nsp.channels._capacity._DIRECT_TWO_ROWS = False``) in the same run: what the enumeration,
the tests and notebook 05 gain from it.
Quick (``--quick``): the same instances, one timed run of each side (not 5, or 3).
Run: ``.venv/bin/python -m benchmarks.bench_privacy_channels``.
"""

from __future__ import annotations

import sys

import nsp.channels._capacity
from benchmarks._timing import QUICK, Row, median_time, report
from nsp.papers.privacy_channels import count_query
from nsp.privacy_channels import (
    ProductUniverse,
    exponential_channel,
    individual_channel_capacity,
    randomized_response_channel,
)

#: Timed runs of the fast side, and of the literal enumeration in the exact-vs-literal rows.
REPEAT, REPEAT_ENUM = (1, 1) if QUICK else (5, 3)


def _pair(name: str, ch, *, min_ratio: float | None) -> Row:
    exact = individual_channel_capacity(ch)
    literal = individual_channel_capacity(ch, method="enumerate")
    if abs(exact.value - literal.value) > 1e-9:
        raise AssertionError(f"{name}: exact {exact.value!r} != enumeration {literal.value!r}")
    t_exact = median_time(lambda: individual_channel_capacity(ch), repeat=REPEAT)
    t_enum = median_time(
        lambda: individual_channel_capacity(ch, method="enumerate"), repeat=REPEAT_ENUM
    )
    label = f"{name} ({exact.n_evaluated} vs {literal.n_evaluated} BA runs)"
    return Row(
        label,
        t_exact,
        t_enum,
        "naive literal enumeration",
        min_ratio=min_ratio,
        max_seconds=1.0,
        note="of the sets S_i, same process",
    )


def _two_row_path(name: str, ch) -> Row:
    def run():
        return individual_channel_capacity(ch, method="enumerate")

    direct = run()
    t_direct = median_time(run, repeat=REPEAT)
    nsp.channels._capacity._DIRECT_TWO_ROWS = False
    try:
        general = run()
        t_general = median_time(run, repeat=REPEAT)
    finally:
        nsp.channels._capacity._DIRECT_TWO_ROWS = True
    if abs(direct.value - general.value) > 1e-9:
        raise AssertionError(f"{name}: direct {direct.value!r} != general {general.value!r}")
    return Row(
        f"{name}: direct two-row path",
        t_direct,
        t_general,
        "naive general path",
        min_ratio=2.0,
        note="capacity by BA warm start + Newton",
    )


def main() -> int:
    rr = randomized_response_channel(ProductUniverse.binary(8), lambda *x: int(sum(x) >= 4), p=0.2)
    U, f = count_query(6)
    ex = exponential_channel(U, f, N=1.0)
    rows = [
        _pair("C1 RR, n=8 binary", rr, min_ratio=1.0),
        _pair("C1 exponential, count n=6, k=7", ex, min_ratio=10.0),
        _two_row_path("C1 enumeration, exponential n=6, k=7", ex),
    ]
    return report("privacy_channels: exact C1 (Theorem 3.1)", rows)


if __name__ == "__main__":
    sys.exit(main())
