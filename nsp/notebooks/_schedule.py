"""Running many notebooks: a thread pool, a progress bar, and what is up to date."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from tqdm.auto import tqdm

from nsp.notebooks._discovery import Notebook, discover
from nsp.notebooks._pins import write_environment
from nsp.notebooks._run import NotebookError, run


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
    package = Path(__file__).resolve().parents[1]  # nsp/, the whole library
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
