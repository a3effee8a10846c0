"""The ``nsp`` command: list and run notebooks, regenerate figures, manage data.

The implementation of :mod:`nsp.cli` (its first line is the description of ``nsp --help``);
import its names from there.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from nsp import __version__, datasets, notebooks
from nsp._atomic import TEMP_PREFIX, atomic_path, remove_stale_temporaries
from nsp.paths import build_dir, data_dir, figures_dir, project_root, published_figures_dir

__all__ = ["build_parser", "main"]


def _cmd_list(args: argparse.Namespace) -> int:
    for nb in notebooks.discover():
        print(nb.key)
        for p in nb.parameters:
            print(f"    {p.name}: {p.type} = {p.default!r}    # {p.help}")
    return 0


def _clean_leftovers() -> None:
    """Delete the temporary files that killed runs left behind (never those of a live run)."""
    removed = remove_stale_temporaries([published_figures_dir(), build_dir(), figures_dir()])
    if removed:
        print(f"removed {len(removed)} temporary file(s) left by interrupted runs", file=sys.stderr)


def _slug(values: dict[str, object]) -> str:
    """Return a folder name made from parameter values: ``age_edges=tens__n_games=5``."""
    text = "__".join(f"{k}={v!r}".replace("'", "") for k, v in sorted(values.items()))
    text = re.sub(r"[^A-Za-z0-9._=,+-]+", "_", text).strip("_")
    if len(text) > 80:
        digest = hashlib.sha256(text.encode()).hexdigest()[:10]
        text = f"{text[:60]}__{digest}"
    return text


def _cmd_run(args: argparse.Namespace) -> int:
    nb = notebooks.find(args.notebook)
    values = dict(args.param or [])
    # names, types and declared ranges are checked before anything runs (no kernel is started)
    params = notebooks.resolve_parameters(nb, values, quick=args.quick)
    variant = notebooks.non_default(nb, params)
    output = args.output
    folder = None
    if args.out or variant:
        folder = (
            Path(args.out)
            if args.out
            else build_dir() / "scratch" / "variants" / nb.key / _slug(variant)
        )
        os.environ["NSP_FIGURES_DIR"] = str(folder / "figures")
        output = output or folder / f"{Path(nb.key).name}.ipynb"
        defaults = {p.name: p.default for p in nb.parameters}
        record = {
            "notebook": nb.key,
            "parameters": {**defaults, **params},
            "non_default": variant,
        }
        with atomic_path(folder / "parameters.json") as tmp:
            tmp.write_text(json.dumps(record, indent=1, default=repr) + "\n", encoding="utf-8")
    _clean_leftovers()
    out = notebooks.run(
        nb,
        parameters=values,
        quick=args.quick,
        output=output,
        log_output=args.log_output,
        progress=True,
    )
    print(f"executed {nb.key} -> {out}\nfigures in {figures_dir()}")
    if folder is not None:
        print(f"parameters recorded in {folder / 'parameters.json'}")
    return 0


def _select(only: list[str] | None) -> list[notebooks.Notebook]:
    everything = notebooks.discover()
    if not only:
        return everything
    chosen = [nb for nb in everything if any(nb.key == o or nb.key.startswith(o) for o in only)]
    if not chosen:
        raise ValueError(
            f"no notebook matches {' '.join(only)}; known: "
            + ", ".join(nb.key for nb in everything)
        )
    return chosen


def _cmd_figures(args: argparse.Namespace) -> int:
    selected = _select(args.only)
    _clean_leftovers()
    publish = not args.quick
    report = notebooks.run_all(
        selected,
        jobs=args.jobs,
        quick=args.quick,
        log_output=args.log_output,
        publish=publish,
        changed_only=args.changed,
    )
    where = published_figures_dir() if publish else figures_dir()
    print(f"executed {len(report.executed)} notebook(s); figures in {where}")
    if report.up_to_date:
        print(f"{len(report.up_to_date)} notebook(s) up to date (source and library unchanged)")
    if report.environment_drift:
        print(
            "every figure came out byte-identical in an environment that differs from "
            "figures/ENVIRONMENT.txt (" + "; ".join(report.environment_drift) + "): the record "
            "is kept"
        )
    if report.skipped:
        print(f"skipped {len(report.skipped)} notebook(s) whose data are not in the data folder:")
        for key, why in sorted(report.skipped.items()):
            print(f"  {key}: {_first_sentence(why)}")
        print(
            "  to get the data: run `make data` (= `nsp data fetch`) with NSP_DATA_MIRROR set to "
            "a data mirror or with internet; `nsp data status` shows what is missing"
        )
        if args.strict:
            print(f"nsp figures: error: --strict and {len(report.skipped)} notebook(s) skipped")
            return 1
    return 0


def _first_sentence(text: str) -> str:
    """Return the first sentence of a message (a missing file, without the advice after it)."""
    head, dot, _ = text.partition(". ")
    return head + ("" if head.endswith(".") or not dot else "")


def _cmd_data(args: argparse.Namespace) -> int:
    names = args.names or None
    if args.action == "fetch":
        remove_stale_temporaries([data_dir(args.data_home)])
        paths = datasets.fetch(
            names, data_home=args.data_home, mirror=args.mirror, force=args.force
        )
        print(f"{len(paths)} file(s) present and verified in {data_dir(args.data_home)}")
        return 0
    frame = datasets.verify(names, data_home=args.data_home)
    print(datasets.format_status(frame))
    extra = datasets.unregistered_mirror_files(args.mirror)
    if extra and args.action == "status":
        print(
            f"{len(extra)} file(s) in the mirror are not registered in this version of nsp "
            f"(never copied): " + ", ".join(extra)
        )
    if args.action == "verify" and (frame["state"] != "verified").any():
        return 1
    return 0


def _default_out(table: str) -> Path:
    """``./compare_<name>``: the folder of ``nsp compare``'s outputs when ``--out`` is not given."""
    name = re.sub(r"[^A-Za-z0-9_-]+", "_", Path(table).name.split(".", 1)[0]).strip("_-")
    return Path.cwd() / f"compare_{name or 'table'}"


