"""Find, describe and run the project's notebooks (jupytext percent sources, run by papermill).

Each notebook under ``notebooks/<key>/NN_<topic>.py`` has exactly one cell tagged
``parameters`` whose lines read ``name: type = literal  # help text``. This module parses that
cell (so ``nsp list`` can show every parameter with its help), rejects parameter names the
notebook does not declare (papermill only warns about them), and executes the notebook with
papermill, writing the executed copy to a temporary file that is renamed only on success.
"""

from __future__ import annotations

import ast
import io
import os
import tempfile
import tokenize
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nsp._atomic import atomic_path
from nsp.paths import build_dir, notebooks_dir, repo_root


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
        """Where a run with other parameters (or ``quick``) keeps its executed copy, so that it
        never passes for the up-to-date output of ``make figures``."""
        return build_dir() / "scratch" / "executed" / f"{self.key}.ipynb"


def _read(path: Path):
    import jupytext

    return jupytext.read(path)


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
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value):
            raise ValueError(f"{where}: line {node.lineno} is not 'name: type = literal  # help'")
        try:
            default = ast.literal_eval(node.value)
        except ValueError:
            raise ValueError(f"{where}: the value of {node.target.id!r} is not a literal") from None
        help_text = comments.get(node.end_lineno or node.lineno, "")
        if not help_text:
            raise ValueError(f"{where}: parameter {node.target.id!r} has no trailing '# help' comment")
        params.append(Parameter(node.target.id, ast.unparse(node.annotation), default, help_text))
    return tuple(params)


def describe(path: str | os.PathLike[str]) -> Notebook:
    """Read a notebook source and its parameters.

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
    """All notebooks ``<root>/<key>/*.py`` (default ``notebooks/``), sorted by key."""
    base = Path(root) if root is not None else notebooks_dir()
    return [describe(p) for p in sorted(base.glob("*/*.py")) if not p.name.startswith("_")]


def find(name: str) -> Notebook:
    """Resolve a notebook by path, by key (``"privacy_funnel/01_census"``) or by unique stem.

    Raises
    ------
    ValueError
        If nothing or more than one notebook matches.
    """
    candidate = Path(name)
    if candidate.suffix == ".py" and candidate.exists():
        return describe(candidate)
    wanted = name.removesuffix(".py")
    matches = [nb for nb in discover() if nb.key == wanted or nb.key.endswith("/" + wanted)
               or Path(nb.key).name == wanted]
    if len(matches) != 1:
        known = ", ".join(nb.key for nb in discover())
        what = "no notebook" if not matches else f"{len(matches)} notebooks"
        raise ValueError(f"{what} named {name!r}; known notebooks: {known}")
    return matches[0]


def convert_value(param: Parameter, text: str) -> Any:
    """Convert a command-line string to the parameter's declared type.

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


def resolve_parameters(nb: Notebook, values: Mapping[str, Any], *, quick: bool = False) -> dict[str, Any]:
    """Check names against the notebook's declarations and convert string values.

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
    out = {k: convert_value(declared[k], v) if isinstance(v, str) and declared[k].type != "str" else v
           for k, v in values.items()}
    if quick:
        out["quick"] = True
    return out


def run(
    nb: Notebook | str | os.PathLike[str],
    *,
    parameters: Mapping[str, Any] | None = None,
    quick: bool = False,
    output: str | os.PathLike[str] | None = None,
    log_output: bool = False,
    kernel: str = "python3",
) -> Path:
    """Execute a notebook with papermill and return the path of the executed copy.

    The source is converted from jupytext to ``.ipynb``; the executed notebook is written to a
    temporary file beside ``output`` and renamed only when every cell succeeded. The default
    ``output`` is ``build/executed/<key>.ipynb`` (what ``make figures`` tracks) for a run with the
    notebook's own parameters, and ``build/scratch/executed/<key>.ipynb`` for a ``quick`` run or
    one with other parameters. Figures go wherever ``$NSP_FIGURES_DIR`` points in the kernel's
    environment; the ``nsp`` command points it at ``build/scratch/figures`` for such runs.
    """
    import jupytext
    import papermill

    if not isinstance(nb, Notebook):
        nb = find(os.fspath(nb))
    params = resolve_parameters(nb, parameters or {}, quick=quick)
    default = not quick and not params
    target = Path(output) if output is not None else (nb.executed_path if default else nb.scratch_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="nsp-run-") as tmp:
        source = Path(tmp) / f"{nb.path.stem}.ipynb"
        notebook = _read(nb.path)
        notebook.metadata.setdefault("kernelspec", {"name": kernel, "display_name": "Python 3", "language": "python"})
        notebook.metadata.setdefault("language_info", {"name": "python"})
        jupytext.write(notebook, source, fmt="ipynb")
        with atomic_path(target) as partial:
            papermill.execute_notebook(
                str(source), str(partial), parameters=params, kernel_name=kernel,
                log_output=log_output, progress_bar=False, cwd=str(repo_root()),
            )
    return target


def describe_error(exc: BaseException) -> str:
    """One line saying why a notebook run failed (the cell's exception for papermill errors)."""
    ename, evalue = getattr(exc, "ename", None), getattr(exc, "evalue", None)
    if ename:
        cell = getattr(exc, "exec_count", None)
        return f"{ename}: {evalue}" + (f" (cell [{cell}])" if cell else "")
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0] if lines else ''}".rstrip(": ")


def run_all(
    notebooks: list[Notebook] | None = None, *, jobs: int = 1, quick: bool = False, log_output: bool = False
) -> list[Path]:
    """Run several notebooks, ``jobs`` at a time (each in its own kernel), with a progress bar.

    Raises
    ------
    RuntimeError
        After all have run, if any failed, naming each failed notebook and its error.
    """
    from tqdm.auto import tqdm

    notebooks = discover() if notebooks is None else notebooks
    done: list[Path] = []
    failed: list[str] = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(run, nb, quick=quick, log_output=log_output): nb for nb in notebooks}
        for fut in tqdm(as_completed(futures), total=len(futures), desc="notebooks", unit="nb"):
            try:
                done.append(fut.result())
            except Exception as exc:  # collected and re-raised below, with every failure named
                failed.append(f"{futures[fut].key}: {describe_error(exc)}")
    if failed:
        raise RuntimeError("notebooks failed:\n  " + "\n  ".join(failed))
    return done
