"""The comparison on a user's own table: every method, every notion, one call.

:func:`compare_table` reads a table (a pandas DataFrame, a CSV or Parquet file, or with
``engine="dask"`` files beyond memory), takes S = one secret column and X = the tuple of some
public columns, counts the records per (s, x) cell (:func:`nsp.datasets.cell_counts`), runs
every method of the five papers on that joint (:func:`nsp.notions.all_methods`), measures
every release by every notion with its bootstrap interval
(:func:`nsp.notions.evaluate_methods`) and returns, and optionally writes into a folder, the
tables, the frontier figures and a short report: the same pipeline as the notebooks of
``notebooks/compare/``, on any table.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp._atomic import TEMP_PREFIX, atomic_path
from nsp._dask import as_dask_frame, expand_paths, file_kind, is_dask_frame
from nsp._resources import progress
from nsp._validation import (
    as_path,
    as_sequence,
    check_bool,
    check_choice,
    check_int,
    check_real,
    trusted,
)
from nsp.datasets import cell_counts
from nsp.estimate import SELECTIONS, diagnostics
from nsp.joint import Joint
from nsp.notions import (
    FAMILIES,
    LEAKAGES,
    METHODS,
    MIN_MARGIN,
    UTILITIES,
    WIN_STATUSES,
    all_methods,
    best_methods_summary,
    definedness,
    evaluate_methods,
    reversals,
    winner_shares,
)
from nsp.papers.compare._report import frontier_figure, markdown_table, shares_markdown
from nsp.plotting import savefig, use_style, write_csv

__all__ = ["MAX_VALUES", "TableComparison", "compare_table"]

#: The most distinct values the secret, each public column and X (the observed combinations
#: of the public columns) may take by default. The methods' sweeps and the channel measures
#: grow quickly with the alphabets: a full run on 200 letters of X (5 values of S) takes
#: about five minutes on two cores, and at 300 letters even a quick run takes longer. Bin a
#: numeric column or group rare values to stay below it.
MAX_VALUES: int = 200

_ENGINES = ("pandas", "dask")
_PREFIX = re.compile(r"[A-Za-z0-9_-]*")

#: The methods that run only on an ordered X (see :mod:`nsp.notions`'s sweeps), and why.
_ORDERED_ONLY = frozenset({"noiseless", "exponential", "generalize_to_k_anonymity_interval"})
_NEEDS_ORDER = "needs an ordered X: a single numeric public column"


@dataclass(frozen=True)
class TableComparison:
    """What :func:`compare_table` found: the joint, every table, the report, the files.

    Attributes
    ----------
    joint : nsp.joint.Joint
        The joint of the table: S = the secret column (rows), X = the observed combinations
        of the public columns (columns), with the record counts.
    evaluations : pandas.DataFrame
        Every release of every method measured by every notion, with the bootstrap
        intervals (:func:`nsp.notions.evaluate_methods`).
    best : pandas.DataFrame
        The best method per (utility, notion) and budget of utility loss, with its
        ``status`` (:func:`nsp.notions.best_methods_summary`; statuses of
        :data:`nsp.notions.WIN_STATUSES`).
    shares : pandas.DataFrame
        The share of each notion's budget range each method wins
        (:func:`nsp.notions.winner_shares`).
    reversals : pandas.DataFrame
        Where the winner under one notion loses under another (:func:`nsp.notions.reversals`).
    undefined : pandas.DataFrame
        The (method, notion) pairs that are undefined, infinite, constant or absent, and why
        (:func:`nsp.notions.definedness`).
    methods : pandas.DataFrame
        One row per method: ``method``, ``family``, ``releases`` (how many it made), ``ran``
        and ``reason`` (why it did not run).
    diagnostics : pandas.DataFrame
        One row: the sample-size diagnostics of the count table
        (:func:`nsp.estimate.diagnostics`).
    report : str
        The markdown report (``report.md``).
    files : dict of str to pathlib.Path
        The files written, by name (empty without ``out``).
    """

    joint: Joint
    evaluations: pd.DataFrame
    best: pd.DataFrame
    shares: pd.DataFrame
    reversals: pd.DataFrame
    undefined: pd.DataFrame
    methods: pd.DataFrame
    diagnostics: pd.DataFrame
    report: str
    files: dict[str, Path] = field(default_factory=dict)

    @property
    def utilities(self) -> tuple[str, ...]:
        """The utility losses compared (keys of :data:`nsp.notions.UTILITIES`)."""
        return _utilities(self.joint)


# ----------------------------------------------------------------------------- the inputs


def _column_name(what: str, value: object) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} must be a column name (a non-empty str); got {value!r}")
    return value


def _public_names(public: object, secret: str) -> list[str]:
    names = [public] if isinstance(public, str) else as_sequence("public", public)
    if not names:
        raise ValueError("public must name at least one column")
    out = [_column_name("public", n) for n in names]
    twice = sorted({n for n in out if out.count(n) > 1})
    if twice:
        raise ValueError(f"public names the column(s) {twice} more than once")
    if secret in out:
        raise ValueError(
            f"secret column {secret!r} is also a public column: the secret S and the "
            "released X must be different columns"
        )
    return out


def _available(columns: Sequence[object], limit: int = 30) -> str:
    names = [str(c) for c in columns]
    more = f", … ({len(names) - limit} more)" if len(names) > limit else ""
    return ", ".join(repr(n) for n in names[:limit]) + more


def _check_columns(columns: Sequence[object], secret: str, public: list[str]) -> None:
    present = set(columns)
    for role, name in [("secret", secret), *(("public", p) for p in public)]:
        if name not in present:
            raise ValueError(
                f"{role} column {name!r} is not in the table; its columns are {_available(columns)}"
            )


def _read_file(path: Path, needed: list[str], secret: str, public: list[str]) -> pd.DataFrame:
    """Read the columns ``needed`` of one CSV or Parquet file (pandas engine)."""
    try:
        kind = file_kind([str(path)])
    except ValueError:
        raise ValueError(
            f"table must be a CSV (.csv, .csv.gz) or Parquet (.parquet, .pq) file; got {path}"
        ) from None
    try:
        if kind == "csv":
            header = list(pd.read_csv(path, nrows=0).columns)
        else:
            import pyarrow.parquet as pq  # noqa: PLC0415  (pandas' own Parquet engine)

            header = list(pq.read_schema(path).names)
    except (OSError, ValueError, pd.errors.ParserError) as exc:
        raise ValueError(f"table: could not read {path} as {kind.upper()}: {exc}") from None
    _check_columns(header, secret, public)
    try:
        if kind == "csv":
            return pd.read_csv(path, usecols=needed)
        return pd.read_parquet(path, columns=needed)
    except (OSError, ValueError, pd.errors.ParserError) as exc:
        raise ValueError(f"table: could not read {path} as {kind.upper()}: {exc}") from None


def _records(table: Any, engine: str, secret: str, public: list[str]) -> tuple[Any, str]:
    """Return the records restricted to the secret and public columns, and a name for them."""
    needed = [secret, *public]
    if engine == "pandas":
        if isinstance(table, pd.DataFrame):
            _check_columns(list(table.columns), secret, public)
            return table[needed], "table"
        if is_dask_frame(table):
            raise ValueError("table is a Dask DataFrame: pass engine='dask'")
        if not isinstance(table, str | os.PathLike):
            raise ValueError(
                "table must be a pandas DataFrame or the path of a CSV or Parquet file; got "
                f"{type(table).__name__}"
            )
        path = as_path("table", table, kind="file")
        return _read_file(path, needed, secret, public), _stem(path.name)
    if isinstance(table, pd.DataFrame):
        raise ValueError(
            "table is a pandas DataFrame: pass engine='pandas' (engine='dask' reads files or a "
            "Dask DataFrame)"
        )
    if isinstance(table, str | os.PathLike):
        expand_paths(table)  # a missing file, named, before Dask reads anything
    frame = as_dask_frame(table, columns=None, name="table")
    _check_columns(list(frame.columns), secret, public)
    name = _stem(Path(os.fspath(table)).name) if isinstance(table, str | os.PathLike) else "table"
    return frame[needed], name


def _stem(filename: str) -> str:
    """Return a file's name without extensions and glob characters (``p-*.csv`` → ``p``)."""
    base = filename.split(".", 1)[0]
    return re.sub(r"[^A-Za-z0-9_-]+", "_", base).strip("_-") or "table"


