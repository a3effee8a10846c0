"""Packages whose public names are imported on first use (PEP 562).

A paper package lists, in a dict literal named :data:`TABLE` (``_EXPORTS``), the submodule
that defines each of its public names; its ``__getattr__`` imports that submodule when a name
is first asked for. So ``from nsp.papers.agglomerative import example1_range`` runs only the
modules ``example1_range`` needs, and :mod:`nsp.notebooks` can tell from a notebook's source,
without importing anything, which files a change to would re-run it (the table is read with
:mod:`ast`). A public submodule lists itself (``"taxi": ("taxi",)``).

Examples
--------
>>> from nsp.papers import agglomerative
>>> agglomerative.example1_range.__module__
'nsp.papers.agglomerative._instances'
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["TABLE", "exported", "lazy_attribute", "read_table"]

#: The name of the dict literal ``{submodule: (public names, ...)}`` in a lazy package.
TABLE = "_EXPORTS"


def exported(exports: Mapping[str, tuple[str, ...]]) -> list[str]:
    """Return the public names of a lazy package (its ``__all__``), in the table's order.

    Parameters
    ----------
    exports : mapping of str to tuple of str
        The package's table: submodule (relative name) -> the public names it defines.

    Returns
    -------
    list of str
        Every name once.

    Raises
    ------
    ValueError
        If a name is listed under two submodules.

    Examples
    --------
    >>> exported({"_a": ("f", "g"), "taxi": ("taxi",)})
    ['f', 'g', 'taxi']
    """
    names = [name for group in exports.values() for name in group]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"lazy exports list {repeated} under more than one submodule")
    return names


def lazy_attribute(package: str, exports: Mapping[str, tuple[str, ...]], name: str) -> Any:
    """Import and return the public ``name`` of ``package`` (its module ``__getattr__``).

    Parameters
    ----------
    package : str
        The package's ``__name__``.
    exports : mapping of str to tuple of str
        Its table (see :func:`exported`).
    name : str
        The attribute asked for.

    Returns
    -------
    object
        The object, or the submodule itself where a submodule lists itself; it is also stored
        in the package's namespace, so the next lookup is a plain attribute.

    Raises
    ------
    AttributeError
        If the package does not export ``name``.
    """
    for module, names in exports.items():
        if name in names:
            loaded = importlib.import_module(f"{package}.{module}")
            value = loaded if name == module else getattr(loaded, name)
            vars(sys.modules[package])[name] = value  # found once, then a plain attribute
            return value
    raise AttributeError(f"module {package!r} has no attribute {name!r}")


def read_table(init: Path) -> dict[str, tuple[str, ...]] | None:
    """Return the table of the lazy package whose ``__init__.py`` is ``init`` (read, not run).

    Parameters
    ----------
    init : pathlib.Path
        A package's ``__init__.py``.

    Returns
    -------
    dict or None
        ``{submodule: names}``, or None if the package is not lazy (it has no table).
    """
    tree = ast.parse(init.read_text(encoding="utf-8"), filename=str(init))
    for node in tree.body:
        target: ast.expr
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == TABLE:
            table = ast.literal_eval(value)
            return {str(k): tuple(v) for k, v in table.items()}
    return None
