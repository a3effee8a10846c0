"""The privacy-funnel paper of Makhdoumi, Salamatian, Fawaz & Médard: instances, values, census.

A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, *From the information bottleneck to the
privacy funnel*, IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.

The paper prints no numeric example; this module holds the five hand-checkable worked
examples E1–E5 defined in ``docs/papers/privacy_funnel.md`` (their joint pmfs and the values
derived by hand), the census experiment of Section IV-B and Fig. 1, and the table builders of
the notebooks in ``notebooks/privacy_funnel/``. The measures and algorithms themselves are
general and live in :mod:`nsp.clustering.funnel`.

Census experiment
    UCI Adult (train + test, 48,842 records) is discretized as follows, the paper being silent
    on the details: age → 7 left-closed bins with edges 17, 25, 35, 45, 55, 65, 75, 91
    ("decade"); education → 4 levels by ``education-num``: 1–8 (< HS), 9 (HS-grad), 10–12
    (some college / associate), 13–16 (bachelor's or more) ("4level"); sex → Female 0, Male 1;
    income → ``<=50K`` 0, ``>50K`` 1. The private ``S = (age, income)`` (14 letters) and the
    released ``X = (age, sex, education)`` (56 letters) are indexed in C order
    (``x = 8 age + 4 sex + edu``, ``s = 2 age + income``) and ``P_{S,X}`` is the table of
    empirical frequencies (no smoothing). The options the paper leaves open (file, age bins,
    education grouping, dropping incomplete rows, attribute sets) are parameters. The coding
    and counting are :func:`nsp.datasets.discretize_adult` and
    :func:`nsp.datasets.census_joint` (in memory or on Dask); :func:`adult_census_joint`
    builds the experiment's :class:`~nsp.joint.Joint` from them.

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE Information Theory Workshop (ITW), 2014,
   doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from __future__ import annotations

from typing import Any

from nsp._lazy import exported, lazy_attribute

#: The submodule that defines each public name, imported on first use: a notebook runs (and
#: is re-run for a change to) only the modules it uses.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_examples": (
        "E1_P_SX",
        "E1_GREEDY",
        "E2_P_SX",
        "E3_P_SY",
        "E3_VALUES",
        "E4_P_SX",
        "E4_SUMMARY",
        "E4_MERGE_COSTS",
        "E4_DETERMINISTIC",
        "E4_GREEDY",
        "E5_SUMMARY",
        "groups_text",
        "worked_examples_table",
        "theorem1_instances",
    ),
    "_census": (
        "adult_census_joint",
        "CENSUS_DEFAULTS",
        "census_configurations",
        "fig1_curves",
        "census_probe",
        "bounds_frame",
        "budget_view",
    ),
}

__all__ = exported(_EXPORTS)


def __getattr__(name: str) -> Any:
    return lazy_attribute(__name__, _EXPORTS, name)


def __dir__() -> list[str]:
    return list(__all__)