def _too_many(what: str, n: int, max_values: int, advice: str) -> ValueError:
    return ValueError(
        f"{what} has {n:,} distinct values, more than max_values={max_values}: {advice} "
        "(the methods' sweeps grow quickly with the alphabets; max_values raises the limit)"
    )


def _check_alphabets(sizes: pd.Series, secret: str, public: list[str], max_values: int) -> None:
    """Apply the rules on the values of S, of each public column and of X; name the column."""
    index = sizes.index
    s_values = index.get_level_values(0).unique()
    n_records = int(sizes.sum())
    if len(s_values) < 2:
        raise ValueError(
            f"secret column {secret!r} takes one value ({s_values[0]!r}) in all "
            f"{n_records:,} records: a secret needs at least two values"
        )
    if len(s_values) > max_values:
        raise _too_many(
            f"secret column {secret!r}", len(s_values), max_values, "bin it or group its values"
        )
    for i, name in enumerate(public, start=1):
        n = len(index.get_level_values(i).unique())
        if n > max_values:
            raise _too_many(
                f"public column {name!r}",
                n,
                max_values,
                "bin it (e.g. pandas.cut for numbers) or group its rare values",
            )
    n_x = len(sizes.groupby(level=list(range(1, len(public) + 1)), sort=False).size())
    cols = f"column {public[0]!r}" if len(public) == 1 else f"columns {public}"
    if n_x < 2:
        verb = "takes" if len(public) == 1 else "take"
        raise ValueError(
            f"public {cols} {verb} one value in all {n_records:,} records: X needs at least two"
        )
    if n_x > max_values:
        raise ValueError(
            f"public {cols} take {n_x:,} combinations (the letters of X), more than "
            f"max_values={max_values}: use fewer or coarser public columns (or raise "
            "max_values)"
        )


