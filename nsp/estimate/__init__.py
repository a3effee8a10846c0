"""Every notion of :mod:`nsp.notions` estimated from data: point, interval, diagnostics.

Every number computed on a count table treats the empirical pmf as the source; this module
says how far the data back it. :func:`estimate_many` takes a sweep of mechanisms and a count
table (a :class:`~nsp.joint.Joint` with counts, or the counts) and returns, for every column
of :func:`nsp.notions.evaluate_many`, a point estimate, a confidence interval and a status;
:func:`diagnostics` gives the sample-size diagnostics of the table (records per cell, cells
seen once, the Good–Turing unseen mass ``n1 / N``) and a warning with its rule.

How
---
* Resampling is multinomial on the count table, never by copying records: ``n_boot``
  replicate tables are drawn at once and the whole sweep is evaluated on the stack of
  replicates with the batched kernel of :mod:`nsp.notions`. The interval is the percentile
  interval of the replicates centred on the bias-corrected point (their mean moved onto it).
* Every interval says what it is an interval of (``estimand``, :data:`ESTIMANDS`). A release
  fitted to the data (every sweep of :mod:`nsp.notions` sets ``Mechanism.fit``) is optimistic
  on its own sample; by default (``selection="refit"``) the method is refitted on every
  resample and the interval is of the release's leakage on the population (the optimism
  bootstrap; it counts how much the refitted release varies between resamples); ``"split"``
  fits on part of the records and measures on the rest; ``"fixed"`` takes the channel as
  given. :func:`coverage` measures how often the intervals hold the
  truth of a known population.
* A maximum over letters (maximal leakage, Bayes error, prior error) is not regular at a tie:
  where the data cannot exclude one, its interval is widened for it (status
  ``interval_tie``); so is Sibson's I_α of order above 2, nearly a maximum over secrets.
* The Shannon columns (:data:`SHANNON_COLUMNS`) have a bias-corrected point: the delete-one
  jackknife (default) or Miller–Madow; Sibson's I_α the jackknife; the plug-in stays in the
  ``plugin`` column, and any column estimated by its plug-in says ``plugin`` in
  ``estimator``. :func:`coverage` and the tests check the intervals on five reference
  populations (a generic source, secrets tied in pairs, independence, S a function of X, a
  cell of mass 0.002) at 100, 500 and 2,000 records.
* Which columns depend on the data: with a fixed release channel ``W``, ``I(S;Y)``, the
  maximal leakage, Sibson's ``I_α`` and the utilities depend on ``p(s, x)`` (intervals);
  ``L0``, ``I*``, noiseless ε and the Hartley entropies only on its support
  (:data:`SUPPORT_COLUMNS`): the bootstrap never draws a cell the data did not see, so it
  cannot give them a valid interval, and their status says whether one record can change
  them; the LDP ε of ``W`` does not depend on the data at all (:data:`FIXED_COLUMNS`).

Contents
--------
:func:`estimate_many`, :func:`coverage`, :func:`diagnostics`; :data:`ESTIMATORS`,
:data:`STATUSES`, :data:`ESTIMANDS`, :data:`SELECTIONS`, :data:`SHANNON_COLUMNS`,
:data:`SUPPORT_COLUMNS`, :data:`FIXED_COLUMNS`, :data:`MAX_COLUMNS`,
:data:`MIN_RECORDS_PER_CELL`, :data:`MAX_UNSEEN_MASS`.

References
----------
G. A. Miller, *Note on the bias of information estimates*, 1955 (Miller–Madow).
B. Efron, R. Tibshirani, *An introduction to the bootstrap*, 1993 (jackknife, basic
interval; §17.6, the optimism bootstrap of a fitted model).
D. W. K. Andrews, G. Soares, *Inference for parameters defined by moment inequalities using
generalized moment selection*, Econometrica, 2010 (a threshold of order √(ln N) for near-binding
constraints, as for near-tied maxima here).
I. J. Good, *The population frequencies of species and the estimation of population
parameters*, Biometrika, 1953 (unseen mass).
L. Paninski, *Estimation of entropy and mutual information*, Neural Computation, 2003.

Examples
--------
>>> from nsp.joint import Joint
>>> from nsp.notions import Mechanism
>>> j = Joint.from_counts([[150, 50], [40, 160]], name="noisy copy")
>>> diagnostics(j)["warning"]
False
>>> est = estimate_many([Mechanism.from_labels([0, 1], method="copy")], j, n_boot=200)
>>> est.set_index("column").loc["maximal_leakage", ["estimator", "status"]].tolist()
['plugin', 'interval']
"""

from nsp._resampling import MAX_UNSEEN_MASS, MIN_RECORDS_PER_CELL, diagnostics
from nsp.estimate._coverage import coverage
from nsp.estimate._estimate import (
    ESTIMANDS,
    ESTIMATORS,
    FIXED_COLUMNS,
    MAX_COLUMNS,
    SELECTIONS,
    SHANNON_COLUMNS,
    STATUSES,
    SUPPORT_COLUMNS,
    estimate_many,
)

__all__ = [
    "ESTIMANDS",
    "ESTIMATORS",
    "FIXED_COLUMNS",
    "MAX_COLUMNS",
    "MAX_UNSEEN_MASS",
    "MIN_RECORDS_PER_CELL",
    "SELECTIONS",
    "SHANNON_COLUMNS",
    "STATUSES",
    "SUPPORT_COLUMNS",
    "coverage",
    "diagnostics",
    "estimate_many",
]
