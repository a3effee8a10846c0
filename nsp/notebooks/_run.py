"""Running one notebook with papermill: checked parameters, pinned kernel, atomic output."""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nsp._atomic import atomic_path
from nsp._validation import as_path
from nsp.notebooks._discovery import Notebook, _notebook_tool, _read, find, read_notebook
from nsp.notebooks._kernels import kernel_manager, reset, stop_kernels, stopping
from nsp.notebooks._parameters import check_value, convert_value
from nsp.notebooks._pins import KERNEL_ENV, environment, numerical_pins
from nsp.notebooks._progress import Progress
from nsp.paths import figures_dir, project_root, published_figures_dir

#: papermill's own reading of the parameters cell, which nsp has read and checked already: its
#: parser gives up on a help comment holding "=" (the ranges ``[>= 1]``) and then calls every
#: parameter given for that line unknown. Both warnings would only mislead.
_PAPERMILL_PARSER_NOISE = ("Unable to parse line", "Passed unknown parameter")


def _not_papermill_parser_noise(record: logging.LogRecord) -> bool:
    return not record.getMessage().startswith(_PAPERMILL_PARSER_NOISE)


for _name in ("papermill", "papermill.translators"):  # a filter sees its own logger's records
    logging.getLogger(_name).addFilter(_not_papermill_parser_noise)


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
        Naming every unknown parameter and listing the declared ones, or a value of the wrong
        type or outside the range the help text declares (``[>= 1]``, see
        :func:`nsp.notebooks.check_value`).

    See Also
    --------
    convert_value : Convert one value.
    check_value : Check one value.
    """
    declared = {p.name: p for p in nb.parameters}
    unknown = sorted(set(values) - set(declared))
    if unknown:
        raise ValueError(
            f"{nb.key}: unknown parameter(s) {', '.join(unknown)}; declared: {', '.join(declared)}"
        )
    out = {
        k: check_value(
            declared[k],
            convert_value(declared[k], v)
            if isinstance(v, str) and declared[k].type != "str"
            else v,
        )
        for k, v in values.items()
    }
    if quick:
        out["quick"] = True
    return out


def non_default(nb: Notebook, params: Mapping[str, Any]) -> dict[str, Any]:
    """Return the parameters (``quick`` aside) whose value is not the notebook's default.

    Parameters
    ----------
    nb : Notebook
        The notebook.
    params : mapping of str to object
        Parameter values (as :func:`resolve_parameters` returns them).

    Returns
    -------
    dict of str to object
        The values that make a run a variant of the notebook's own.

    See Also
    --------
    resolve_parameters : The values it compares with the defaults.
    """
    defaults = {p.name: p.default for p in nb.parameters}
    return {k: v for k, v in params.items() if k != "quick" and v != defaults.get(k)}


def variant_label(nb: Notebook, params: Mapping[str, Any]) -> str:
    """Return ``"name=value, ..."`` for the non-default parameters (``""`` for none)."""
    return ", ".join(f"{k}={v!r}" for k, v in sorted(non_default(nb, params).items()))


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
    progress: bool = False,
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
    progress : bool
        Print to stderr when the notebook starts and ends (with its time) and, every 20 s,
        which cell it is in.

    Returns
    -------
    pathlib.Path
        The executed notebook, written atomically when every cell succeeded.

    Raises
    ------
    ValueError
        For unknown parameters or values of the wrong type, ``publish`` with ``quick`` or
        parameters, an unknown notebook, or an ``output`` that is a folder; nothing runs then.
    FileNotFoundError
        If ``nb`` is a path that does not exist.
    NotebookError
        If a cell fails: the executed notebook with the traceback is kept at
        ``build/failed/<key>.ipynb`` (named in the error) and nothing is written at ``output``.
    KeyboardInterrupt
        On Ctrl-C: the kernel is interrupted and killed, and no executed notebook is written
        (files the notebook's cells saved before the interrupt stay).

    See Also
    --------
    run_all : Several notebooks, in parallel.
    describe_error : Why a run failed.
    """
    if output is not None:  # checked before anything is read or run
        output = as_path("output", output, kind="new-file")
    if isinstance(nb, os.PathLike):
        nb = read_notebook(as_path("nb", nb, kind="file"))
    elif isinstance(nb, str):
        nb = find(nb)
    elif not isinstance(nb, Notebook):
        raise ValueError(
            f"nb must be a Notebook, a key or a path; got {nb!r} ({type(nb).__name__})"
        )
    reset()
    with Progress(1, enabled=progress) as reporter:
        try:
            return _execute(
                nb,
                parameters=parameters,
                quick=quick,
                output=output,
                log_output=log_output,
                kernel=kernel,
                publish=publish,
                progress=reporter,
            )
        except KeyboardInterrupt:
            stop_kernels()
            raise