def _label(value: object) -> str:
    return str(value)


def _joint(sizes: pd.Series, secret: str, public: list[str], name: str) -> Joint:
    """Build the joint of the counts: S on axis 0 (sorted values), X the sorted combinations."""
    x_levels = list(range(1, len(public) + 1))
    s_order = sizes.groupby(level=0).sum().index
    x_order = sizes.groupby(level=x_levels).sum().index
    table = sizes.unstack(level=0, fill_value=0)
    table = table.reindex(index=x_order, columns=s_order, fill_value=0)
    counts = table.to_numpy(dtype=np.int64).T
    x_values = None
    if len(public) == 1:
        values = pd.Series(x_order)
        if values.dtype.kind in "iuf" and np.all(np.isfinite(values.to_numpy(dtype=float))):
            x_values = values.to_numpy(dtype=float)
        x_labels = [_label(v) for v in x_order]
    else:
        x_labels = ["|".join(_label(v) for v in combo) for combo in x_order]
    return Joint.from_counts(
        counts,
        name=name,
        s_name=secret,
        x_name="|".join(public),
        s_labels=[_label(v) for v in s_order],
        x_labels=x_labels,
        x_values=x_values,
        settings={"secret": secret, "public": tuple(public)},
    )


def _utilities(joint: Joint) -> tuple[str, ...]:
    base = ("information_loss", "hamming_distortion")
    return (*base, "numeric_distortion") if joint.ordered else base


# ----------------------------------------------------------------------------- the analysis


def _methods_table(frame: pd.DataFrame, *, ordered: bool) -> pd.DataFrame:
    counts = frame.groupby("method", sort=False).size()
    rows = []
    for family, keys in FAMILIES.items():
        for key in keys:
            method = METHODS[key]
            n = int(counts.get(method, 0))
            reason = ""
            if not n:
                needs = not ordered and key in _ORDERED_ONLY
                reason = _NEEDS_ORDER if needs else "made no release on this table"
            rows.append(
                {"method": method, "family": family, "releases": n, "ran": n > 0, "reason": reason}
            )
    return pd.DataFrame(rows, columns=["method", "family", "releases", "ran", "reason"])


def _diagnostics_frame(joint: Joint) -> pd.DataFrame:
    d = diagnostics(joint)
    row = {"dataset": joint.name, "n_s": joint.n_s, "n_x": joint.n_x, **d}
    return pd.DataFrame([row])


# ----------------------------------------------------------------------------- the report


def _fmt(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:.3g}"


