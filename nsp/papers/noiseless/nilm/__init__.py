"""Non-intrusive load monitoring under local noiseless privacy (Farokhi, Sec. V-B, Fig. 4).

The household's mains is reported through a local linear quantizer with ``⌊2^ε⌋`` levels; a
combinatorial-optimisation (CO) disaggregator, written here as NILMTK does it, estimates which
appliances are on, and the F-score of those on/off states measures what the quantized mains
still reveals. NILMTK's CO has had two behaviours, both available here through ``standby``: its
development code after v0.2 (2014–15) added a "vampire power", the smallest value of the mains
series it disaggregates, to every combination of states (``standby="series_min"``); NILMTK 0.4
has that term commented out (``standby="none"``). On a quantized series the smallest value is
the lowest bin's midpoint, so the choice decides how the F-score falls with ε. The guess
"always on" (:func:`always_on_f1`) is the floor any of them must beat.

:func:`redd_house1_fscore_vs_epsilon` runs it on REDD house 1 (the paper's house and period,
:func:`nsp.datasets.load_redd_house1`) with the paper's top five appliances. The real UK
households (:func:`household_fscore_vs_epsilon`) and a synthetic REDD-like household
(:func:`synthetic_household`) are extras; :func:`redd_series` reads REDD's original
``low_freq`` files when a user has them.

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019, Sec. V-B.
"""

from nsp.papers.noiseless.nilm._disaggregation import (
    ON_THRESHOLD,
    PAPER_SPLIT,
    PAPER_WINDOW,
    REDD_HOUSE1_APPLIANCES,
    REDD_HOUSE1_METERS,
    CombinatorialOptimisation,
    always_on_f1,
    appliance_states,
    complete_months,
    f1_on_off,
    fscore_vs_epsilon,
    household_fscore_vs_epsilon,
    privatize,
    redd_house1_fscore_vs_epsilon,
    redd_series,
    resample,
    standby_watts,
    synthetic_household,
    window,
)

__all__ = [
    "ON_THRESHOLD",
    "PAPER_SPLIT",
    "PAPER_WINDOW",
    "REDD_HOUSE1_APPLIANCES",
    "REDD_HOUSE1_METERS",
    "CombinatorialOptimisation",
    "always_on_f1",
    "appliance_states",
    "complete_months",
    "f1_on_off",
    "fscore_vs_epsilon",
    "household_fscore_vs_epsilon",
    "privatize",
    "redd_house1_fscore_vs_epsilon",
    "redd_series",
    "resample",
    "standby_watts",
    "synthetic_household",
    "window",
]
