"""``python -m benchmarks [FILE ...] [OPTIONS]``: run benchmark files and summarize the targets.

``FILE`` is a part of a file's name (``scale``, ``ratedistortion``); without one every
``benchmarks/bench_*.py`` runs. Options after the names go to the files that read them (each
file's ``--help`` lists its own). ``--help`` anywhere prints this, the files, and each named
file's description, and runs nothing.

``--quick`` (or ``NSP_BENCH_QUICK=1``) is a smoke run, ``make bench-quick``: every file
shrinks its sizes, repeats and replicates (its description says to what) and finishes in
under a minute; the tables are printed, the targets not checked, the correctness checks
still are.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from pathlib import Path

from benchmarks import _timing

HERE = Path(__file__).resolve().parent


def files() -> list[str]:
    """Return the benchmark modules (``bench_*``), sorted."""
    return sorted(m.name for m in pkgutil.iter_modules([str(HERE)]) if m.name.startswith("bench_"))


def _docstring(name: str) -> str:
    """Return a benchmark file's docstring, read from its source without importing it."""
    text = (HERE / f"{name}.py").read_text(encoding="utf-8")
    return text.split('"""', 2)[1].strip() if text.count('"""') >= 2 else ""


def _help(chosen: list[str], named: bool) -> None:
    print(__doc__.strip())
    print("\nfiles:")
    for name in files():
        summary = (_docstring(name).splitlines() or [""])[0]
        print(f"  {name.removeprefix('bench_'):<18} {summary}")
    for name in chosen if named else []:
        print(f"\n== {name}\n{_docstring(name)}")


def _load() -> str:
    """Return the load average as ``python -m benchmarks`` prints it before a run."""
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark files named on the command line (all when none is), then summarize.

    Parameters
    ----------
    argv : list of str, optional
        The arguments (default ``sys.argv[1:]``): names of files first, then options.

    Returns
    -------
    int
        0 if every benchmark file met every target, 1 if one missed, 2 if a name matches no
        file (an exit status).
    """
    args = sys.argv[1:] if argv is None else argv
    first_option = next((i for i, a in enumerate(args) if a.startswith("-")), len(args))
    only = args[:first_option]
    chosen = [n for n in files() if any(o in n for o in only)] if only else files()
    unknown = [o for o in only if not any(o in n for n in files())]
    if {"-h", "--help"} & set(args):
        _help(chosen, bool(only))
        return 0
    if unknown:
        known = ", ".join(n.removeprefix("bench_") for n in files())
        print(f"no benchmark file matches {', '.join(unknown)}; the files: {known}")
        return 2
    if "--quick" in args:  # for a call with ``argv``; the files read sys.argv or this
        _timing.QUICK = True
    quick = _timing.QUICK_TITLE if _timing.QUICK else ""
    print(f"benchmarks: {len(chosen)} file(s){quick}, {_load()}", flush=True)
    missed = []
    for name in chosen:
        module = importlib.import_module(f"benchmarks.{name}")
        if module.main() != 0:
            missed.append(name)
    if _timing.MISSED:
        print("\nrows that missed a target:")
        for title, row in _timing.MISSED:
            ratio = f"{row.ratio:.2f}x" if row.ratio is not None else "-"
            target = ", ".join(
                t
                for t in (
                    f">={row.min_ratio:g}x" if row.min_ratio is not None else "",
                    f"<={row.max_seconds:g}s" if row.max_seconds is not None else "",
                )
                if t
            )
            print(
                f"  [{title}] {row.name}: {row.ours:.4g} s, speed-up {ratio} against "
                f"{row.against or '-'}; target {target}"
            )
    met, failed = (
        ("passed their checks" + quick, "failed") if quick else ("met every target", "missed")
    )
    print(
        f"\n{len(chosen) - len(missed)} of {len(chosen)} benchmark files {met}"
        + (f"; {failed}: {', '.join(missed)}" if missed else "")
        + f" ({_load()} at the end)"
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