def _values(labels: Sequence[str], limit: int = 8) -> str:
    shown = ", ".join(f"`{v}`" for v in labels[:limit])
    return shown + (f", … ({len(labels) - limit} more)" if len(labels) > limit else "")


def _report(
    res: TableComparison,
    *,
    public: list[str],
    ci: float,
    n_boot: int,
    seed: int,
    min_margin: float,
    quick: bool,
    files: Sequence[str],
) -> str:
    j = res.joint
    d = res.diagnostics.iloc[0]
    secret = j.s_name
    cols = ", ".join(f"`{p}`" for p in public)
    if j.ordered:
        order = f"yes: the numeric column `{public[0]}`, in its order"
    elif len(public) > 1:
        order = "no (several public columns): the methods that need an order did not run"
    else:
        order = f"no (`{public[0]}` is not numeric): the methods that need an order did not run"
    rule = (
        f"**broken**: {d['message']}"
        if bool(d["warning"])
        else "holds (at least 5 records per cell and a Good–Turing unseen mass of at most 1 %)"
    )
    lines = [
        f"# Every privacy notion on `{j.name}`: S = `{secret}`, X = ({cols})",
        "",
        "Every method of the five papers was run on the joint p(s, x) of this table, and every "
        "release it made measured by every notion, with a bootstrap interval where one is "
        "valid. Information and both ε are in bits (the local-DP budgets swept are in nats).",
        "",
        "## The data",
        "",
        "| | |",
        "|---|---|",
        f"| records | {int(d['n_records']):,} |",
        f"| S, the secret: `{secret}` | {j.n_s} values: {_values(list(j.s_labels))} |",
        f"| X, the released data: ({cols}) | {j.n_x} letters (the combinations the records take) |",
        f"| X ordered | {order} |",
        f"| cells of the table (S × X) | {int(d['n_cells']):,}: {int(d['n_seen_cells']):,} "
        f"seen, {int(d['n_singletons']):,} seen once, {int(d['n_empty_cells']):,} empty |",
        f"| records per cell | {_fmt(float(d['records_per_cell']))} |",
        f"| Good–Turing unseen mass | {float(d['unseen_mass']):.3g} |",
        f"| sample-size rule | {rule} |",
        "",
        "## Methods",
        "",
        "| method | releases | |",
        "|---|---|---|",
    ]
    for method, n, ran, reason in res.methods[["method", "releases", "ran", "reason"]].itertuples(
        index=False
    ):
        lines.append(f"| {method} | {n} | {'ran' if ran else f'not run: {reason}'} |")
    lines += [
        "",
        "## The best method per notion, by budget of utility loss",
        "",
        markdown_table(res.best),
        "",
        "What each status says:",
        "",
    ]
    present = set(res.best["status"].astype(str))
    lines += [f"* **{st}**: {text}" for st, text in WIN_STATUSES.items() if st in present]
    shares = {UTILITIES[u]: res.shares[res.shares.utility_kind == u] for u in res.utilities}
    lines += [
        "",
        "## The share of the budget range each method wins",
        "",
        shares_markdown({k: v for k, v in shares.items() if not v.empty}, top=3),
        "",
        "## Undefined, infinite and constant pairs",
        "",
    ]
    kinds = res.undefined.groupby("status", sort=True).size()
    if kinds.empty:
        lines.append("Every notion is defined and varies for every method that ran.")
    else:
        lines.append(
            "(method, notion) pairs: "
            + ", ".join(f"{int(n)} {st}" for st, n in kinds.items())
            + " (the reasons are in `undefined.csv`)."
        )
    reversed_ = res.reversals
    n_rev = 0 if reversed_.empty else len(reversed_)
    lines += [
        "",
        "## Caveats",
        "",
        "* Every number is computed on the empirical pmf of these records, so every number is "
        f"an estimate: each release's leakages and losses carry a {100 * ci:g} % bootstrap "
        f"interval ({n_boot:,} resamplings of the count table, seed {seed}; the column "
        "`estimand` of the evaluations says what each is an interval of: for a release "
        "fitted to these records, by default its value on the population, the method "
        "refitted on every resample). A method wins a budget only when it leaks less than "
        f"every other method by more than {min_margin:g} bit; the status says what backs "
        "the win (intervals apart, plug-in margins only, or a property of the channel); "
        "elsewhere the data cannot decide."
        + (
            " This table breaks the sample-size rule, so no lead is a win: the tables say "
            "who leads on the plug-in values only."
            if bool(d["warning"])
            else ""
        ),
        "* The utility loss that places each release on the budget axis is itself an "
        "estimate; its error is not counted in the statuses (`best_methods` with "
        "`loss_intervals=True` counts it).",
        "* The non-stochastic L0 and I* and the noiseless ε see only which cells have "
        "records: no bootstrap interval is valid for them, and one rare record can change "
        "them. The local-DP ε and the individual channel capacity C₁ are properties of the "
        "release channel: they do not depend on the records.",
        "* X's alphabet is the combinations of the public columns the records take: a "
        "combination no record has is not in it, so no method sees it.",
        f"* Where the winner under one notion is not a winner under another: {n_rev:,} "
        "(budget range, pair of notions) rows in `reversals.csv`.",
    ]
    if quick:
        lines.append(
            "* Quick run: every method's sweep was shrunk (fewer releases per method than a "
            "full run)."
        )
    if files:
        lines += ["", "## Files", ""]
        lines += [f"* `{f}`: {_describe(f)}" for f in files]
    return "\n".join(lines) + "\n"


