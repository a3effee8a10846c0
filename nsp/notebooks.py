"""Find, describe and run the project's notebooks (jupytext percent sources, run by papermill).

Each notebook under ``notebooks/<key>/NN_<topic>.py`` has exactly one cell tagged
``parameters`` whose lines read ``name: type = literal  # help text``. This module parses that
cell (so ``nsp list`` can show every parameter with its help), rejects parameter names the
notebook does not declare (papermill only warns about them), and executes the notebook with
papermill in a kernel with one BLAS thread and CPU-independent numerical kernels
(:func:`numerical_pins`), writing the executed copy to a temporary file that
is renamed only on success.

Where the outputs go:

* :func:`run` writes figures to ``nsp.paths.figures_dir()`` (the scratch folder unless
  ``NSP_FIGURES_DIR`` says otherwise) and the executed notebook to
  ``build/scratch/executed/<key>.ipynb``;
* ``run(..., publish=True)``, used by ``nsp figures`` / ``make figures``, writes the committed
  ``figures/`` and ``build/executed/<key>.ipynb``, and only with the notebook's own parameters;
* a failed run keeps the executed notebook, with the failing cell's traceback, at
  ``build/failed/<key>.ipynb`` and raises :class:`NotebookError`.
"""

from __future__ import annotations

import ast
import io
import json
import os
import platform
import re
import tokenize
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from nsp._atomic import atomic_path
from nsp.paths import build_dir, figures_dir, notebooks_dir, project_root, published_figures_dir

__all__ = [
    "KERNEL_ENV",
    "Notebook",
    "NotebookError",
    "NotebooksFailed",
    "Parameter",
    "RunReport",
    "convert_value",
    "describe",
    "describe_error",
    "discover",
    "environment",
    "find",
    "numerical_pins",
    "parse_parameters",
    "resolve_parameters",
    "run",
    "run_all",
    "write_environment",
]

