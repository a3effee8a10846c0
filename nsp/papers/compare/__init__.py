"""The five notions side by side: the comparison's joints, tables and figures.

Not a paper: the comparison runs every paper's method (:func:`nsp.notions.all_methods` and the
``*_sweep`` functions) on the same joint and measures every release by every notion
(:func:`nsp.notions.evaluate_methods`); the analysis (frontiers, best methods, reversals,
definedness) is in :mod:`nsp.notions`. Its key is ``compare``, as the papers' keys: notebooks
in ``notebooks/compare/``, figures in ``figures/compare/``. This package holds what is specific
to it:

* its two joints, :func:`census_income_joint` (Adult, S = income) and :func:`heart_joint`
  (Hungarian heart data, S = age, X = cholesterol, ordered), and :func:`comparison_joint` by
  name (one of :data:`DATASETS`);
* its tables and figures: :func:`markdown_table` and :func:`shares_markdown` (markdown
  renderings of the best methods and of the winner shares, with the methods' short names
  :data:`SHORT`), :func:`save_markdown` (written beside the figures) and
  :func:`frontier_figure` (every method's frontier, one panel per notion, with the bands of
  the bootstrap intervals);
* how the comparison depends on the sample: :func:`resample_joint` (fewer, or as many,
  records drawn from a joint's counts), :func:`standing_on_grid` (the winners of a
  best-methods table at given budgets, to compare two samples budget by budget) and
  :func:`population_check` (the comparison on samples of a known population, its intervals
  and backed wins checked against the truth, for the notions :data:`CHECKED`);
* the comparison on a user's own table, in one call: :func:`compare_table` (S = a secret
  column, X = some public columns of a DataFrame, a CSV or Parquet file, or files beyond
  memory on Dask; every method, every notion, the tables, the frontier figures and a short
  report, returned as a :class:`TableComparison` and written into a folder; the command
  ``nsp compare`` runs it), with the input limit :data:`MAX_VALUES`; :func:`census_table`,
  the census records as such a table.

What the comparison shows and where the notions disagree is explained in
``docs/papers/compare.md``.

Examples
--------
>>> from nsp.joint import Joint
>>> from nsp.notions import best_methods_summary, evaluate_methods, funnel_sweep
>>> from nsp.papers.compare import markdown_table
>>> j = Joint([[.25, 0, .25, 0], [0, .25, 0, .25]], name="E1")
>>> frame = evaluate_methods(funnel_sweep(j, algorithms=["greedy_privacy_funnel"], n_budgets=3), j)
>>> best = best_methods_summary(frame, leakages=["mutual_information"],
...                             utilities=["information_loss"])
>>> print(markdown_table(best))
| utility loss | leakage notion | best method (budget range of the loss) |
|---|---|---|
| information loss H(X) − I(X;Y) | I(S;Y) (funnel, equivocation) | funnel Alg. 1 (plug-in \
margin) [0, 1] |
"""

from __future__ import annotations

from typing import Any

from nsp._lazy import exported, lazy_attribute

#: The submodule that defines each public name, imported on first use: a notebook runs (and
#: is re-run for a change to) only the modules it uses.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_joints": (
        "DATASETS",
        "census_income_joint",
        "census_table",
        "comparison_joint",
        "heart_joint",
    ),
    "_report": (
        "KIND_MARKS",
        "SHORT",
        "frontier_figure",
        "markdown_table",
        "save_markdown",
        "shares_markdown",
    ),
    "_sampling": (
        "CHECKED",
        "on_population",
        "population_check",
        "resample_joint",
        "standing_on_grid",
    ),
    "_table": (
        "MAX_VALUES",
        "TableComparison",
        "compare_table",
    ),
}

__all__ = exported(_EXPORTS)


def __getattr__(name: str) -> Any:
    return lazy_attribute(__name__, _EXPORTS, name)


def __dir__() -> list[str]:
    return list(__all__)