#: What each file of ``out`` holds, by the end of its name.
_FILES: dict[str, str] = {
    "counts.csv": "the records per (S, X) cell, for the cells with records",
    "diagnostics.csv": "the sample-size diagnostics of the count table",
    "methods.csv": "every method, how many releases it made, and why it did not run",
    "evaluations.csv": "every release measured by every notion, with the intervals",
    "best.csv": "the best method per notion and budget range of the loss, with its status",
    "shares.csv": "the share of each notion's budget range each method wins",
    "reversals.csv": "where the winner under one notion is not a winner under another",
    "undefined.csv": "the (method, notion) pairs undefined, infinite, constant or absent",
    ".png": "every method's frontier under every notion (one panel each)",
    "report.md": "this report",
}


def _describe(filename: str) -> str:
    if filename.endswith(".csv") and "frontiers_" in filename:
        return "the points the figure of the same name draws"
    return next(text for end, text in _FILES.items() if filename.endswith(end))


# ----------------------------------------------------------------------------- the writing


@contextmanager
def _staged(out: Path) -> Iterator[Path]:
    """Yield a temporary folder beside ``out``; on success move its files into ``out``.

    When ``out`` does not exist, the whole folder is renamed into place at once; otherwise
    each file replaces its namesake (atomically). On any exception (Ctrl-C included) the
    temporary folder is deleted and ``out`` is left as it was.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-{out.name}.", dir=out.parent))
    try:
        yield tmp
        mask = os.umask(0)
        os.umask(mask)
        if not out.exists():
            os.chmod(tmp, 0o777 & ~mask)
            os.replace(tmp, out)
        else:
            for f in sorted(tmp.iterdir()):
                os.replace(f, out / f.name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _write(res: TableComparison, folder: Path, prefix: str) -> list[str]:
    """Write every table and figure into ``folder``; return the file names, the report's last."""
    names: list[str] = []

    def table(frame: pd.DataFrame, stem: str) -> None:
        write_csv(frame, folder / f"{prefix}{stem}.csv")
        names.append(f"{prefix}{stem}.csv")

    j = res.joint
    counts = pd.DataFrame(
        {j.s_name: np.repeat(j.s_labels, j.n_x), j.x_name: np.tile(j.x_labels, j.n_s)}
    ).assign(count=np.asarray(j.counts).ravel())
    table(counts[counts["count"] > 0].reset_index(drop=True), "counts")
    table(res.diagnostics, "diagnostics")
    table(res.methods, "methods")
    table(res.evaluations.drop(columns=["relations_failed"], errors="ignore"), "evaluations")
    table(res.best, "best")
    table(res.shares, "shares")
    table(res.reversals, "reversals")
    table(res.undefined, "undefined")
    for utility in res.utilities:
        with mpl.rc_context():  # the project's style, whatever the caller's, and theirs after
            use_style()
            fig, data = frontier_figure(
                res.evaluations, utility=utility, title=f"{j.name}: S = {j.s_name}, X = {j.x_name}"
            )
            try:
                savefig(fig, folder / f"{prefix}frontiers_{utility}", data=data, formats=("png",))
            finally:
                plt.close(fig)
        names += [f"{prefix}frontiers_{utility}.png", f"{prefix}frontiers_{utility}.csv"]
    names.append(f"{prefix}report.md")  # written last, by the caller: it lists the files
    return names


