"""What makes a notebook kernel's results the same on every machine, and what is recorded."""

from __future__ import annotations

import os
import platform
from importlib import metadata
from pathlib import Path

from nsp import __version__
from nsp._atomic import atomic_path
from nsp._validation import as_path
from nsp.paths import published_figures_dir

try:  # numpy's SIMD dispatch: the extensions it may use, and those this CPU has
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
except ImportError:  # another numpy layout
    _CPU_DISPATCH: tuple[list[str], dict[str, bool]] | None = None
else:
    _CPU_DISPATCH = (__cpu_dispatch__, __cpu_features__)

#: Set in the environment of every notebook kernel. One BLAS/OpenMP thread: a sum is then
#: accumulated in one order whatever the machine's core count; a fixed hash seed: the order
#: of sets of strings is the same in every run; no progress bars in executed notebooks (they
#: show as widgets when a student runs the notebook in JupyterLab); views drawn once,
#: without sliders (``nsp.interactive.explore``); and figures shown inline, in the executed
#: notebook, whatever ``MPLBACKEND`` the caller has (``Agg`` would leave them out).
KERNEL_ENV: dict[str, str] = {
    "OPENBLAS_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "PYTHONHASHSEED": "0",
    "TQDM_DISABLE": "1",
    "NSP_STATIC": "1",
    "MPLBACKEND": "module://matplotlib_inline.backend_inline",
}


def numerical_pins() -> dict[str, str]:
    """Return the environment that makes OpenBLAS and numpy run the same code path on every CPU.

    OpenBLAS picks its kernels, and numpy its SIMD loops, by the CPU it finds; the last bits
    of a result, and so an antialiased pixel, can differ between two CPUs of one platform.
    Published runs pin both to the platform's baseline: OpenBLAS's ``Prescott`` kernels on
    x86-64 (every x86-64 CPU has SSE3) and numpy's baseline loops (its dispatched extensions
    that this CPU has are disabled). It costs some speed and buys the same bytes everywhere.

    Returns
    -------
    dict of str to str
        Environment variables for a kernel: ``OPENBLAS_CORETYPE`` on x86-64,
        ``NPY_DISABLE_CPU_FEATURES`` when numpy dispatches to extensions this CPU has.

    See Also
    --------
    environment : The versions that decide a figure's bytes.

    Examples
    --------
    >>> pins = numerical_pins()
    >>> set(pins) <= {"OPENBLAS_CORETYPE", "NPY_DISABLE_CPU_FEATURES"}
    True
    """
    pins = {}
    if platform.machine().lower() in {"x86_64", "amd64"}:
        pins["OPENBLAS_CORETYPE"] = "Prescott"
    if _CPU_DISPATCH is None:  # another numpy layout: leave its dispatch alone
        return pins
    dispatch, features = _CPU_DISPATCH
    found = [name for name in dispatch if features.get(name)]
    if found:
        pins["NPY_DISABLE_CPU_FEATURES"] = " ".join(found)
    return pins


#: The packages whose versions are recorded beside the published figures.
RECORDED_PACKAGES: tuple[str, ...] = (
    "numpy",
    "scipy",
    "pandas",
    "matplotlib",
    "seaborn",
    "networkx",
    "tqdm",
    "papermill",
    "jupytext",
    "ipykernel",
    "nbclient",
    "nbformat",
)


def environment() -> dict[str, str]:
    """Return the versions that decide a figure's bytes.

    Returns
    -------
    dict of str to str
        The versions of Python, the platform, nsp and the packages of ``RECORDED_PACKAGES``
        (``"not installed"`` for a missing one), in that order.

    See Also
    --------
    environment_drift : How this environment differs from the recorded one.
    write_environment : Record it.

    Examples
    --------
    >>> env = environment()
    >>> sorted(env)[:3], env["numpy"] == __import__("numpy").__version__
    (['ipykernel', 'jupytext', 'matplotlib'], True)
    """
    env = {
        "python": platform.python_version(),
        "platform": f"{platform.system()}-{platform.machine()}",
        "nsp": __version__,
    }
    for name in RECORDED_PACKAGES:
        try:
            env[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            env[name] = "not installed"
    return env


def environment_drift(folder: str | os.PathLike[str] | None = None) -> list[str]:
    """Return how this environment differs from the one ``ENVIRONMENT.txt`` records.

    One entry per differing name, ``"python 3.13.0 (recorded 3.11.7)"``; empty when they
    agree or nothing is recorded.

    Parameters
    ----------
    folder : path, optional
        The folder of ``ENVIRONMENT.txt``; default :func:`nsp.paths.published_figures_dir`.

    Returns
    -------
    list of str

    See Also
    --------
    environment : This environment.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = write_environment(d)
    ...     environment_drift(d)
    []
    """
    target = (
        as_path("folder", folder, kind="new-folder")
        if folder is not None
        else published_figures_dir()
    )
    path = target / "ENVIRONMENT.txt"
    if not path.is_file():
        return []
    recorded = dict(
        line.split(" ", 1)
        for line in path.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#") and " " in line
    )
    return [
        f"{name} {version} (recorded {recorded.get(name, 'nothing')})"
        for name, version in environment().items()
        if recorded.get(name) != version
    ]


def write_environment(folder: str | os.PathLike[str] | None = None) -> Path:
    """Write ``ENVIRONMENT.txt`` (the versions of :func:`environment`) into the published figures.

    The file changes only when a version does, so the committed figures say in which
    environment they were made; :func:`run_all` writes it only when a figure changed (a run
    in another environment that reproduces every byte keeps the record, and says so).

    Parameters
    ----------
    folder : path, optional
        Where to write; default :func:`nsp.paths.published_figures_dir`.

    Returns
    -------
    pathlib.Path
        The file ``<folder>/ENVIRONMENT.txt``.

    Raises
    ------
    ValueError
        If ``folder`` is not a path, or is a file.

    See Also
    --------
    environment : The versions it writes.
    environment_drift : Compare with them later.
    """
    target = (
        as_path("folder", folder, kind="new-folder")
        if folder is not None
        else published_figures_dir()
    )
    lines = [
        "# The environment the figures in this folder were made in (written by nsp figures).",
        "# Install it with make install (requirements.lock).",
    ]
    lines += [f"{name} {version}" for name, version in environment().items()]
    text = "\n".join(lines) + "\n"
    path = target / "ENVIRONMENT.txt"
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        with atomic_path(path) as tmp:
            tmp.write_text(text, encoding="utf-8")
    return path
