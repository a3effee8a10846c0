"""Running many notebooks: a thread pool, progress lines, interrupts, and what is up to date."""

from __future__ import annotations

import json
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from nsp._atomic import atomic_path
from nsp.notebooks import _pins
from nsp.notebooks._discovery import Notebook, discover
from nsp.notebooks._imports import nsp_files, resource_files
from nsp.notebooks._kernels import reset, stop_kernels
from nsp.notebooks._pins import environment_drift, write_environment
from nsp.notebooks._progress import Progress
from nsp.notebooks._run import NotebookError, _execute
from nsp.paths import project_root, published_figures_dir


class NotebooksFailed(RuntimeError):
    """Some notebooks of :func:`run_all` failed.

    ``errors`` holds one :class:`NotebookError` for each.

    Parameters
    ----------
    errors : list of NotebookError
        One per failed notebook; kept as :attr:`errors`.
    """

    def __init__(self, errors: list[NotebookError]) -> None:
        self.errors = errors
        super().__init__("notebooks failed:\n  " + "\n  ".join(str(e) for e in errors))


class RunInterrupted(KeyboardInterrupt):
    """:func:`run_all` was interrupted (Ctrl-C or SIGTERM); it says what was kept.

    Attributes
    ----------
    report : RunReport
        The notebooks that finished before the interrupt: their outputs were kept.
    stopped : list of str
        The notebooks that were running: their kernels were killed and no executed notebook
        was written for them.
    not_started : list of str
        The notebooks still queued: they never started.
    """

    def __init__(self, report: RunReport, stopped: list[str], not_started: list[str]) -> None:
        self.report, self.stopped, self.not_started = report, stopped, not_started
        super().__init__(
            f"interrupted: {len(report.executed)} notebook(s) finished before and were kept, "
            f"{len(stopped)} stopped, {len(not_started)} never started"
        )


@dataclass
class RunReport:
    """What :func:`run_all` did: notebooks executed, up to date, and skipped for want of data.

    Attributes
    ----------
    executed : list of pathlib.Path
        The executed notebooks written.
    up_to_date : list of str
        The keys of the notebooks whose outputs were current (not run).
    skipped : dict of str to str
        Notebook key -> why it was skipped (the data it lacks).
    environment_drift : list of str
        Published runs whose figures came out byte-identical in another environment: how it
        differs from ``figures/ENVIRONMENT.txt`` (kept as it is).
    """

    executed: list[Path] = field(default_factory=list)
    up_to_date: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    environment_drift: list[str] = field(default_factory=list)


def _sha256(path: Path) -> str:
    """:func:`nsp.datasets.sha256_file`, imported on first use (``nsp list`` need not load it).

    Its cache by (path, size, modification time) hashes each input once, though every
    notebook's staleness reads the same nsp modules.
    """
    from nsp.datasets import sha256_file  # noqa: PLC0415

    return sha256_file(path)


def _digests(folder: Path) -> dict[str, str]:
    """Return the sha256 of every file under ``folder`` but ``ENVIRONMENT.txt``."""
    if not folder.is_dir():
        return {}
    return {
        str(p.relative_to(folder)): _sha256(p)
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != "ENVIRONMENT.txt"
    }


def _inputs(nb: Notebook) -> list[Path]:
    """Return the files a notebook's published run depends on.

    Its source, the nsp modules it imports (transitively), nsp's data files, and the pins of
    its kernel.
    """
    return [nb.path, *nsp_files(nb.path), *resource_files(), Path(_pins.__file__)]


def _input_digests(nb: Notebook) -> dict[str, str]:
    """Return the sha256 of every input of ``nb``'s run, by path (relative to the project)."""
    root = project_root().resolve()
    out = {}
    for path in _inputs(nb):
        full = path.resolve()
        key = str(full.relative_to(root)) if full.is_relative_to(root) else str(full)
        out[key] = _sha256(full)
    return dict(sorted(out.items()))


def _inputs_record(nb: Notebook) -> Path:
    """Where the digests of the inputs of ``nb``'s last published run are kept."""
    done = nb.executed_path
    return done.with_name(done.stem + ".inputs.json")


def _write_inputs_record(nb: Notebook, digests: dict[str, str]) -> None:
    with atomic_path(_inputs_record(nb)) as tmp:
        tmp.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")


