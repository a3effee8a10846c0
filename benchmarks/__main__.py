"""``python -m benchmarks``: run every ``benchmarks/bench_*.py`` and summarize the targets."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

from benchmarks import _timing


def main() -> int:
    """Run the benchmark files named on the command line (all when none is), then summarize.

    Returns
    -------
    int
        0 if every benchmark file met every target, else 1 (an exit status).
    """
    here = Path(__file__).resolve().parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    only = sys.argv[1:]
    if only:
        names = [n for n in names if any(o in n for o in only)]
    missed = []
    for name in names:
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
    print(
        f"\n{len(names) - len(missed)} of {len(names)} benchmark files met every target"
        + (f"; missed: {', '.join(missed)}" if missed else "")
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
