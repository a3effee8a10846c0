"""Your own ``.ipynb`` copies of the notebooks (``make notebooks``, ``make lab``), in one process.

``python -m nsp.notebooks._copies`` writes ``build/notebooks/<key>.ipynb`` for every notebook
source that has no copy yet; a copy that exists is yours and is never overwritten. ``make lab``
opens JupyterLab on these copies, so that a student's saves never touch the tracked sources.
A copy is a plain notebook, paired with no text file: it carries none of the source's jupytext
settings (with them, JupyterLab refuses to open an ``.ipynb`` whose pairing names only
``py:percent``; a kept copy made before is mended, its cells untouched). A kept copy made from
another version of its source (the material changed since: the copy records the source's
sha256; a save that changes no byte changes nothing) is named, with how to get the new version.
"""

from __future__ import annotations

import argparse
import json
import os
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
        target = _copy_path(src, root=root, dest=dest)
        if target.exists():
            _unpair(target)
            kept.append(target)
            continue
        notebook = jupytext.read(src)
        notebook.metadata.pop("jupytext", None)
        notebook.metadata["nsp"] = {"source_sha256": _sha256(src)}
        with atomic_path(target) as partial:
            jupytext.write(notebook, partial, fmt="ipynb")
        written.append(target)
    return written, kept


def _unpair(copy: Path) -> None:
    """Drop the jupytext pairing a copy made by an older version carries; leave all else."""
    try:
        notebook = json.loads(copy.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return  # not a notebook we can read: the student's business
    settings = notebook.get("metadata", {}).get("jupytext")
    if not isinstance(settings, dict) or "formats" not in settings:
        return
    del notebook["metadata"]["jupytext"]
    stat = copy.stat()
    with atomic_path(copy) as partial:
        partial.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", "utf-8")
    os.utime(copy, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # still as old as the student left it


def _copy_path(src: Path, *, root: Path, dest: Path) -> Path:
    """Return where the copy of the source ``root/<rel>.py`` lives: ``dest/<rel>.ipynb``."""
    return dest / src.resolve().relative_to(root.resolve()).with_suffix(".ipynb")


def _sha256(path: Path) -> str:
    from nsp.datasets import sha256_file  # noqa: PLC0415  (only where a copy is made or read)

    return sha256_file(path)


def _recorded_source(copy: Path) -> str | None:
    """Return the source sha256 a copy records (None: a copy made before it recorded one)."""
    try:
        meta = json.loads(copy.read_text(encoding="utf-8")).get("metadata", {})
    except (OSError, ValueError, AttributeError):
        return None
    digest = meta.get("nsp", {}).get("source_sha256") if isinstance(meta, dict) else None
    return digest if isinstance(digest, str) else None


def older_than_source(sources: list[Path], *, root: Path, dest: Path) -> list[Path]:
    """Return the copies made from another version of their source than today's.

    By content: a copy records its source's sha256 when it is made, so a save of the source
    that changes no byte leaves the copy current. A copy from before that record is compared
    by modification time.
    """
    older = []
    for src in sources:
        target = _copy_path(src, root=root, dest=dest)
        if not target.exists():
            continue
        recorded = _recorded_source(target)
        if recorded is not None:
            if recorded != _sha256(src):
                older.append(target)
        elif target.stat().st_mtime < src.stat().st_mtime:
            older.append(target)
    return older


def main(argv: list[str] | None = None) -> int:
    """Write the missing copies of the notebooks given (default all) and say what was done."""
    parser = argparse.ArgumentParser(
        prog="python -m nsp.notebooks._copies",
        description="Write an .ipynb copy of each notebook source that has none yet.",
    )
    parser.add_argument("sources", nargs="*", type=Path, help="notebook sources (default all)")
    parser.add_argument(
        "--dest", type=Path, default=None, help="folder of the copies (default: build/notebooks)"
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    root = notebooks_dir()
    sources = args.sources or sorted(p for p in root.glob("*/*.py") if not p.name.startswith("_"))
    dest = args.dest if args.dest is not None else build_dir() / "notebooks"
    written, kept = write_copies(sources, root=root, dest=dest)
    print(f"wrote {len(written)} notebook copies to {dest} ({len(kept)} kept as they were)")
    older = older_than_source(sources, root=root, dest=dest)
    if older:
        names = ", ".join(str(p.relative_to(dest)) for p in older)
        print(
            f"{len(older)} of your copies were made from an earlier version of their notebook "
            f"(the material changed since): {names}. Keep working on yours, or delete one "
            "and run make notebooks to get the new version."
        )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