def _execute(
    nb: Notebook,
    *,
    parameters: Mapping[str, Any] | None = None,
    quick: bool = False,
    output: str | os.PathLike[str] | None = None,
    log_output: bool = False,
    kernel: str = "python3",
    publish: bool = False,
    progress: Progress,
) -> Path:
    """:func:`run` for one notebook of a run that reports through ``progress``."""
    papermill = _notebook_tool("papermill")
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
    env = {
        **KERNEL_ENV,
        **numerical_pins(),
        "NSP_FIGURES_DIR": str(figures),
        "NSP_VARIANT": variant_label(nb, params),  # nsp.plotting marks the outputs of a variant
    }
    code = [i for i, c in enumerate(notebook.cells) if c.cell_type == "code"]
    tagged = next(
        (i for i, c in enumerate(notebook.cells) if "parameters" in c.metadata.get("tags", [])), 0
    )

    def on_cell_start(cell: Any, cell_index: int) -> None:
        # papermill inserts the cell of the given parameters right after the parameters cell
        injected = 1 if params and cell_index > tagged else 0
        number = sum(1 for i in code if i <= cell_index - injected) + injected
        progress.cell(nb.key, number, len(code) + (1 if params else 0))

    if stopping():
        raise KeyboardInterrupt(f"{nb.key}: the run was interrupted before it started")
    progress.started(nb.key)
    outcome = "stopped"
    try:
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
                    kernel_manager_class=kernel_manager(env),
                    on_cell_start=on_cell_start,
                    shutdown_kernel="immediate",  # no interrupt, no wait: every output is in
                )
            except Exception as exc:
                if stopping():  # killed by an interrupt: keep nothing
                    raise KeyboardInterrupt(f"{nb.key}: stopped by the interrupt") from None
                kept = None
                if partial.is_file() and partial.stat().st_size:  # papermill wrote it
                    _tidy_metadata(partial, nb, nb.failed_path, params)
                    kept = nb.failed_path
                    kept.parent.mkdir(parents=True, exist_ok=True)
                    os.chmod(partial, 0o666 & ~_umask())
                    os.replace(partial, kept)
                error = _error_of(exc, nb, kept)
                outcome = "skipped (data missing)" if error.missing_data else "FAILED"
                raise error from exc
            if stopping():
                raise KeyboardInterrupt(f"{nb.key}: stopped by the interrupt")
            _tidy_metadata(partial, nb, target, params)
        outcome = "done"
    finally:
        progress.ended(nb.key, outcome)
    nb.failed_path.unlink(missing_ok=True)
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


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

    See Also
    --------
    run : The run that failed.
    """
    ename, evalue = getattr(exc, "ename", None), getattr(exc, "evalue", None)
    if ename:
        cell = getattr(exc, "cell", None) or getattr(exc, "exec_count", None)
        return f"{ename}: {evalue}" + (f" (cell [{cell}])" if cell else "")
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0] if lines else ''}".rstrip(": ")
