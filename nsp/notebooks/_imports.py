"""Which files of nsp a notebook runs: its imports of nsp, followed through the package.

``make figures`` re-runs a notebook when its own source or one of these files changed, not on
every change anywhere in the library. The graph is read from the sources with :mod:`ast`
(nothing is imported); importing ``nsp.a.b`` also runs ``nsp/__init__.py`` and
``nsp/a/__init__.py``, so those count too. Imports inside functions count like the others.
The paper packages are lazy (:mod:`nsp._lazy`): a name imported from one, or reached as an
attribute of it (``up.f`` after ``import ... as up``, or the dotted ``nsp.papers.x.f`` after
``import nsp.papers.x``), counts with the one submodule that defines it, so a change to one
paper module re-runs only the notebooks that use it. A lazy package used whole counts with
all its submodules.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from nsp._lazy import read_table

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


@lru_cache(maxsize=64)
def _lazy_table(name: str, mtime: float) -> dict[str, str]:
    """Return ``{public name: submodule}`` of the lazy package ``name`` (empty if not lazy)."""
    init = _module_file(name)
    if init is None or init.name != "__init__.py":
        return {}
    table = read_table(init) or {}
    return {public: f"{name}.{module}" for module, names in table.items() for public in names}


def _exports_of(name: str) -> dict[str, str]:
    """:func:`_lazy_table` of module ``name``, cached per version of its ``__init__.py``."""
    init = _module_file(name)
    return _lazy_table(name, init.stat().st_mtime) if init is not None else {}


def _bound_names(tree: ast.AST, package: str) -> dict[str, str]:
    """Return the local names an AST binds to nsp modules, each with the module's name.

    ``import nsp.a as m`` binds ``m``; ``from nsp import a`` binds ``a``.
    """
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            for alias in node.names:
                if _module_file(f"{base}.{alias.name}") is not None:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    return bound


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """Return the absolute module name of ``from <module> import ...`` inside ``package``."""
    base = node.module or ""
    if node.level:
        anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    return base


def _attribute_uses(tree: ast.AST, bound: dict[str, str]) -> set[str]:
    """Return the modules reached by ``m.name`` on a name bound to a lazy package.

    A lazy package used other than through its attributes (passed on, ``dir(m)``) counts
    with every submodule.
    """
    lazy = {local: name for local, name in bound.items() if _exports_of(name)}
    if not lazy:
        return set()
    found: set[str] = set()
    via_attribute: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            package = lazy.get(node.value.id)
            if package is not None:
                via_attribute.add(id(node.value))
                found.add(_exports_of(package).get(node.attr, package))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in lazy and id(node) not in via_attribute:
            if isinstance(node.ctx, ast.Load):
                found.update(_exports_of(lazy[node.id]).values())
    return found


def _dotted(node: ast.expr) -> list[str] | None:
    """Return ``["a", "b", "c"]`` for the expression ``a.b.c``, or None if it is not one."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return [node.id, *reversed(parts)] if isinstance(node, ast.Name) else None


def _dotted_uses(tree: ast.AST) -> set[str]:
    """Return the modules reached by a dotted name ``nsp.….pkg.name`` through a lazy package.

    Only where ``nsp`` is bound by a plain ``import nsp…`` (no ``as``). The dotted name's
    longest prefix that is a lazy package decides: the submodule defining the next name, or
    every submodule where the package itself is used (``dir(nsp.papers.x)``).
    """
    plain = any(
        isinstance(node, ast.Import)
        and any(a.asname is None and a.name.split(".")[0] == _ROOT for a in node.names)
        for node in ast.walk(tree)
    )
    if not plain:
        return set()
    inner = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or id(node) in inner:
            continue
        parts = _dotted(node)
        if parts is None or parts[0] != _ROOT:
            continue
        for i in range(len(parts), 0, -1):
            exports = _exports_of(".".join(parts[:i]))
            if exports:
                following = parts[i] if i < len(parts) else None
                found.update([exports[following]] if following in exports else exports.values())
                break
    return found


def imported_modules(tree: ast.AST, *, package: str = "") -> set[str]:
    """Return the nsp modules an AST imports; ``package`` resolves relative imports.

    ``from nsp.a import b`` gives ``nsp.a.b`` if that is a module, else ``nsp.a``; if
    ``nsp.a`` is a lazy package (:mod:`nsp._lazy`), also the submodule that defines ``b``,
    and ``m.b`` on a name ``m`` bound to it does the same.
    """
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            found.add(base)
            exports = _exports_of(base) if _module_file(base) is not None else {}
            for alias in node.names:
                found.add(f"{base}.{alias.name}")
                if alias.name in exports:
                    found.add(exports[alias.name])
    found |= _attribute_uses(tree, _bound_names(tree, package))
    found |= _dotted_uses(tree)
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
