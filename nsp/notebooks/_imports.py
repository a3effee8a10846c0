"""Which files of nsp a notebook runs: its imports of nsp, followed through the package.

``make figures`` re-runs a notebook when its own source or one of these files changed, not on
every change anywhere in the library. The graph is read from the sources with :mod:`ast`
(nothing is imported); importing ``nsp.a.b`` also runs ``nsp/__init__.py`` and
``nsp/a/__init__.py``, so those count too. Imports inside functions count like the others.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # nsp/
_ROOT = "nsp"


def _module_file(name: str) -> Path | None:
    """Return the file of module ``name`` (``nsp.a.b``), or None if it is not nsp's."""
    parts = name.split(".")
    if parts[0] != _ROOT:
        return None
    base = _PACKAGE.joinpath(*parts[1:])
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def _with_parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def imported_modules(tree: ast.AST, *, package: str = "") -> set[str]:
    """Return the nsp modules an AST imports; ``package`` resolves relative imports.

    ``from nsp.a import b`` gives ``nsp.a.b`` if that is a module, else ``nsp.a``.
    """
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if _module_file(name) is not None}


@lru_cache(maxsize=512)
def _direct(path: Path, mtime: float) -> frozenset[str]:
    """Return the nsp modules the module at ``path`` imports (cached per file version)."""
    rel = path.relative_to(_PACKAGE.parent).with_suffix("")
    name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return frozenset(imported_modules(tree, package=package))


def nsp_files(source: Path) -> set[Path]:
    """Return the files of nsp that a notebook source (Python) imports, directly or not."""
    tree = ast.parse(Path(source).read_text(encoding="utf-8"), filename=str(source))
    todo = [m for name in imported_modules(tree) for m in _with_parents(name)]
    seen: set[str] = set()
    files: set[Path] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = _module_file(name)
        if path is None:
            continue
        files.add(path)
        for dep in _direct(path, path.stat().st_mtime):
            todo.extend(_with_parents(dep))
    return files


def resource_files() -> list[Path]:
    """Return nsp's data files (styles, the dataset registry): a change to one re-runs all."""
    return sorted(p for p in _PACKAGE.rglob("*") if p.suffix in {".mplstyle", ".json"})
