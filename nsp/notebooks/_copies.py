"""Your own ``.ipynb`` copies of the notebooks (``make notebooks``), all in one process.

``python -m nsp.notebooks._copies`` writes ``build/notebooks/<key>.ipynb`` for every notebook
source that has no copy yet; a copy that exists is yours and is never overwritten.
"""

from __future__ import annotations

import sys
from pathlib import Path

from nsp._atomic import atomic_path
from nsp.notebooks._discovery import _notebook_tool
from nsp.paths import build_dir, notebooks_dir


def write_copies(sources: list[Path], *, root: Path, dest: Path) -> tuple[list[Path], list[Path]]:
    """Write ``dest/<rel>.ipynb`` for each source ``root/<rel>.py`` without one.

    Returns the copies written and those kept as they were.
    """
    jupytext = _notebook_tool("jupytext")
    written, kept = [], []
    for src in sources:
        target = dest / src.resolve().relative_to(root.resolve()).with_suffix(".ipynb")
        if target.exists():
            kept.append(target)
            continue
        with atomic_path(target) as partial:
            jupytext.write(jupytext.read(src), partial, fmt="ipynb")
        written.append(target)
    return written, kept


def main(argv: list[str] | None = None) -> int:
    """Write the missing copies of the notebooks given (default all) and say what was done."""
    root = notebooks_dir()
    args = sys.argv[1:] if argv is None else argv
    sources = [Path(a) for a in args] or sorted(
        p for p in root.glob("*/*.py") if not p.name.startswith("_")
    )
    dest = build_dir() / "notebooks"
    written, kept = write_copies(sources, root=root, dest=dest)
    print(f"wrote {len(written)} notebook copies to {dest} ({len(kept)} kept as they were)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
