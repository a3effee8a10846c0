"""The membership game on noiselessly private aggregates (Farokhi, Sec. V-A, Figs. 2–3).

An adversary names two households ``i0, i1``; the curator secretly picks ``j ∈ {0, 1}``, adds
``n − 1`` other households and releases the quantized average consumption of the group, one
value per day. The adversary, who knows both households' series, guesses ``j``. The advantage
``Adv = 2 |P{ĵ = j} − ½|`` is estimated over many games for three guessing policies
(correlation, mean square error, matching peaks), against the privacy budget ε.

The quantizer follows Theorem 8: ``q = levels(ε, S = R/n, R)`` levels on a range ``[lo, hi]`` that
every household's daily consumption is known to lie in (``bounds``; by default the data's own
``[0, max X]``, or a bound fixed in advance such as :func:`meter_range`). ``q`` does not depend
on the range, but the bin width ``(hi − lo)/q`` does, and so does what the adversary sees: a
wider range gives coarser bins. The level rule is the paper's by default (``q = ⌊n 2^ε⌋``,
which really spends more than ε: ``log2(2^ε + 1)`` bits for integer ε; the realized budget is
reported beside every point) or the corrected rule.

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019, Sec. V-A.
"""

from nsp.papers.noiseless.membership._game import (
    AUSGRID_HOUSEHOLDS,
    AUSGRID_WINDOW,
    BIAS_RELEASES,
    NEGLIGIBLE_ADVANTAGE,
    POLICIES,
    advantage,
    advantage_curves,
    advantage_view,
    complete_days_matrix,
    correlation_bias,
    daily_matrix,
    draw_games,
    meter_range,
    play,
    quantizer_levels,
)

__all__ = [
    "advantage_view",
    "AUSGRID_HOUSEHOLDS",
    "AUSGRID_WINDOW",
    "BIAS_RELEASES",
    "NEGLIGIBLE_ADVANTAGE",
    "POLICIES",
    "advantage",
    "advantage_curves",
    "complete_days_matrix",
    "correlation_bias",
    "daily_matrix",
    "draw_games",
    "meter_range",
    "play",
    "quantizer_levels",
]
