"""Finding and reading the notebook sources under ``notebooks/<key>/NN_<topic>.py``."""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nsp._validation import as_path
from nsp.notebooks._parameters import Parameter, parse_parameters
from nsp.paths import build_dir, notebooks_dir


@dataclass(frozen=True)
class Notebook:
    """A notebook source: ``key`` is ``"<paper>/<stem>"``.

    Attributes
    ----------
    path : pathlib.Path
        The Jupytext source ``notebooks/<paper>/<stem>.py``.
    key : str
        ``"<paper>/<stem>"``.
    parameters : tuple of Parameter
        The parameters its ``parameters`` cell declares, in order.
    """

    path: Path
    key: str
    parameters: tuple[Parameter, ...]

    @property
    def executed_path(self) -> Path:
        """Where ``make figures`` keeps the executed copy (runs with the default parameters)."""
        return build_dir() / "executed" / f"{self.key}.ipynb"

    @property
    def scratch_path(self) -> Path:
        """Where a run with other parameters (or ``quick``) keeps its executed copy.

        It is kept apart so that it never passes for the up-to-date output of ``make figures``.
        """
        return build_dir() / "scratch" / "executed" / f"{self.key}.ipynb"

    @property
    def failed_path(self) -> Path:
        """Where a failed run keeps its executed notebook, with the failing cell's traceback."""
        return build_dir() / "failed" / f"{self.key}.ipynb"


def _notebook_tool(module: str) -> Any:
    """Import a tool of the ``notebooks`` extra, or say how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise RuntimeError(
            f"running notebooks needs {module}, part of nsp's notebooks extra: "
            f"pip install 'nsp-privacy[notebooks]' (make install installs everything)"
        ) from None


def _read(path: Path) -> Any:
    return _notebook_tool("jupytext").read(path)


def read_notebook(path: str | os.PathLike[str]) -> Notebook:
    """Read a notebook source and its parameters.

    Parameters
    ----------
    path : path
        A jupytext notebook source, ``notebooks/<paper>/<name>.py``.

    Returns
    -------
    Notebook
        Its path, key (``"<paper>/<name>"``) and declared parameters.

    Raises
    ------
    ValueError
        If the notebook does not have exactly one cell tagged ``parameters``, or the cell is
        malformed, or it has no ``quick`` parameter; if ``path`` is not a path or is a folder.
    FileNotFoundError
        If ``path`` does not exist.

    See Also
    --------
    parse_parameters : The parameters cell it parses.
    """
    path = as_path("path", path, kind="file").resolve()
    nb = _read(path)
    cells = [c for c in nb.cells if "parameters" in c.get("metadata", {}).get("tags", [])]
    if len(cells) != 1:
        raise ValueError(f"{path}: needs exactly one cell tagged 'parameters' (found {len(cells)})")
    params = parse_parameters(cells[0].source, where=f"{path.name} parameters cell")
    if "quick" not in {p.name for p in params}:
        raise ValueError(f"{path}: the parameters cell must declare 'quick: bool'")
    try:
        key = path.relative_to(notebooks_dir()).with_suffix("").as_posix()
    except ValueError:
        key = f"{path.parent.name}/{path.stem}"
    return Notebook(path, key, params)


def discover(root: str | os.PathLike[str] | None = None) -> list[Notebook]:
    """Return all notebooks ``<root>/<paper>/*.py`` (default ``notebooks/``), sorted by key.

    Files whose name starts with ``_`` are not notebooks.

    Parameters
    ----------
    root : path, optional
        The notebooks folder; default :func:`nsp.paths.notebooks_dir`.

    Returns
    -------
    list of Notebook
        Each notebook, as :func:`read_notebook` reads it.

    Raises
    ------
    FileNotFoundError
        If the folder does not exist (for example with nsp installed from a wheel, which ships
        no notebooks), saying where it looked and how to point it elsewhere.
    ValueError
        If ``root`` is not a path, or is a file.

    See Also
    --------
    find : One notebook by path, key or stem.
    read_notebook : Read one source.
    """
    if root is not None:
        return _discover(as_path("root", root, kind="folder"))
    base = notebooks_dir()
    if not base.is_dir():
        raise FileNotFoundError(
            f"no notebooks folder at {base}. The notebooks live in the source repository of nsp: "
            f"run from a checkout, or set NSP_PROJECT_DIR to one (or NSP_NOTEBOOKS_DIR to its "
            f"notebooks/ folder)."
        )
    return _discover(base)


def _discover(base: Path) -> list[Notebook]:
    return [read_notebook(p) for p in sorted(base.glob("*/*.py")) if not p.name.startswith("_")]


def find(name: str) -> Notebook:
    """Resolve a notebook by path, by key (``"privacy_funnel/01_census"``) or by unique stem.

    Parameters
    ----------
    name : str
        A path to a ``.py`` source, a key, or the end of one key (``".py"`` may be added).

    Returns
    -------
    Notebook
        The one notebook that matches.

    Raises
    ------
    ValueError
        If nothing or more than one notebook matches.

    See Also
    --------
    discover : Every notebook.
    """
    candidate = Path(name)
    if candidate.suffix == ".py" and candidate.exists():
        return read_notebook(candidate)
    wanted = name.removesuffix(".py")
    matches = [nb for nb in discover() if nb.key == wanted]
    matches = matches or [
        nb for nb in discover() if nb.key.endswith("/" + wanted) or Path(nb.key).name == wanted
    ]
    if len(matches) != 1:
        known = ", ".join(nb.key for nb in discover())
        what = "no notebook" if not matches else f"{len(matches)} notebooks"
        raise ValueError(f"{what} named {name!r}; known notebooks: {known}")
    return matches[0]