def _cmd_handouts(args: argparse.Namespace) -> int:
    """Run the chosen notebooks if their published run is stale, then write their handouts."""
    import importlib.util  # noqa: PLC0415

    script = project_root() / "docs" / "site" / "make_site.py"
    if not script.is_file():
        print(
            f"nsp handouts: error: {script} not found; the handouts are built from a clone of "
            "the repository (docs/site/make_site.py)",
            file=sys.stderr,
        )
        return 2
    selected = _select(args.notebooks)
    _clean_leftovers()
    report = notebooks.run_all(selected, jobs=args.jobs, publish=True, changed_only=True)
    ready = [nb for nb in selected if nb.executed_path.is_file() and nb.key not in report.skipped]
    for key, why in sorted(report.skipped.items()):
        print(f"no handout for {key}: {_first_sentence(why)}")
    if not ready:
        return 1
    spec = importlib.util.spec_from_file_location("make_site", script)
    assert spec is not None and spec.loader is not None
    make_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_site)
    out = Path(args.out) if args.out else build_dir() / "handouts"
    written = make_site.handouts(
        out,
        pdf=not args.no_pdf,
        notebooks=[(nb.key.split("/")[0], nb.executed_path) for nb in ready],
        keep_others=bool(args.notebooks),
    )
    print(f"{len(written) - 1} handout(s) for {len(ready)} notebook(s); index: {written[-1]}")
    return 0 if len(ready) == len(selected) else 1