#: Set in the environment of every notebook kernel. One BLAS/OpenMP thread: a sum is then
#: accumulated in one order whatever the machine's core count; a fixed hash seed: the order
#: of sets of strings is the same in every run; no progress bars in executed notebooks (they
#: show as widgets when a student runs the notebook in JupyterLab); and views drawn once,
#: without sliders (``nsp.interactive.explore``).
KERNEL_ENV: dict[str, str] = {
    "OPENBLAS_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "PYTHONHASHSEED": "0",
    "TQDM_DISABLE": "1",
    "NSP_STATIC": "1",
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

    Examples
    --------
    >>> pins = numerical_pins()
    >>> set(pins) <= {"OPENBLAS_CORETYPE", "NPY_DISABLE_CPU_FEATURES"}
    True
    """
    pins = {}
    if platform.machine().lower() in {"x86_64", "amd64"}:
        pins["OPENBLAS_CORETYPE"] = "Prescott"
    try:
        from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    except ImportError:  # another numpy layout: leave its dispatch alone
        return pins
    found = [name for name in __cpu_dispatch__ if __cpu_features__.get(name)]
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


@dataclass(frozen=True)
class Parameter:
    """One declared notebook parameter."""

    name: str
    type: str
    default: Any
    help: str


@dataclass(frozen=True)
class Notebook:
    """A notebook source: ``key`` is ``"<paper>/<stem>"``."""

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
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise RuntimeError(
            f"running notebooks needs {module}, part of nsp's notebooks extra: "
            f"pip install 'nsp[notebooks]' (make install installs everything)"
        ) from None


def _read(path: Path) -> Any:
    return _notebook_tool("jupytext").read(path)


def _comments_by_line(source: str) -> dict[int, str]:
    comments: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string.lstrip("#").strip()
    return comments


def parse_parameters(source: str, *, where: str = "parameters cell") -> tuple[Parameter, ...]:
    """Parse the source of a parameters cell into :class:`Parameter` records.

    Every statement must be ``name: type = literal`` (a Python literal) with a trailing
    ``# help`` comment.

    Parameters
    ----------
    source : str
        The cell's Python source.
    where : str
        How error messages name the cell.

    Returns
    -------
    tuple of Parameter
        One record per statement, in source order.

    Raises
    ------
    ValueError
        If a statement is not an annotated assignment of a literal, or lacks its comment.

    Examples
    --------
    >>> parse_parameters("quick: bool = False  # run in seconds")[0]
    Parameter(name='quick', type='bool', default=False, help='run in seconds')
    """
    tree = ast.parse(source)
    comments = _comments_by_line(source)
    params = []
    for node in tree.body:
        if not (
            isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value
        ):
            raise ValueError(f"{where}: line {node.lineno} is not 'name: type = literal  # help'")
        try:
            default = ast.literal_eval(node.value)
        except ValueError:
            raise ValueError(f"{where}: the value of {node.target.id!r} is not a literal") from None
        help_text = comments.get(node.end_lineno or node.lineno, "")
        if not help_text:
            raise ValueError(
                f"{where}: parameter {node.target.id!r} has no trailing '# help' comment"
            )
        params.append(Parameter(node.target.id, ast.unparse(node.annotation), default, help_text))
    return tuple(params)


def describe(path: str | os.PathLike[str]) -> Notebook:
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
        malformed, or it has no ``quick`` parameter.
    """
    path = Path(path).resolve()
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
        Each notebook, as :func:`describe` reads it.

    Raises
    ------
    FileNotFoundError
        If the folder does not exist (for example with nsp installed from a wheel, which ships
        no notebooks), saying where it looked and how to point it elsewhere.
    """
    base = Path(root) if root is not None else notebooks_dir()
    if not base.is_dir():
        raise FileNotFoundError(
            f"no notebooks folder at {base}. The notebooks live in the source repository of nsp: "
            f"run from a checkout, or set NSP_PROJECT_DIR to one (or NSP_NOTEBOOKS_DIR to its "
            f"notebooks/ folder)."
        )
    return [describe(p) for p in sorted(base.glob("*/*.py")) if not p.name.startswith("_")]


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
    """
    candidate = Path(name)
    if candidate.suffix == ".py" and candidate.exists():
        return describe(candidate)
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


def convert_value(param: Parameter, text: str) -> Any:
    """Convert a command-line string to the parameter's declared type.

    ``bool`` accepts 1/0, true/false, yes/no and on/off; ``int``, ``float`` and ``str`` convert
    directly; any other type is read as a Python literal, checked against the container the
    type names (``list``, ``tuple``, ``dict``, ``set``).

    Parameters
    ----------
    param : Parameter
        The declared parameter.
    text : str
        The value as typed on the command line.

    Returns
    -------
    object
        The value, of the declared type.

    Raises
    ------
    ValueError
        If ``text`` is not a value of the declared type.

    Examples
    --------
    >>> convert_value(Parameter("n", "int", 3, ""), "10")
    10
    >>> convert_value(Parameter("quick", "bool", False, ""), "yes")
    True
    >>> convert_value(Parameter("eps", "list[float]", [1.0], ""), "[0.5, 2]")
    [0.5, 2]
    """
    kind = param.type.split("[")[0].strip()
    try:
        if kind == "bool":
            low = text.strip().lower()
            if low in {"1", "true", "yes", "on"}:
                return True
            if low in {"0", "false", "no", "off"}:
                return False
            raise ValueError
        if kind == "int":
            return int(text)
        if kind == "float":
            return float(text)
        if kind == "str":
            return text
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise ValueError(f"parameter {param.name!r} expects {param.type}; got {text!r}") from None
    expected = {"list": list, "tuple": tuple, "dict": dict, "set": set}.get(kind)
    if expected is not None and not isinstance(value, expected):
        raise ValueError(f"parameter {param.name!r} expects {param.type}; got {text!r}")
    return value


def resolve_parameters(
    nb: Notebook, values: Mapping[str, Any], *, quick: bool = False
) -> dict[str, Any]:
    """Check names against the notebook's declarations and convert string values.

    Parameters
    ----------
    nb : Notebook
        The notebook.
    values : mapping of str to object
        Parameter values by name; strings are converted by :func:`convert_value` unless the
        parameter is declared ``str``.
    quick : bool
        Also set ``quick=True``.

    Returns
    -------
    dict of str to object
        The values to pass to the notebook.

    Raises
    ------
    ValueError
        Naming every unknown parameter and listing the declared ones.
    """
    declared = {p.name: p for p in nb.parameters}
    unknown = sorted(set(values) - set(declared))
    if unknown:
        raise ValueError(
            f"{nb.key}: unknown parameter(s) {', '.join(unknown)}; declared: {', '.join(declared)}"
        )
    out = {
        k: convert_value(declared[k], v) if isinstance(v, str) and declared[k].type != "str" else v
        for k, v in values.items()
    }
    if quick:
        out["quick"] = True
    return out


class NotebookError(RuntimeError):
    """A notebook failed. The executed notebook, with the failing cell's traceback, is kept.

    Attributes
    ----------
    key : str
        The notebook.
    ename, evalue : str
        The exception's type name and message (``""`` when the kernel did not report one).
    cell : int or None
        The execution count of the failing cell.
    traceback : str
        The cell's traceback as plain text (no terminal colours).
    executed : pathlib.Path or None
        Where the executed notebook with the error was kept.
    """

    def __init__(
        self,
        key: str,
        *,
        ename: str,
        evalue: str,
        cell: int | None,
        traceback: str,
        executed: Path | None,
    ) -> None:
        self.key, self.ename, self.evalue, self.cell = key, ename, evalue, cell
        self.traceback, self.executed = traceback, executed
        where = f" (cell [{cell}])" if cell else ""
        kept = f"; the executed notebook with the traceback is {executed}" if executed else ""
        super().__init__(f"{key} failed{where}: {ename}: {evalue}{kept}")

    @property
    def missing_data(self) -> bool:
        """Whether the notebook stopped because a dataset is not in the data folder."""
        return self.ename == "DataUnavailableError"


_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def environment() -> dict[str, str]:
    """Return the versions that decide a figure's bytes.

    Returns
    -------
    dict of str to str
        The versions of Python, the platform, nsp and the packages of ``RECORDED_PACKAGES``
        (``"not installed"`` for a missing one), in that order.

    Examples
    --------
    >>> env = environment()
    >>> sorted(env)[:3], env["numpy"] == __import__("numpy").__version__
    (['ipykernel', 'jupytext', 'matplotlib'], True)
    """
    import nsp

    env = {
        "python": platform.python_version(),
        "platform": f"{platform.system()}-{platform.machine()}",
        "nsp": nsp.__version__,
    }
    for name in RECORDED_PACKAGES:
        try:
            env[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            env[name] = "not installed"
    return env


def write_environment(folder: str | os.PathLike[str] | None = None) -> Path:
    """Write ``ENVIRONMENT.txt`` (the versions of :func:`environment`) into the published figures.

    The file changes only when a version does, so the committed figures say in which
    environment they were made.

    Parameters
    ----------
    folder : path, optional
        Where to write; default :func:`nsp.paths.published_figures_dir`.

    Returns
    -------
    pathlib.Path
        The file ``<folder>/ENVIRONMENT.txt``.
    """
    target = Path(folder) if folder is not None else published_figures_dir()
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


def _kernel_manager(env: Mapping[str, str]) -> type:
    """Return a kernel manager class whose kernels start with ``env`` added to the environment."""
    from jupyter_client.manager import AsyncKernelManager

    extra = dict(env)

    class _Manager(AsyncKernelManager):
        async def start_kernel(self, **kw: Any) -> None:  # type: ignore[override]
            kw["env"] = {**(kw.get("env") or os.environ), **extra}
            await super().start_kernel(**kw)

    return _Manager


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(project_root()).as_posix()
    except ValueError:
        return str(path)


def _tidy_metadata(executed: Path, nb: Notebook, final: Path, params: Mapping[str, Any]) -> None:
    """Replace the temporary paths papermill records by the project's own, add the environment."""
    data = json.loads(executed.read_text(encoding="utf-8"))
    pm = data.get("metadata", {}).get("papermill", {})
    pm["input_path"], pm["output_path"] = _relative(nb.path), _relative(final)
    data["metadata"]["nsp"] = {
        "notebook": nb.key,
        "parameters": dict(params),
        "environment": environment(),
    }
    executed.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _error_of(exc: BaseException, nb: Notebook, kept: Path | None) -> NotebookError:
    tb = getattr(exc, "traceback", None)
    text = _ANSI.sub("", "\n".join(tb)) if isinstance(tb, list) else str(exc)
    return NotebookError(
        nb.key,
        ename=str(getattr(exc, "ename", type(exc).__name__)),
        evalue=str(getattr(exc, "evalue", exc)),
        cell=getattr(exc, "exec_count", None),
        traceback=text,
        executed=kept,
    )


def run(
    nb: Notebook | str | os.PathLike[str],
    *,
    parameters: Mapping[str, Any] | None = None,
    quick: bool = False,
    output: str | os.PathLike[str] | None = None,
    log_output: bool = False,
    kernel: str = "python3",
    publish: bool = False,
) -> Path:
    """Execute a notebook with papermill and return the path of the executed copy.

    Parameters
    ----------
    nb : Notebook, str or path
        The notebook, its key (``"privacy_funnel/01_fig1_census"``), unique stem or path.
    parameters : mapping, optional
        Values for declared parameters (strings are converted to the declared type).
    quick : bool
        Set ``quick=True`` (runs in seconds).
    output : path, optional
        Where to write the executed notebook. Default ``build/executed/<key>.ipynb`` when
        publishing, else ``build/scratch/executed/<key>.ipynb``.
    log_output : bool
        Stream the cells' output to the terminal.
    kernel : str
        The Jupyter kernel.
    publish : bool
        Write the figures into the committed ``figures/`` folder. Only a run with the
        notebook's own parameters may publish; otherwise figures go to
        :func:`nsp.paths.figures_dir` (the scratch folder unless ``NSP_FIGURES_DIR`` is set).

    Returns
    -------
    pathlib.Path
        The executed notebook, written atomically when every cell succeeded.

    Raises
    ------
    ValueError
        For unknown parameters or values of the wrong type, or ``publish`` with ``quick`` or
        parameters; nothing runs then.
    NotebookError
        If a cell fails: the executed notebook with the traceback is kept at
        ``build/failed/<key>.ipynb`` (named in the error) and nothing is written at ``output``.
    """
    papermill = _notebook_tool("papermill")
    if not isinstance(nb, Notebook):
        nb = find(os.fspath(nb))
    params = resolve_parameters(nb, parameters or {}, quick=quick)
    if publish and params:
        raise ValueError(
            f"{nb.key}: only a run with the notebook's own parameters may publish "
            f"figures (got {sorted(params)})"
        )
    figures = published_figures_dir() if publish else figures_dir()
    target = (
        Path(output) if output is not None else (nb.executed_path if publish else nb.scratch_path)
    )
    notebook = _read(nb.path)
    notebook.metadata.setdefault(
        "kernelspec", {"name": kernel, "display_name": "Python 3", "language": "python"}
    )
    notebook.metadata.setdefault("language_info", {"name": "python"})
    env = {**KERNEL_ENV, **numerical_pins(), "NSP_FIGURES_DIR": str(figures)}
    with atomic_path(target) as partial:
        try:
            papermill.execute_notebook(
                notebook,
                str(partial),
                parameters=params,
                kernel_name=kernel,
                log_output=log_output,
                progress_bar=False,
                cwd=str(project_root()),
                kernel_manager_class=_kernel_manager(env),
            )
        except Exception as exc:
            kept = None
            if partial.is_file() and partial.stat().st_size:  # papermill wrote the failed notebook
                _tidy_metadata(partial, nb, nb.failed_path, params)
                kept = nb.failed_path
                kept.parent.mkdir(parents=True, exist_ok=True)
                os.replace(partial, kept)
            raise _error_of(exc, nb, kept) from exc
        _tidy_metadata(partial, nb, target, params)
    nb.failed_path.unlink(missing_ok=True)
    return target


def describe_error(exc: BaseException) -> str:
    """Return one line saying why a notebook run failed.

    Parameters
    ----------
    exc : BaseException
        The error of the run.

    Returns
    -------
    str
        For a notebook error, the cell's exception (and the cell, when known); otherwise the
        exception's type and the first line of its message.
    """
    ename, evalue = getattr(exc, "ename", None), getattr(exc, "evalue", None)
    if ename:
        cell = getattr(exc, "cell", None) or getattr(exc, "exec_count", None)
        return f"{ename}: {evalue}" + (f" (cell [{cell}])" if cell else "")
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0] if lines else ''}".rstrip(": ")


