"""Private stays private between the packages of nsp: ``make lint`` runs this check.

The floors contract (import-linter, ``pyproject.toml``) says which way an import may point; this
check says what it may reach. A subpackage or top-level module ``nsp.A`` (``nsp/A/...`` or
``nsp/A.py``) may import

* anything public: a module whose dotted path has no private component, and its public names;
* its own privates: ``nsp.A._x`` at any depth, and a ``_name`` of any module of ``nsp.A``;
* the private modules directly under nsp, shared: ``nsp._validation``, ``nsp._kernels``, ...
  on the ground floor, and ``nsp._resampling``, ``nsp._scale`` alone on a floor of their own
  just below the packages that share them (the floors contract keeps every one below its
  importers); a private package among them through its ``__init__`` only (``from nsp._scale
  import boxes_for``, not ``nsp._scale._taxi``), and none of their ``_names``.

It may not import ``nsp.B._y`` of another subpackage ``B``, nor a ``_name`` (a dunder is not
private) from any module of ``B``, public or not: renaming a private then breaks no neighbour.
Tests are outside the rule (they may import privates). The imports are read from the sources
with :mod:`ast`, relative ones resolved, those inside functions included; an attribute reached
at run time (``nsp.B.module._name``, ``importlib.import_module("nsp.B._y")``) is not an import
and is not seen.

Usage: ``python .ci/private_imports.py [PACKAGE_FOLDER]`` (default ``nsp`` beside this folder);
prints one line per offending import and exits 1 if there is one.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _module_of(path: Path, root: Path) -> tuple[str, bool]:
    """Return the dotted name of the module in ``path`` and whether it is a package."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if is_package else parts), is_package


def _is_module(dotted: str, root: Path) -> bool:
    """Return whether ``dotted`` names a module or package of the tree under ``root``."""
    base = root.parent.joinpath(*dotted.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[int, str, str | None]]:
    """Yield ``(line, module, name)`` for every import: ``name`` for ``from module import name``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:
                yield node.lineno, source, alias.name


def _owner(dotted: str) -> str:
    """Return the subpackage or top-level module a module belongs to (``nsp.A``)."""
    return ".".join(dotted.split(".")[:2])


def offences(root: Path) -> list[str]:
    """Return one line per import under ``root`` that reaches another package's privates."""
    top = root.name
    found = []
    for path in sorted(root.rglob("*.py")):
        module, is_package = _module_of(path, root)
        owner = _owner(module) if module != top else None
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for line, source, name in _imports(tree, module, is_package):
            if source != top and not source.startswith(top + "."):
                continue
            if name is not None and _is_module(f"{source}.{name}", root):
                source, name = f"{source}.{name}", None  # from nsp.a import _x: the module _x
            parts = source.split(".")
            if owner is not None and _owner(source) == owner:
                continue  # its own package: every private of it is allowed
            where = f"{path.relative_to(root.parent)}:{line}: {module} imports"
            private_parts = [p for p in parts[1:] if _is_private(p)]
            shared = len(parts) == 2 and _is_private(parts[1])  # nsp._x, shared
            if private_parts and not shared:
                found.append(f"{where} {source}, private to {_owner(source)}")
            elif name is not None and _is_private(name):
                found.append(f"{where} {name} from {source}, private to {_owner(source)}")
    return list(dict.fromkeys(found))  # one line per module an import statement reaches


def main(argv: list[str]) -> int:
    """Check the package folder ``argv[0]`` (default: nsp beside .ci) and report."""
    root = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "nsp"
    found = offences(root.resolve())
    for line in found:
        print(line)
    if found:
        print(
            f"{len(found)} import(s) of another package's private module or name: move what is "
            "shared to a private module of the ground floor (nsp/_<topic>.py), or make it "
            "public in its owner's __all__"
        )
        return 1
    print(f"private imports: none across packages under {root.name}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
