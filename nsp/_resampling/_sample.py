"""What a count table can say: records per cell, cells seen once, the Good–Turing unseen mass.

The sample-size rule of nsp lives here, once: :func:`diagnostics` states it and says whether a
table breaks it. Both floors that judge estimates read it — :mod:`nsp.estimate` (the status
``interval_small_sample``) and the comparison of :mod:`nsp.notions` (a lead computed from a
table that breaks the rule is not a win) — and :mod:`nsp.estimate` is its public face.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from nsp._resampling._bootstrap import counts_of
from nsp.joint import Joint

__all__ = ["MAX_UNSEEN_MASS", "MIN_RECORDS_PER_CELL", "diagnostics", "diagnostics_of"]

#: The sample-size rule, first half: warn below this many records per cell of the table.
MIN_RECORDS_PER_CELL = 5.0
#: The sample-size rule, second half: warn above this Good–Turing unseen mass ``n1 / N``.
MAX_UNSEEN_MASS = 0.01


def diagnostics(joint: Joint | ArrayLike) -> dict[str, Any]:
    """Return the sample-size diagnostics of a count table.

    The rule of the warning: an estimate from the table is flagged when it has fewer than
    :data:`MIN_RECORDS_PER_CELL` (5) records per cell of the table, or when the Good–Turing
    estimate of the probability of an unseen value, ``n1 / N`` (cells seen once over
    records), exceeds :data:`MAX_UNSEEN_MASS` (1 %). Below either line the plug-in pmf is
    not the source: Shannon terms are biased by about ``(cells − 1) / (2N)`` nats, and the
    support-based notions (L0, I*, noiseless ε) rest on cells a single record decides.

    Parameters
    ----------
    joint : Joint or array_like of int, shape (n_s, n_x)
        A :class:`~nsp.joint.Joint` with counts (or with ``n_records`` and an integral
        ``p_sx * n_records``), or a count table.

    Returns
    -------
    dict
        ``n_records`` (N), ``n_cells`` (of the table, ``n_s * n_x``), ``n_seen_cells``,
        ``n_empty_cells``, ``n_singletons`` (cells seen once, n1), ``n_doubletons`` (seen
        twice), ``records_per_cell`` (N / n_cells), ``unseen_mass`` (n1 / N), ``warning``
        (bool) and ``message`` (the rule and what broke it, or ``""``).

    Raises
    ------
    ValueError
        If ``joint`` is neither a count table nor a joint with its record counts.

    See Also
    --------
    estimate_many : The estimates these diagnostics qualify.

    Examples
    --------
    >>> d = diagnostics([[40, 1, 0], [30, 29, 0]])
    >>> d["n_records"], d["n_singletons"], d["n_empty_cells"], round(d["unseen_mass"], 4)
    (100, 1, 2, 0.01)
    >>> d["records_per_cell"], d["warning"]
    (16.666666666666668, False)
    >>> diagnostics([[3, 1], [0, 1]])["message"]
    'fewer than 5 records per cell (1.25); Good–Turing unseen mass n1/N = 0.4 above 0.01'
    """
    cnt = counts_of(joint)
    n = int(cnt.sum())
    n1 = int(np.count_nonzero(cnt == 1))
    per_cell = n / cnt.size
    unseen = n1 / n
    why = []
    if per_cell < MIN_RECORDS_PER_CELL:
        why.append(f"fewer than {MIN_RECORDS_PER_CELL:g} records per cell ({per_cell:.3g})")
    if unseen > MAX_UNSEEN_MASS:
        why.append(f"Good–Turing unseen mass n1/N = {unseen:.3g} above {MAX_UNSEEN_MASS:g}")
    return {
        "n_records": n,
        "n_cells": int(cnt.size),
        "n_seen_cells": int(np.count_nonzero(cnt)),
        "n_empty_cells": int(np.count_nonzero(cnt == 0)),
        "n_singletons": n1,
        "n_doubletons": int(np.count_nonzero(cnt == 2)),
        "records_per_cell": per_cell,
        "unseen_mass": unseen,
        "warning": bool(why),
        "message": "; ".join(why),
    }


def diagnostics_of(joint: Joint) -> dict[str, Any] | None:
    """Return :func:`diagnostics` of a joint that carries its record counts, else None.

    A joint built from a pmf alone (no ``counts``, ``n_records`` 0 or ``p_sx * n_records``
    not integral) is taken as the source itself: there is no sample to judge.
    """
    try:
        counts = counts_of(joint)
    except ValueError:
        return None
    return diagnostics(counts)
