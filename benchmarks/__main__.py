"""``python -m benchmarks``: run every ``benchmarks/bench_*.py`` and summarize the targets."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


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
    print(
        f"\n{len(names) - len(missed)} of {len(names)} benchmark files met every target"
        + (f"; missed: {', '.join(missed)}" if missed else "")
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
