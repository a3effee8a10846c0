"""Where things live: the repository, the data, the figures and the notebooks.

Every location is a setting, resolved at call time so that tests can redirect it:

==================  ===========================  ==========================================
location            environment variable         default
==================  ===========================  ==========================================
data                ``NSP_DATA_DIR``             ``<repo>/data``
data mirror         ``NSP_DATA_MIRROR``          none (``make data`` copies from it)
figures             ``NSP_FIGURES_DIR``          ``<repo>/figures``
build outputs       ``NSP_BUILD_DIR``            ``<repo>/build``
==================  ===========================  ==========================================

Notebooks never build paths relative to their own folder: they call these functions.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The repository root (the folder that holds ``pyproject.toml``).
REPO_ROOT: Path = Path(__file__).resolve().parent.parent


def _from_env(var: str, default: Path) -> Path:
    value = os.environ.get(var, "").strip()
    return Path(value).expanduser().resolve() if value else default


def repo_root() -> Path:
    """Return the repository root.

    Examples
    --------
    >>> (repo_root() / "nsp").is_dir()
    True
    """
    return REPO_ROOT


def data_dir(data_home: str | os.PathLike[str] | None = None) -> Path:
    """Return the data folder: ``data_home`` if given, else ``$NSP_DATA_DIR``, else ``<repo>/data``."""
    if data_home is not None:
        return Path(data_home).expanduser().resolve()
    return _from_env("NSP_DATA_DIR", REPO_ROOT / "data")


def data_mirror() -> Path | None:
    """Return the local data mirror (``$NSP_DATA_MIRROR``), or ``None`` when it is not set."""
    value = os.environ.get("NSP_DATA_MIRROR", "").strip()
    return Path(value).expanduser().resolve() if value else None


def figures_dir() -> Path:
    """Return the figures folder: ``$NSP_FIGURES_DIR`` or ``<repo>/figures``."""
    return _from_env("NSP_FIGURES_DIR", REPO_ROOT / "figures")


def build_dir() -> Path:
    """Return the build folder (executed notebooks, caches): ``$NSP_BUILD_DIR`` or ``<repo>/build``."""
    return _from_env("NSP_BUILD_DIR", REPO_ROOT / "build")


def notebooks_dir() -> Path:
    """Return the folder of the notebook sources (jupytext percent ``.py`` files)."""
    return REPO_ROOT / "notebooks"


def figure_path(key: str, suffix: str = "") -> Path:
    """Return ``figures_dir()/key`` with ``suffix`` appended, e.g. ``figure_path("funnel/fig1", ".png")``.

    Raises
    ------
    ValueError
        If ``key`` is not of the form ``"<paper>/<name>"`` with no ``..`` and no extension.
    """
    parts = key.split("/")
    if len(parts) != 2 or not all(parts) or any(p in {".", ".."} for p in parts) or "." in parts[1]:
        raise ValueError(f"figure key must look like '<paper>/<name>' without extension; got {key!r}")
    return figures_dir() / (key + suffix)