def is_stale(nb: Notebook) -> bool:
    """Return whether ``nb``'s published run is missing or was made from other inputs.

    What it depends on: its own source, the modules of nsp it imports (followed through the
    package: a change to a paper module re-runs only the notebooks that import it), nsp's data
    files (styles, dataset registry) and the kernel's numerical pins. Compared by content: a
    published run records the sha256 of each input it started from (beside its executed
    notebook), so a save that changes no byte re-runs nothing; a run recorded before that is
    compared by modification time.

    Parameters
    ----------
    nb : Notebook
        The notebook.

    Returns
    -------
    bool
        True if ``make figures`` should run it again.

    See Also
    --------
    run_all : Run several notebooks.
    """
    done = nb.executed_path
    if not done.is_file():
        return True
    record = _inputs_record(nb)
    if record.is_file():
        try:
            recorded = json.loads(record.read_text(encoding="utf-8"))
        except ValueError:
            return True
        return bool(recorded != _input_digests(nb))
    return done.stat().st_mtime < max(p.stat().st_mtime for p in _inputs(nb))


def run_all(
    notebooks: list[Notebook] | None = None,
    *,
    jobs: int = 1,
    quick: bool = False,
    log_output: bool = False,
    publish: bool = False,
    changed_only: bool = False,
    progress: bool = True,
) -> RunReport:
    """Run several notebooks, ``jobs`` at a time (each in its own kernel), saying what runs.

    A notebook that stops because its data are not in the data folder is skipped, not
    failed: the report names it and why.

    Ctrl-C (``KeyboardInterrupt`` in the calling thread; ``nsp`` turns SIGTERM into one too)
    stops the run within seconds: the queued notebooks never start, and the kernels of the
    running ones, which run in sessions of their own and so never see the terminal's Ctrl-C,
    are interrupted and then killed; those notebooks write no executed copy (figures their
    cells saved before the interrupt stay). The notebooks that had finished keep their
    outputs. :class:`RunInterrupted` says which is which; ``figures/ENVIRONMENT.txt`` is not
    rewritten.

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
        Run only the notebooks whose published run is older than their source or the nsp
        modules they import (see :func:`is_stale`).
    progress : bool
        Print to stderr each notebook as it starts and ends, with its time, and every 20 s
        the cell each running notebook is in.

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
    RunInterrupted
        On Ctrl-C, once the running kernels are stopped (a ``KeyboardInterrupt``).

    See Also
    --------
    run : One notebook.
    is_stale : Whether a notebook needs to run.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a positive int; got {jobs!r}")
    notebooks = discover() if notebooks is None else notebooks
    report = RunReport()
    if changed_only:
        report.up_to_date = [nb.key for nb in notebooks if not is_stale(nb)]
        notebooks = [nb for nb in notebooks if nb.key not in report.up_to_date]
    errors: list[NotebookError] = []
    before = _digests(published_figures_dir()) if publish else {}
    reset()
    pool = ThreadPoolExecutor(max_workers=jobs)
    futures: dict[Future[Path], Notebook] = {}
    inputs = {nb.key: _input_digests(nb) for nb in notebooks} if publish else {}
    with Progress(len(notebooks), enabled=progress) as reporter:
        try:
            for nb in notebooks:
                fut = pool.submit(
                    _execute,
                    nb,
                    quick=quick,
                    log_output=log_output,
                    publish=publish,
                    progress=reporter,
                )
                futures[fut] = nb
            for fut in as_completed(futures):
                try:
                    report.executed.append(fut.result())
                    if publish:
                        _write_inputs_record(futures[fut], inputs[futures[fut].key])
                except NotebookError as exc:
                    if exc.missing_data:
                        report.skipped[exc.key] = (
                            exc.evalue.splitlines()[0] if exc.evalue else exc.ename
                        )
                    else:
                        errors.append(exc)
        except BaseException as exc:
            stop_kernels()
            pool.shutdown(wait=True, cancel_futures=True)
            stopped = sorted({*reporter.ended_with("stopped"), *reporter.running()})
            began = reporter.started_ever()
            queued = [nb.key for nb in notebooks if nb.key not in began]
            if isinstance(exc, KeyboardInterrupt):
                for fut in futures:  # finished after the interrupt came in, before the kill
                    if fut.done() and not fut.cancelled() and fut.exception() is None:
                        if fut.result() not in report.executed:
                            report.executed.append(fut.result())
                raise RunInterrupted(report, stopped, sorted(queued)) from None
            raise
    pool.shutdown(wait=True)
    if publish and report.executed:
        published = published_figures_dir()
        if _digests(published) != before or not (published / "ENVIRONMENT.txt").is_file():
            write_environment()
        else:
            report.environment_drift = environment_drift()
    if errors:
        raise NotebooksFailed(sorted(errors, key=lambda e: e.key))
    return report
