"""The implementation of :mod:`nsp.paths`: import its names from there."""

from __future__ import annotations

import os
from pathlib import Path

from nsp._deprecation import deprecated
from nsp._validation import as_path

__all__ = [
    "build_dir",
    "data_dir",
    "data_mirror",
    "figure_path",
    "figures_dir",
    "notebooks_dir",
    "project_root",
    "published_figures_dir",
    "repo_root",
]

_PACKAGE_PARENT: Path = Path(__file__).resolve().parents[2]  # nsp/paths/_locations.py


def _is_checkout(folder: Path) -> bool:
    return (folder / "pyproject.toml").is_file() and (folder / "nsp").is_dir()


#: The source checkout this package was imported from, or ``None`` for an installed wheel.
CHECKOUT: Path | None = _PACKAGE_PARENT if _is_checkout(_PACKAGE_PARENT) else None


def _from_env(var: str) -> Path | None:
    value = os.environ.get(var, "").strip()
    return Path(value).expanduser().resolve() if value else None


def project_root() -> Path:
    """Return the project folder: ``$NSP_PROJECT_DIR``, the source checkout, or the current folder.

    An editable install (``make install``) or a run from the repository finds its checkout.
    An installed wheel has no checkout: it then works in the current folder (``./data``,
    ``./notebooks``, ``./build``), or in ``$NSP_PROJECT_DIR`` when set.

    Returns
    -------
    pathlib.Path
        The project folder, absolute.

    See Also
    --------
    repo_root : Its old name.
    build_dir : The build folder.

    Examples
    --------
    >>> (project_root() / "nsp").is_dir()
    True
    """
    return _from_env("NSP_PROJECT_DIR") or CHECKOUT or Path.cwd().resolve()


@deprecated(since="0.3.0", use="nsp.paths.project_root")
def repo_root() -> Path:
    """Return the project folder: deprecated, call :func:`project_root` instead.

    An alias of :func:`project_root` that 0.2.0 released; it warns with a
    :class:`DeprecationWarning` and will be removed in a later release.

    Returns
    -------
    pathlib.Path
        What :func:`project_root` returns.

    See Also
    --------
    project_root : The same folder, by its current name.
    """
    return project_root()


def data_dir(data_home: str | os.PathLike[str] | None = None) -> Path:
    """Return the data folder: ``data_home``, else ``$NSP_DATA_DIR``, else ``<project>/data``.

    Parameters
    ----------
    data_home : path, optional
        An explicit data folder; ``~`` is expanded.

    Returns
    -------
    pathlib.Path
        The data folder, absolute (it need not exist).

    Raises
    ------
    ValueError
        If ``data_home`` is not a path, or is a file.

    See Also
    --------
    data_mirror : The local mirror the data is copied from.
    nsp.datasets.registered_path : A registered file in this folder.
    """
    if data_home is not None:
        return as_path("data_home", data_home, kind="new-folder").resolve()
    return _from_env("NSP_DATA_DIR") or project_root() / "data"


def data_mirror() -> Path | None:
    """Return the local data mirror (``$NSP_DATA_MIRROR``), or ``None`` when it is not set.

    Returns
    -------
    pathlib.Path or None
        The mirror folder, absolute, laid out as ``<mirror>/<dataset>/<file>``.

    See Also
    --------
    data_dir : The data folder.
    nsp.datasets.fetch : Copy the files from the mirror.
    """
    return _from_env("NSP_DATA_MIRROR")


def build_dir() -> Path:
    """Return the build folder: ``$NSP_BUILD_DIR`` or ``<project>/build``.

    The build folder holds executed notebooks and scratch runs.

    Returns
    -------
    pathlib.Path
        The build folder, absolute (it need not exist).

    See Also
    --------
    figures_dir : Where figures are saved now.
    project_root : The project folder.
    """
    return _from_env("NSP_BUILD_DIR") or project_root() / "build"


def published_figures_dir() -> Path:
    """Return the committed figures folder ``<project>/figures``.

    Only ``nsp figures`` (and so ``make figures``) writes there.

    Returns
    -------
    pathlib.Path
        The published figures folder.

    See Also
    --------
    figures_dir : Where figures are saved now.
    """
    return project_root() / "figures"


def figures_dir() -> Path:
    """Return where figures are saved now: ``$NSP_FIGURES_DIR``, else ``<build>/scratch/figures``.

    ``nsp figures`` sets ``NSP_FIGURES_DIR`` to :func:`published_figures_dir` for the notebooks
    it runs; everything else writes to the scratch folder.

    Returns
    -------
    pathlib.Path
        The figures folder of this run, absolute (it need not exist).

    See Also
    --------
    published_figures_dir : The committed figures.
    figure_path : A file in it.

    Examples
    --------
    >>> import os
    >>> saved = os.environ.pop("NSP_FIGURES_DIR", None)
    >>> figures_dir().relative_to(build_dir()).as_posix()
    'scratch/figures'
    >>> if saved is not None:
    ...     os.environ["NSP_FIGURES_DIR"] = saved
    """
    return _from_env("NSP_FIGURES_DIR") or build_dir() / "scratch" / "figures"


def notebooks_dir() -> Path:
    """Return the folder of the notebook sources: ``$NSP_NOTEBOOKS_DIR`` or ``<project>/notebooks``.

    Returns
    -------
    pathlib.Path
        The notebooks folder, absolute (it need not exist).

    See Also
    --------
    nsp.notebooks.discover : The notebooks in it.
    """
    return _from_env("NSP_NOTEBOOKS_DIR") or project_root() / "notebooks"


def figure_path(key: str, suffix: str = "") -> Path:
    """Return ``figures_dir()/key`` with ``suffix`` appended.

    Parameters
    ----------
    key : str
        ``"<paper>/<name>"``, e.g. ``"privacy_funnel/fig1_census"``.
    suffix : str
        Appended to the name, e.g. ``".png"``.

    Returns
    -------
    pathlib.Path
        The file in :func:`figures_dir` (its folder need not exist).

    Raises
    ------
    ValueError
        If ``key`` is not of the form ``"<paper>/<name>"`` with no ``..`` and no extension.

    See Also
    --------
    figures_dir : The folder.
    nsp.plotting.savefig : Save a figure there.

    Examples
    --------
    >>> figure_path("funnel/fig1", ".png").relative_to(figures_dir()).as_posix()
    'funnel/fig1.png'
    """
    parts = key.split("/")
    if len(parts) != 2 or not all(parts) or any(p in {".", ".."} for p in parts) or "." in parts[1]:
        raise ValueError(
            f"figure key must look like '<paper>/<name>' without extension; got {key!r}"
        )
    return figures_dir() / (key + suffix)