def _cmd_compare(args: argparse.Namespace) -> int:
    # Imported here: the comparison needs the whole library (seconds), the other commands not.
    from nsp.papers.compare import compare_table  # noqa: PLC0415

    public = [c.strip() for item in args.public for c in item.split(",")]
    if any(not c for c in public):
        raise ValueError(f"--public must be column names separated by commas; got {args.public}")
    out = Path(args.out) if args.out else _default_out(args.table)
    args.out_folder = out  # for the message of an interrupted run
    options = {
        "ci": args.ci,
        "n_boot": args.n_boot,
        "seed": args.seed,
        "min_margin": args.min_margin,
        "selection": args.selection,
        "n_jobs": args.jobs,
        "max_values": args.max_values,
        "name": args.name,
    }
    try:
        res = compare_table(
            args.table,
            secret=args.secret,
            public=public,
            out=out,
            quick=args.quick,
            engine=args.engine,
            **{k: v for k, v in options.items() if v is not None},
        )
    except ImportError as exc:  # engine='dask' without Dask: the message says what to install
        raise RuntimeError(str(exc)) from None
    j = res.joint
    print(
        f"compared {len(res.evaluations)} releases of {int(res.methods.ran.sum())} methods on "
        f"{j.n_records:,} records (S = {j.s_name}: {j.n_s} values; X = {j.x_name}: "
        f"{j.n_x} letters)"
    )
    print(f"wrote {len(res.files)} files to {out}; the report is {out / 'report.md'}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of the ``nsp`` command.

    Returns
    -------
    argparse.ArgumentParser
        The parser; each subcommand stores the function that runs it as ``func``.
    """
    parser = argparse.ArgumentParser(
        prog="nsp",
        description=__doc__.splitlines()[0].replace("``", ""),  # no RST in --help
    )
    parser.add_argument("--version", action="version", version=f"nsp {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="list the notebooks with their parameters")
    p.set_defaults(func=_cmd_list)

    p = sub.add_parser("run", help="run one notebook with papermill (figures go to build/scratch/)")
    p.add_argument("notebook", help="path, key (paper/stem) or unique stem")
    p.add_argument(
        "-p",
        "--param",
        nargs=2,
        action="append",
        metavar=("NAME", "VALUE"),
        help="set a parameter (repeatable); unknown names are rejected",
    )
    p.add_argument("--quick", action="store_true", help="set quick=True (runs in seconds)")
    p.add_argument(
        "--output", help="executed notebook path (default build/scratch/executed/<key>.ipynb)"
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        help="folder for this run's figures, executed notebook and parameters.json (default, "
        "with non-default parameters: build/scratch/variants/<key>/<name=value...>)",
    )
    p.add_argument("--log-output", action="store_true", help="stream cell output to the terminal")
    p.set_defaults(func=_cmd_run)

    p = sub.add_parser("figures", help="run every notebook, regenerating the committed figures/")
    p.add_argument("-j", "--jobs", type=int, default=1, help="notebooks run at once")
    p.add_argument(
        "--quick",
        action="store_true",
        help="quick parameters; figures go to build/scratch/figures, not figures/",
    )
    p.add_argument("--only", nargs="+", help="keys or key prefixes to run (default all)")
    p.add_argument(
        "--changed",
        action="store_true",
        help="run only notebooks whose source or the nsp modules they import changed",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 if a notebook was skipped for want of data (for scripts and CI)",
    )
    p.add_argument("--log-output", action="store_true", help="stream cell output to the terminal")
    p.set_defaults(func=_cmd_figures)

    p = sub.add_parser(
        "handouts",
        help="write notebooks as a student's and a teacher's handout (HTML, PDF with Chromium)",
        description="Write each chosen notebook as two handouts, the students' (solutions "
        "folded) and the teacher's (solutions open), from its published run; a notebook whose "
        "run is missing or stale is run first (as nsp figures does). Without NOTEBOOK, every "
        "notebook, and the folder is cleared first; with one, the other handouts stay.",
    )
    p.add_argument(
        "notebooks",
        nargs="*",
        metavar="NOTEBOOK",
        help="keys or key prefixes, e.g. course/00_measures or compare (default all)",
    )
    p.add_argument("--out", metavar="DIR", help="the handouts folder (default build/handouts)")
    p.add_argument("--no-pdf", action="store_true", help="HTML only (PDFs need Chromium)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="notebooks run at once")
    p.set_defaults(func=_cmd_handouts)

    p = sub.add_parser("data", help="fetch, verify or show the datasets")
    p.add_argument("action", choices=["status", "fetch", "verify"])
    p.add_argument("names", nargs="*", help="dataset keys (default all)")
    p.add_argument("--data-home", help="data folder (default $NSP_DATA_DIR or data/)")
    p.add_argument("--mirror", help="the offline mirror folder (default $NSP_DATA_MIRROR)")
    p.add_argument(
        "--force",
        action="store_true",
        help="fetch: replace files in the data folder that fail their checksum",
    )
    p.set_defaults(func=_cmd_data)

    p = sub.add_parser(
        "compare",
        help="compare every method and notion of the five papers on your own table",
        description="Run every method of the five papers on a table of records, with S = the "
        "secret column and X = the public columns, measure every release by every notion with "
        "its bootstrap interval, and write the tables (CSV), the frontier figures (PNG) and "
        "report.md into a folder. Bad input (an unknown column, a missing value, a secret with "
        "one value, a column with too many values) is refused before anything runs.",
    )
    p.add_argument(
        "table",
        help="a CSV (.csv, .csv.gz, with a header) or Parquet (.parquet) file; with "
        "--engine dask also a glob such as 'parts/*.parquet'",
    )
    p.add_argument("--secret", required=True, metavar="COL", help="the column of the secret S")
    p.add_argument(
        "--public",
        required=True,
        action="append",
        metavar="COL[,COL...]",
        help="the column(s) of the released data X, separated by commas (repeatable); X is "
        "ordered when it is one numeric column",
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        help="folder for the outputs (default ./compare_<table name>); written at the end, all "
        "at once: an error or Ctrl-C leaves it as it was",
    )
    p.add_argument(
        "--ci", type=float, help="confidence level of the bootstrap intervals (default 0.95)"
    )
    p.add_argument(
        "--n-boot",
        type=int,
        metavar="N",
        help="bootstrap replicates, at least 10; each refits every fitted method (default 200)",
    )
    p.add_argument(
        "--selection",
        choices=("refit", "split", "fixed"),
        help="what a fitted release's interval is about: its value on the population with the "
        "methods refitted on every resample (refit, the default), a release fitted on half "
        "the records and measured on the other half (split), or the channel as given (fixed)",
    )
    p.add_argument(
        "--jobs", type=int, metavar="N", help="processes that share the refits (default 1)"
    )
    p.add_argument("--seed", type=int, help="seed of the resampling (default 0)")
    p.add_argument(
        "--min-margin",
        type=float,
        metavar="BITS",
        help="the least lead that counts as a win, in bits (default 0.001)",
    )
    p.add_argument(
        "--max-values",
        type=int,
        metavar="N",
        help="the most distinct values of the secret, of each public column and of X "
        "(default 200); bin a column rather than raising it much",
    )
    p.add_argument("--name", help="the dataset's name in the tables (default the file's name)")
    p.add_argument(
        "--quick", action="store_true", help="shrink every method's sweep (runs in seconds)"
    )
    p.add_argument(
        "--engine",
        choices=["pandas", "dask"],
        default="pandas",
        help="count the records in memory (pandas, default) or on Dask, for tables beyond "
        "memory (needs the scale extra)",
    )
    p.set_defaults(func=_cmd_compare)
    return parser


def _print_failure(exc: notebooks.NotebookError) -> None:
    print(exc.traceback.rstrip(), file=sys.stderr)


def _stop_on_signals() -> None:
    """On Ctrl-C or SIGTERM, stop the notebooks' kernels at once, then raise KeyboardInterrupt.

    The kernels run in sessions of their own and never see the terminal's Ctrl-C: without this
    the running notebooks would go on to their end. A SIGINT ignored by the caller (a
    script's background job, ``nohup``) stays ignored: that Ctrl-C is meant for the script's
    foreground command, and Python itself keeps an inherited ignore. SIGTERM always stops.
    """

    def _stop(signum: int, frame: object) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the cleanup
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        notebooks.stop_kernels()
        raise KeyboardInterrupt(f"signal {signum}")

    if threading.current_thread() is threading.main_thread():
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
            signal.signal(signal.SIGINT, _stop)
        signal.signal(signal.SIGTERM, _stop)


def _written_since(start: float, folder: Path) -> list[Path]:
    """Return the files in ``folder`` written at or after ``start`` (not temporary files)."""
    if not folder.is_dir():
        return []
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and not p.name.startswith(TEMP_PREFIX) and p.stat().st_mtime >= start
    )


def _interrupted(args: argparse.Namespace, exc: KeyboardInterrupt, start: float) -> None:
    """Say truthfully what an interrupted command kept."""
    cmd = f"nsp {args.command}"
    if args.command == "compare" and getattr(args, "out_folder", None) is not None:
        print(
            f"{cmd}: interrupted; nothing was written to {args.out_folder} (its files are "
            "moved into place only at the end)",
            file=sys.stderr,
        )
        return
    if args.command not in ("run", "figures"):
        print(
            f"{cmd}: interrupted; files are written atomically, none is half-written",
            file=sys.stderr,
        )
        return
    publish = args.command == "figures" and not args.quick
    folder = published_figures_dir() if publish else figures_dir()
    _clean_leftovers()
    lines = [f"{cmd}: interrupted"]
    if isinstance(exc, notebooks.RunInterrupted):
        done = [Path(p).stem for p in exc.report.executed]
        lines.append(
            f"  finished before the interrupt, outputs kept: {len(done)} notebook(s)"
            + (f" ({', '.join(sorted(done))})" if done else "")
        )
        if exc.stopped:
            stopped = ", ".join(exc.stopped)
            lines.append(f"  stopped (kernels killed, no executed notebook written): {stopped}")
        if exc.not_started:
            lines.append(f"  never started: {len(exc.not_started)} notebook(s)")
    else:
        lines.append("  the kernel was stopped; no executed notebook was written")
    written = _written_since(start, folder)
    if written:
        lines.append(
            f"  {len(written)} file(s) written to {folder} during the run are kept "
            "(each complete: files are written atomically)"
        )
    else:
        lines.append(f"  nothing was written to {folder}")
    print("\n".join(lines), file=sys.stderr)


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse the arguments, accepting ``nsp data fetch --force FILE`` as well.

    argparse alone accepts only ``nsp data fetch FILE --force``: it matches the empty list of
    names as soon as an option follows the action.
    """
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    if rest:
        if args.command == "data" and not any(r.startswith("-") for r in rest):
            args.names = [*(args.names or []), *rest]
        else:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``nsp`` and ``python -m nsp``; errors print a message and exit 2.

    A failed notebook prints its traceback and where its executed notebook was kept; Ctrl-C
    (or SIGTERM) stops the run within seconds (the notebooks' kernels are interrupted and
    killed), says what was kept and exits 130.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments after ``nsp``; default ``sys.argv[1:]``.

    Returns
    -------
    int
        The exit status: 0 on success, 1 when ``nsp data verify`` finds a file that is not
        verified or ``nsp figures --strict`` skipped a notebook, 2 on an error, 130 when
        interrupted.
    """
    args = _parse(argv)
    # Warnings of nsp's loggers are repeated in the errors the commands print: say them once.
    logging.getLogger("nsp").addHandler(logging.NullHandler())
    start = time.time() - 1  # file times have a coarse resolution on some file systems
    _stop_on_signals()
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt as exc:
        _interrupted(args, exc, start)
        if argv is None:  # the process's own command: leave now
            # Every file is complete or removed and the kernels are dead; what is left is the
            # interpreter's teardown, where closing the kernels' ZeroMQ sockets takes seconds.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        return 130
    except notebooks.NotebookError as exc:
        _print_failure(exc)
        print(f"nsp {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except notebooks.NotebooksFailed as exc:
        for err in exc.errors:
            _print_failure(err)
        print(f"nsp {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except (ValueError, FileNotFoundError, RuntimeError) as exc:
        print(f"nsp {args.command}: error: {exc}", file=sys.stderr)
        return 2
