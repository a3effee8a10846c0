"""The bootstrap over mechanisms, one floor below :mod:`nsp.notions`, shared with its neighbours.

:mod:`nsp.notions` (the comparison's intervals and its sample-size rule), :mod:`nsp.estimate`
(their public face: :func:`nsp.estimate.estimate_many`, :func:`nsp.estimate.diagnostics`) and
the comparison paper's sampling check (:mod:`nsp.papers.compare`) all resample count tables
and evaluate sweeps of :class:`~nsp.notions.Mechanism` on the replicates. The pieces they
share live here, private, on the floor just below the lowest of them, so that none reaches
into another's private modules:

* :mod:`._mechanism`: :class:`Mechanism`, the release channel (public as
  :class:`nsp.notions.Mechanism`);
* :mod:`._columns`: the names and groups of the columns (:data:`COLUMNS` and
  :func:`sibson_column` are public in :mod:`nsp.notions`);
* :mod:`._bootstrap`: the batched kernel over a stack of joints, multinomial replicates, the
  jackknife and the percentile interval;
* :mod:`._sample`: the sample-size rule (public as :func:`nsp.estimate.diagnostics`);
* :mod:`._selection`: a release refitted on every resample, or fitted on a split;
* :mod:`._ties`: the widening of a maximum's interval at a tie.

A name is exported here when a package other than this one uses it; the modules import one
another directly. Nothing here validates what the public functions above have validated.
"""

from nsp._resampling._bootstrap import (
    counts_of,
    interval,
    jackknife,
    jackknife_centres,
    replicate_columns,
    stack_columns,
    upper_bounds,
    with_intervals,
)
from nsp._resampling._columns import (
    CHUNK_BYTES,
    COLUMNS,
    FIXED_COLUMNS,
    SHANNON_COLUMNS,
    STACK_COLUMNS,
    SUPPORT_COLUMNS,
    leakage_columns,
    measure_columns,
    sibson_column,
)
from nsp._resampling._mechanism import Mechanism
from nsp._resampling._sample import (
    MAX_UNSEEN_MASS,
    MIN_RECORDS_PER_CELL,
    diagnostics,
    diagnostics_of,
)
from nsp._resampling._selection import (
    ESTIMANDS,
    SELECTIONS,
    extend,
    refit_intervals,
    refit_release,
    restrict,
    split_releases,
)
from nsp._resampling._ties import MAX_COLUMNS, tie_margins, tie_orders, widen_frame, widen_tied

__all__ = [
    "CHUNK_BYTES",
    "COLUMNS",
    "ESTIMANDS",
    "FIXED_COLUMNS",
    "MAX_COLUMNS",
    "MAX_UNSEEN_MASS",
    "MIN_RECORDS_PER_CELL",
    "Mechanism",
    "SELECTIONS",
    "SHANNON_COLUMNS",
    "STACK_COLUMNS",
    "SUPPORT_COLUMNS",
    "counts_of",
    "diagnostics",
    "diagnostics_of",
    "extend",
    "interval",
    "jackknife",
    "jackknife_centres",
    "leakage_columns",
    "measure_columns",
    "refit_intervals",
    "refit_release",
    "replicate_columns",
    "restrict",
    "sibson_column",
    "split_releases",
    "stack_columns",
    "tie_margins",
    "tie_orders",
    "upper_bounds",
    "widen_frame",
    "widen_tied",
    "with_intervals",
]
