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
  interval of the replicates moved by the bootstrap estimate of the plug-in's bias.
* The Shannon columns (:data:`SHANNON_COLUMNS`) have a bias-corrected point: the delete-one
  jackknife (default) or Miller–Madow; the plug-in stays in the ``plugin`` column, and any
  column estimated by its plug-in says ``plugin`` in ``estimator``.
* Which columns depend on the data: with a fixed release channel ``W``, ``I(S;Y)``, the
  maximal leakage, Sibson's ``I_α`` and the utilities depend on ``p(s, x)`` (intervals);
  ``L0``, ``I*``, noiseless ε and the Hartley entropies only on its support
  (:data:`SUPPORT_COLUMNS`): the bootstrap never draws a cell the data did not see, so it
  cannot give them a valid interval, and their status says whether one record can change
  them; the LDP ε of ``W`` does not depend on the data at all (:data:`FIXED_COLUMNS`).

Contents
--------
:func:`estimate_many`, :func:`diagnostics`; :data:`ESTIMATORS`, :data:`STATUSES`,
:data:`SHANNON_COLUMNS`, :data:`SUPPORT_COLUMNS`, :data:`FIXED_COLUMNS`,
:data:`MIN_RECORDS_PER_CELL`, :data:`MAX_UNSEEN_MASS`.

References
----------
G. A. Miller, *Note on the bias of information estimates*, 1955 (Miller–Madow).
B. Efron, R. Tibshirani, *An introduction to the bootstrap*, 1993 (jackknife, basic
interval).
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

from __future__ import annotations

from nsp.estimate._estimate import (
    ESTIMATORS,
    FIXED_COLUMNS,
    SHANNON_COLUMNS,
    STATUSES,
    SUPPORT_COLUMNS,
    estimate_many,
)
from nsp.notions._sample import MAX_UNSEEN_MASS, MIN_RECORDS_PER_CELL, diagnostics

__all__ = [
    "ESTIMATORS",
    "FIXED_COLUMNS",
    "MAX_UNSEEN_MASS",
    "MIN_RECORDS_PER_CELL",
    "SHANNON_COLUMNS",
    "STATUSES",
    "SUPPORT_COLUMNS",
    "diagnostics",
    "estimate_many",
]