# ----------------------------------------------------------------------------- the call


def compare_table(
    table: Any,
    *,
    secret: str,
    public: str | Sequence[str],
    out: str | os.PathLike[str] | None = None,
    ci: float = 0.95,
    n_boot: int = 200,
    seed: int = 0,
    min_margin: float = MIN_MARGIN,
    selection: str = "refit",
    n_jobs: int = 1,
    quick: bool = False,
    engine: Literal["pandas", "dask"] = "pandas",
    max_values: int = MAX_VALUES,
    name: str | None = None,
    prefix: str = "",
) -> TableComparison:
    """Compare every method of the five papers under every notion on a table of records.

    S is the ``secret`` column, X the tuple of the ``public`` columns: its alphabet is the
    combinations of their values the records take, in sorted order (the order of the
    categories for a categorical column), labelled ``"a|b|c"``. X is *ordered* when there is
    one public column and it is numeric: its values are then ``joint.x_values``, and the
    methods that need an order (the noiseless quantizer, the exponential mechanism,
    interval k-anonymity) and the squared-error utility run too; otherwise they do not, and
    the report says so. Every method family runs with its default sweep
    (:func:`nsp.notions.all_methods`), every release is measured with its bootstrap interval
    (:func:`nsp.notions.evaluate_methods`), and the analysis is that of the notebooks of
    ``notebooks/compare/``: best methods with their statuses, winner shares, reversals,
    definedness.

    Every rule on the input is checked before the methods run, and each broken one raises a
    ValueError naming the column: an unknown column (the message lists the table's), a
    secret that is also public, a missing value (counted per column: drop or fill those
    records first; none is dropped silently), a secret with one value, X with one value, a
    column or X with more than ``max_values`` distinct values (bin it), an empty table, a
    file that is not CSV or Parquet or cannot be read.

    Parameters
    ----------
    table : pandas.DataFrame or path
        The records: a DataFrame, or the path of a CSV (``.csv``, ``.csv.gz``, with a header)
        or Parquet (``.parquet``, ``.pq``) file. With ``engine="dask"``: a Dask DataFrame, a
        path, a glob (``"parts/*.parquet"``) or a list of paths.
    secret : str
        The column of S.
    public : str or sequence of str
        The column(s) of X.
    out : path, optional
        A folder to write into: the tables (``counts``, ``diagnostics``, ``methods``,
        ``evaluations``, ``best``, ``shares``, ``reversals``, ``undefined``; CSV), one
        frontier figure per utility loss (``frontiers_<utility>.png`` and the CSV of its
        points) and ``report.md``. Everything is written to a temporary folder beside it
        and moved into place at the end: an error or Ctrl-C leaves ``out`` as it was.
        Default: nothing is written.
    ci : float
        Confidence level of the bootstrap intervals, in ``(0, 1)``.
    n_boot : int
        Bootstrap replicates of the count table (``>= 10``); with ``selection="refit"``
        every fitted method is refitted on each.
    seed : int
        Seed of the resampling (``>= 0``).
    min_margin : float
        The least lead (bit) that counts as a win (``>= 0``).
    selection : {"refit", "split", "fixed"}
        What the interval of a release fitted to these records is about (see
        :func:`nsp.notions.evaluate_methods`): by default its value on the population, the
        methods refitted on every resample.
    n_jobs : int
        Processes that share the refits (the result does not depend on it).
    quick : bool
        Shrink every method's sweep (for a first look and for tests).
    engine : {"pandas", "dask"}
        ``"pandas"`` counts in memory; ``"dask"`` counts on Dask, for tables beyond memory
        (``pip install "nsp-privacy[scale]"``): only the count table comes back to memory.
    max_values : int
        The most distinct values the secret, each public column and X may take (``>= 2``;
        default :data:`MAX_VALUES`).
    name : str, optional
        The dataset's name in the tables and the report (default the file's name, or
        ``"table"``).
    prefix : str
        Prepended to every file name written into ``out`` (letters, digits, ``_``, ``-``).

    Returns
    -------
    TableComparison
        The joint and every table; ``files`` lists what was written.

    Raises
    ------
    ValueError
        If an argument or the table breaks one of the rules above.
    FileNotFoundError
        If ``table`` names no file.

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({
    ...     "disease": ["yes", "no", "no", "yes", "no", "no", "yes", "no"] * 25,
    ...     "age": [20, 20, 30, 30, 40, 40, 50, 50] * 25,
    ...     "smoker": ["no", "yes", "no", "yes", "no", "yes", "yes", "no"] * 25})
    >>> res = compare_table(table, secret="disease", public=["age", "smoker"], quick=True,
    ...                     n_boot=20)
    >>> res.joint.n_records, res.joint.s_labels, res.joint.x_labels[:3], res.joint.ordered
    (200, ('no', 'yes'), ('20|no', '20|yes', '30|no'), False)
    >>> set(res.best.status) <= set(WIN_STATUSES)
    True
    >>> compare_table(table, secret="disease", public=["age", "smokes"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: public column 'smokes' is not in the table; its columns are 'disease', 'age', ...
    """
    secret = _column_name("secret", secret)
    pub = _public_names(public, secret)
    level = check_real("ci", ci, low=0.0, high=1.0, closed="neither")
    n_boot = check_int("n_boot", n_boot, low=10)
    seed = check_int("seed", seed, low=0)
    min_margin = check_real("min_margin", min_margin, low=0.0)
    selection = check_choice("selection", selection, SELECTIONS)
    n_jobs = check_int("n_jobs", n_jobs, low=1)
    quick = check_bool("quick", quick)
    engine = check_choice("engine", engine, _ENGINES)  # type: ignore[assignment]
    max_values = check_int("max_values", max_values, low=2)
    if name is not None and (not isinstance(name, str) or not name):
        raise ValueError(f"name must be a non-empty str; got {name!r}")
    if not isinstance(prefix, str) or not _PREFIX.fullmatch(prefix):
        raise ValueError(f"prefix must be letters, digits, '_' or '-' only; got {prefix!r}")
    folder = None if out is None else as_path("out", out, kind="new-folder")

    records, default_name = _records(table, engine, secret, pub)
    if engine == "pandas" and len(records) == 0:
        raise ValueError("table has no records")
    try:
        with trusted():  # the names and the engine are checked; the records still are there
            sizes = cell_counts(records, [secret, *pub], missing="raise", engine=engine)
    except ValueError as exc:
        if str(exc).startswith("data has no record"):
            raise ValueError("table has no records") from None
        raise
    _check_alphabets(sizes, secret, pub, max_values)
    joint = _joint(sizes, secret, pub, name or default_name)
    with trusted():
        mechanisms = []
        for family in progress(list(FAMILIES), desc="nsp compare: methods", unit="family"):
            mechanisms += all_methods(joint, families=[family], quick=quick)
        frame = evaluate_methods(
            mechanisms,
            joint,
            ci=level,
            n_boot=n_boot,
            seed=seed,
            selection=selection,
            n_jobs=n_jobs,
        )
        utilities = _utilities(joint)
        best = best_methods_summary(frame, utilities=utilities, min_margin=min_margin)
        undefined = definedness(frame, columns=(*LEAKAGES, *utilities))
        res = TableComparison(
            joint=joint,
            evaluations=frame,
            best=best,
            shares=winner_shares(best),
            reversals=reversals(frame, utilities=utilities, min_margin=min_margin),
            undefined=undefined,
            methods=_methods_table(frame, ordered=joint.ordered),
            diagnostics=_diagnostics_frame(joint),
            report="",
        )
    options = {
        "public": pub,
        "ci": level,
        "n_boot": n_boot,
        "seed": seed,
        "min_margin": min_margin,
        "quick": quick,
    }
    if folder is None:
        report = _report(res, files=[], **options)  # type: ignore[arg-type]
        return replace(res, report=report)
    with _staged(folder) as tmp:
        names = _write(res, tmp, prefix)
        report = _report(res, files=names, **options)  # type: ignore[arg-type]
        with atomic_path(tmp / f"{prefix}report.md") as path:
            path.write_text(report, encoding="utf-8")
    files = {n: folder / n for n in names}
    return replace(res, report=report, files=files)