class NotebooksFailed(RuntimeError):
    """Some notebooks of :func:`run_all` failed.

    ``errors`` holds one :class:`NotebookError` for each.
    """

    def __init__(self, errors: list[NotebookError]) -> None:
        self.errors = errors
        super().__init__("notebooks failed:\n  " + "\n  ".join(str(e) for e in errors))


@dataclass
class RunReport:
    """What :func:`run_all` did: notebooks executed, up to date, and skipped for want of data."""

    executed: list[Path] = field(default_factory=list)
    up_to_date: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


def _library_mtime() -> float:
    package = Path(__file__).resolve().parent
    return max(
        p.stat().st_mtime for p in package.rglob("*") if p.suffix in {".py", ".mplstyle", ".json"}
    )


def is_stale(nb: Notebook) -> bool:
    """Return whether ``nb``'s published run is missing or older than its source or the library.

    Parameters
    ----------
    nb : Notebook
        The notebook.

    Returns
    -------
    bool
        True if ``make figures`` should run it again.
    """
    done = nb.executed_path
    if not done.is_file():
        return True
    return done.stat().st_mtime < max(nb.path.stat().st_mtime, _library_mtime())


def run_all(
    notebooks: list[Notebook] | None = None,
    *,
    jobs: int = 1,
    quick: bool = False,
    log_output: bool = False,
    publish: bool = False,
    changed_only: bool = False,
) -> RunReport:
    """Run several notebooks, ``jobs`` at a time (each in its own kernel), with a progress bar.

    A notebook that stops because its data are not in the data folder is skipped, not
    failed: the report names it and why. Ctrl-C cancels the notebooks still queued; those
    running are interrupted by the same Ctrl-C (their kernels share the terminal) and leave
    no partial file.

    Parameters
    ----------
    notebooks : list of Notebook, optional
        Default: every notebook.
    jobs : int
        Notebooks run at once.
    quick, log_output
        As for :func:`run`.
    publish : bool
        Write the committed ``figures/`` (see :func:`run`) and record the environment in
        ``figures/ENVIRONMENT.txt``.
    changed_only : bool
        Run only the notebooks whose published run is older than their source or the library
        (see :func:`is_stale`).

    Returns
    -------
    RunReport
        The executed copies, the notebooks found up to date, and those skipped for want of
        data with the reason.

    Raises
    ------
    NotebooksFailed
        After all have run, if any failed, naming each notebook, its error and where its
        executed notebook was kept.
    """
    from tqdm.auto import tqdm

    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a positive int; got {jobs!r}")
    notebooks = discover() if notebooks is None else notebooks
    report = RunReport()
    if changed_only:
        report.up_to_date = [nb.key for nb in notebooks if not is_stale(nb)]
        notebooks = [nb for nb in notebooks if nb.key not in report.up_to_date]
    errors: list[NotebookError] = []
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = {
            pool.submit(run, nb, quick=quick, log_output=log_output, publish=publish): nb
            for nb in notebooks
        }
        for fut in tqdm(as_completed(futures), total=len(futures), desc="notebooks", unit="nb"):
            try:
                report.executed.append(fut.result())
            except NotebookError as exc:
                if exc.missing_data:
                    report.skipped[exc.key] = (
                        exc.evalue.splitlines()[0] if exc.evalue else exc.ename
                    )
                else:
                    errors.append(exc)
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    if publish and report.executed:
        write_environment()
    if errors:
        raise NotebooksFailed(sorted(errors, key=lambda e: e.key))
    return report
