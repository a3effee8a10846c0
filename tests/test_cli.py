"""The nsp command: parsing, listing, running with parameter checks, and clear errors."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import MIRROR, needs_mirror  # noqa: E402

from nsp import cli


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for command in ("list", "run", "figures", "data"):
        assert command in out
    # the description is the first line of nsp.cli's docstring, without its markup
    assert "The nsp command: list and run notebooks" in out


def test_list_shows_parameters_with_help(capsys):
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    assert "quick: bool = False" in out


def test_run_rejects_unknown_parameter_with_exit_2(capsys):
    from nsp.notebooks import discover

    key = discover()[0].key
    assert cli.main(["run", key, "-p", "definitely_not_a_parameter", "1"]) == 2
    assert "unknown parameter" in capsys.readouterr().err


def test_run_rejects_unknown_notebook(capsys):
    assert cli.main(["run", "no/such_notebook"]) == 2
    assert "no notebook named" in capsys.readouterr().err


def test_python_dash_m_nsp_works():
    done = subprocess.run([sys.executable, "-m", "nsp", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "figures" in done.stdout


@needs_mirror
def test_data_fetch_status_and_verify_from_a_mirror(tmp_path, capsys, monkeypatch):
    """The data commands end to end on the offline mirror (never data/, which ``make data`` fills);
    a corrupted copy fails verify (exit 1) and is replaced only with --force, which may come before
    the name as the checksum error suggests."""
    monkeypatch.setenv("CI", "true")  # never the network here
    home = tmp_path / "data"
    args = ["--data-home", str(home), "--mirror", str(MIRROR)]
    assert cli.main(["data", "fetch", "heart_disease_hungarian", *args]) == 0
    assert cli.main(["data", "verify", "heart_disease_hungarian", *args]) == 0
    target = home / "heart_disease_hungarian" / "processed.hungarian.data"
    target.write_bytes(target.read_bytes() + b"tampered\n")
    assert cli.main(["data", "verify", "heart_disease_hungarian", *args]) == 1
    capsys.readouterr()
    assert cli.main(["data", "fetch", "heart_disease_hungarian", *args]) == 2
    err = capsys.readouterr().err
    assert "checksum" in err.lower()
    suggested = re.search(r"`(nsp data fetch --force [^`]+)`", err).group(1)
    assert cli.main([*suggested.split()[1:], *args]) == 0  # the fix works as written
    assert cli.main(["data", "status", *args]) == 0
    assert "verified" in capsys.readouterr().out


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A throwaway project folder: notebooks/, figures/ and build/ under tmp_path."""
    monkeypatch.setenv("NSP_PROJECT_DIR", str(tmp_path))
    for var in ("NSP_FIGURES_DIR", "NSP_BUILD_DIR", "NSP_NOTEBOOKS_DIR"):
        monkeypatch.delenv(var, raising=False)
    (tmp_path / "notebooks").mkdir()
    return tmp_path


def _tiny_notebook(root, body, name="01_tiny"):
    src = root / "notebooks" / "k" / f"{name}.py"
    src.parent.mkdir(parents=True, exist_ok=True)
    src.write_text('# %% tags=["parameters"]\nquick: bool = False  # fast\n\n# %%\n' + body + "\n")
    return src


SAVE_TABLE = (
    "import pandas as pd\nfrom nsp.plotting import save_table\n"
    "save_table(pd.DataFrame({'x': [1.0 / 3]}), 'k/table')"
)
SHOW_ENV = (
    "import os\nprint(os.environ['OPENBLAS_NUM_THREADS'], os.environ['PYTHONHASHSEED'], "
    "os.environ.get('OPENBLAS_CORETYPE'))\n"
)


def test_run_writes_to_scratch_and_never_to_the_published_figures(project, capsys):
    from nsp import notebooks

    _tiny_notebook(project, SHOW_ENV + SAVE_TABLE)
    assert cli.main(["run", "k/01_tiny"]) == 0
    scratch = project / "build" / "scratch"
    executed = scratch / "executed" / "k" / "01_tiny.ipynb"
    assert (scratch / "figures" / "k" / "table.csv").read_text() == "x\n0.3333333333\n"
    assert not (project / "figures").exists() and not (project / "build" / "executed").exists()
    meta = json.loads(executed.read_text())["metadata"]
    assert meta["papermill"]["input_path"] == "notebooks/k/01_tiny.py"  # no temporary path
    assert meta["papermill"]["output_path"] == "build/scratch/executed/k/01_tiny.ipynb"
    assert meta["nsp"]["environment"]["numpy"] == np.__version__
    outputs = json.loads(executed.read_text())["cells"][1]["outputs"]
    printed = "".join("".join(o.get("text", [])) for o in outputs)
    pins = notebooks.numerical_pins()
    assert (
        printed.strip() == f"1 0 {pins.get('OPENBLAS_CORETYPE')}"
    )  # one thread, hash seed, kernels


def test_figures_publishes_records_the_environment_and_skips_what_is_up_to_date(project, capsys):
    _tiny_notebook(project, SAVE_TABLE)
    assert cli.main(["figures"]) == 0
    assert (project / "figures" / "k" / "table.csv").is_file()
    env = (project / "figures" / "ENVIRONMENT.txt").read_text()
    assert f"numpy {np.__version__}" in env and "python " in env
    assert (project / "build" / "executed" / "k" / "01_tiny.ipynb").is_file()
    capsys.readouterr()
    assert cli.main(["figures", "--changed"]) == 0
    assert "executed 0 notebook(s)" in capsys.readouterr().out
    assert cli.main(["figures", "--quick", "--only", "k/01"]) == 0
    assert (project / "build" / "scratch" / "figures" / "k" / "table.csv").is_file()


def test_handouts_of_one_notebook_run_it_first_and_keep_the_others(project, capsys):
    import shutil

    _tiny_notebook(project, "print('one')")
    _tiny_notebook(project, "print('two')", name="02_two")
    (project / "docs" / "site").mkdir(parents=True)
    shutil.copy(
        Path(__file__).parents[1] / "docs" / "site" / "make_site.py", project / "docs" / "site"
    )
    out = project / "handouts"
    assert cli.main(["handouts", "k/02_two", "--no-pdf", "--out", str(out)]) == 0
    assert cli.main(["handouts", "k/01", "--no-pdf", "--out", str(out)]) == 0
    assert "2 handout(s) for 1 notebook(s)" in capsys.readouterr().out
    assert (project / "build" / "executed" / "k" / "01_tiny.ipynb").is_file()  # run first
    for edition in ("student", "teacher"):
        for name in ("01_tiny", "02_two"):  # the first one's handouts were kept
            assert (out / edition / "k" / f"{name}.html").is_file()
    index = (out / "index.html").read_text("utf-8")
    assert 'href="student/k/01_tiny.html"' in index and 'href="teacher/k/02_two.html"' in index


def test_handouts_need_the_repository_and_say_so(project, capsys):
    _tiny_notebook(project, "print('one')")
    assert cli.main(["handouts", "k/01", "--no-pdf"]) == 2
    assert "handouts are built from a clone of the repository" in capsys.readouterr().err


def test_another_environment_that_reproduces_every_figure_keeps_the_record(project, capsys):
    """On another interpreter the figures come out byte-identical: ENVIRONMENT.txt is not
    rewritten (git stays clean) and the run says how the environments differ; a figure that
    changes rewrites it."""
    _tiny_notebook(project, SAVE_TABLE)
    assert cli.main(["figures"]) == 0
    record = project / "figures" / "ENVIRONMENT.txt"
    other = record.read_text().replace(f"numpy {np.__version__}", "numpy 0.0.1")
    record.write_text(other)  # as if the figures had been made with another numpy
    capsys.readouterr()
    assert cli.main(["figures"]) == 0
    assert record.read_text() == other
    out = capsys.readouterr().out
    assert f"numpy {np.__version__} (recorded 0.0.1)" in out and "the record is kept" in out
    _tiny_notebook(project, SAVE_TABLE.replace("1.0 / 3", "2.0 / 3"))
    assert cli.main(["figures"]) == 0
    assert f"numpy {np.__version__}" in record.read_text()


def test_a_failing_cell_prints_its_traceback_and_keeps_the_notebook(project, capsys):
    src = _tiny_notebook(project, "def inner():\n    raise RuntimeError('boom here')\ninner()")
    out = project / "out.ipynb"
    assert cli.main(["run", str(src), "--output", str(out)]) == 2
    err = capsys.readouterr().err
    kept = project / "build" / "failed" / "k" / "01_tiny.ipynb"
    assert "RuntimeError: boom here" in err and "inner()" in err and "\x1b[" not in err
    assert str(kept) in err and not out.exists()
    assert "boom here" in kept.read_text()
    assert not list(project.rglob(".nsp-tmp-*"))
    _tiny_notebook(project, "x = 1")  # fixed: a successful run removes the failed copy
    assert cli.main(["run", str(src), "--output", str(out)]) == 0
    assert out.is_file() and not kept.exists()


def test_figures_skips_notebooks_whose_data_are_missing_and_says_why(project, capsys):
    _tiny_notebook(
        project,
        "from nsp.datasets import DataUnavailableError\n"
        "raise DataUnavailableError('data/adult/adult.data not found')",
        name="01_needs_data",
    )
    _tiny_notebook(project, SAVE_TABLE, name="02_no_data")
    assert cli.main(["figures", "-j", "2"]) == 0
    out = capsys.readouterr().out
    assert (
        "skipped 1 notebook(s)" in out and "k/01_needs_data: data/adult/adult.data not found" in out
    )
    assert (project / "figures" / "k" / "table.csv").is_file()


def test_a_papermill_run_of_a_student_copy_leaves_figures_alone(project):
    import jupytext
    import papermill

    src = _tiny_notebook(project, SAVE_TABLE)
    copy = project / "build" / "notebooks" / "k" / "01_tiny.ipynb"
    copy.parent.mkdir(parents=True)
    nb = jupytext.read(src)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    jupytext.write(nb, copy, fmt="ipynb")
    papermill.execute_notebook(str(copy), str(project / "ran.ipynb"), progress_bar=False)
    assert not (project / "figures").exists()
    assert (project / "build" / "scratch" / "figures" / "k" / "table.csv").is_file()


def test_interrupted_runs_leave_nothing_and_are_cleaned_up_after_a_kill(project, monkeypatch):
    from nsp import notebooks
    from nsp.notebooks import _schedule

    started = []

    def fake_run(nb, **kwargs):  # Ctrl-C arrives while the first notebook runs
        started.append(nb.key)
        kwargs["progress"].started(nb.key)
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
        return project / "done.ipynb"

    for i in range(4):
        _tiny_notebook(project, "x = 1", name=f"0{i}_nb")
    monkeypatch.setattr(_schedule, "_execute", fake_run)  # the run that run_all calls
    # Ctrl-C as Python reports it by default: a test process started in the background by a
    # shell without job control inherits SIGINT ignored, and the kill above would do nothing.
    signal.signal(signal.SIGINT, signal.default_int_handler)  # the suite's fixture restores it
    with pytest.raises(notebooks.RunInterrupted) as info:
        notebooks.run_all(jobs=1)
    assert started == ["k/00_nb"]  # Ctrl-C cancelled the queued notebooks
    assert info.value.not_started == ["k/01_nb", "k/02_nb", "k/03_nb"]
    monkeypatch.undo()
    monkeypatch.setenv("NSP_PROJECT_DIR", str(project))
    stale = project / "figures" / "k" / ".nsp-tmp-999999999-fig.png.x1.png"
    mine = project / "figures" / "k" / f".nsp-tmp-{os.getpid()}-fig.csv.x2.csv"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"partial")
    mine.write_bytes(b"in progress")
    assert cli.main(["run", "k/00_nb"]) == 0
    assert not stale.exists() and mine.exists()  # a live run's temporary file is kept


def test_sigterm_stops_a_run_without_leftovers(project):
    _tiny_notebook(project, "import time\ntime.sleep(60)")
    env = {**os.environ, "NSP_PROJECT_DIR": str(project)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "nsp", "run", "k/01_tiny"],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not list((project / "build").rglob(".nsp-tmp-*")) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(2)  # the kernel is running the sleeping cell
    proc.terminate()
    err = proc.communicate(timeout=60)[1]
    assert proc.returncode == 130, err
    assert "interrupted" in err and "no executed notebook was written" in err
    assert not [n for n in NOISE if n in err], err
    assert not list(project.rglob(".nsp-tmp-*"))
    assert not (project / "build" / "scratch" / "executed" / "k" / "01_tiny.ipynb").exists()


def test_version():
    done = subprocess.run(
        [sys.executable, "-m", "nsp", "--version"], capture_output=True, text=True
    )
    import nsp

    assert done.returncode == 0 and done.stdout.strip() == f"nsp {nsp.__version__}"


def test_list_without_notebooks_says_where_it_looked(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("NSP_NOTEBOOKS_DIR", str(tmp_path / "none"))
    assert cli.main(["list"]) == 2
    err = capsys.readouterr().err
    assert str(tmp_path / "none") in err and "NSP_PROJECT_DIR" in err


def test_a_missing_notebook_tool_names_the_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "jupytext", None)  # import jupytext now raises ImportError
    assert cli.main(["list"]) == 2
    assert "pip install 'nsp-privacy[notebooks]'" in capsys.readouterr().err


#: Kernel-side noise a run must not print.
NOISE = ("Traceback", "ZMQError", "without encryption", "KeyboardInterrupt caught")


def _kernels_of(project) -> list[int]:
    """The live processes started with this project's figures folder (the notebooks' kernels)."""
    mark = f"NSP_FIGURES_DIR={project}".encode()
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and mark in (proc / "environ").read_bytes():
                if (proc / "stat").read_text().split(")")[-1].split()[0] != "Z":
                    pids.append(int(proc.name))
        except OSError:
            continue
    return pids


def _files_written_since(root, since: float) -> list[str]:
    return sorted(
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and p.stat().st_mtime >= since
    )


def _sleeper(name: str) -> str:
    return (
        "import time\ntime.sleep(0.5)\n\n# %%\ntime.sleep(120)\n\n# %%\n"
        "import pandas as pd\nfrom nsp.plotting import save_table\n"
        f"save_table(pd.DataFrame({{'x': [1.0]}}), 'k/{name}')"
    )


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _default_sigint() -> None:
    # A foreground command: the test runner itself may run with SIGINT ignored (a background
    # job of a script, as `make test &`), and an ignore is inherited across exec.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(project, *args, sigint_ignored=False):
    """Start ``python -m nsp *args`` on the project; collect its stderr lines as they come.

    With ``sigint_ignored`` the child starts with SIGINT ignored, as a shell script's
    background job (``nsp figures &``) does.
    """
    env = {**os.environ, "NSP_PROJECT_DIR": str(project)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "nsp", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ignore_sigint if sigint_ignored else _default_sigint,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True)
    reader.start()
    return proc, lines, reader


def _wait_for(predicate, timeout=120.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def test_ctrl_c_stops_figures_at_once_and_says_what_was_kept(project):
    """Real kernels, two at a time, each in a two-minute cell: SIGINT stops the whole run long
    before the cells end, kills the kernels, writes nothing after the signal, and says what
    happened."""
    for i in range(3):
        _tiny_notebook(project, _sleeper(f"t{i}"), name=f"0{i}_sleep")
    proc, lines, reader = _start(project, "figures", "-j", "2")
    executed = project / "build" / "executed"
    # both kernels are in their long cell: papermill saved the notebook after cell 1
    _wait_for(
        lambda: len(list(executed.rglob(".nsp-tmp-*"))) >= 2 and len(_kernels_of(project)) >= 2
    )
    time.sleep(2)
    sent = time.time()
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=60)
    finally:
        proc.kill()
    elapsed = time.monotonic() - t0
    reader.join(5)
    err = "".join(lines)
    assert proc.returncode == 130, err
    # The cells sleep 120 s: an exit within a minute is the signal's doing, on a loaded machine
    # too (how fast it stops is measured by hand, 0.3–2.4 s, not asserted: no wall clock here).
    assert elapsed < 60, f"exit {elapsed:.1f} s after the signal"
    assert _files_written_since(project, sent) == []
    assert not list(project.rglob("*.ipynb")) and not (project / "figures").exists()
    assert _kernels_of(project) == []  # the kernels were killed, not left to finish
    assert "stopped (kernels killed, no executed notebook written): k/00_sleep, k/01_sleep" in err
    assert "never started: 1 notebook(s)" in err and "nothing was written to" in err
    assert "start k/00_sleep" in err
    assert not [n for n in NOISE if n in err], err


def test_a_background_run_keeps_an_inherited_sigint_ignore_and_still_stops_on_sigterm(project):
    """A script's ``nsp figures &`` ignores the Ctrl-C meant for the script's foreground command;
    SIGTERM still stops it, long before its two-minute cell would end."""
    _tiny_notebook(project, _sleeper("t0"), name="00_sleep")
    proc, lines, reader = _start(project, "figures", "-j", "1", sigint_ignored=True)
    try:
        _wait_for(lambda: len(_kernels_of(project)) >= 1 and "start k/00_sleep" in "".join(lines))
        proc.send_signal(signal.SIGINT)
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=3)  # still running: the Ctrl-C was not for it
        assert _kernels_of(project), "the kernel was stopped by an ignored SIGINT"
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)  # the cell sleeps 120 s: an exit now is the signal's doing
    finally:
        proc.kill()
    reader.join(5)
    assert proc.returncode != 0, "".join(lines)
    assert not (project / "figures").exists()
    _wait_for(lambda: _kernels_of(project) == [], timeout=30)


def test_a_run_names_each_notebook_with_its_time_and_the_cell_of_a_long_one(
    project, capsys, monkeypatch
):
    from nsp.notebooks import _progress

    monkeypatch.setattr(_progress, "HEARTBEAT", 1.0)
    _tiny_notebook(project, "import time\ntime.sleep(0.1)\n\n# %%\ntime.sleep(4)", name="01_a")
    _tiny_notebook(project, "x = 1", name="02_b")
    assert cli.main(["figures", "-j", "2"]) == 0
    err = capsys.readouterr().err
    assert "start k/01_a" in err and "start k/02_b" in err
    assert re.search(r"\[\d/2\] done k/01_a in \d+\.\d s", err), err
    assert "k/01_a: cell 3 of 3" in err, err  # where the long notebook is
    assert not [n for n in NOISE if n in err], err


def test_strict_figures_fail_when_a_notebook_is_skipped_and_say_why_once(project, capsys):
    reason = (
        "data/adult/adult.data not found. Run `make data` (= `nsp data fetch`), with a long "
        "paragraph of advice that must not be repeated for every notebook"
    )
    for i in range(2):
        _tiny_notebook(
            project,
            "from nsp.datasets import DataUnavailableError\n"
            f"raise DataUnavailableError({reason!r})",
            name=f"0{i}_needs_data",
        )
    assert cli.main(["figures", "--strict"]) == 1
    out = capsys.readouterr().out
    assert "k/00_needs_data: data/adult/adult.data not found" in out
    assert "long paragraph" not in out and out.count("make data") == 1
    assert "--strict and 2 notebook(s) skipped" in out
    assert cli.main(["figures"]) == 0  # without --strict a skip is not an error


def test_a_failure_is_reported_once_and_its_copy_is_readable(project, capsys):
    _tiny_notebook(project, "raise RuntimeError('boom once')")
    assert cli.main(["figures"]) == 2
    err = capsys.readouterr().err
    assert err.count("k/01_tiny failed") == 1, err
    kept = project / "build" / "failed" / "k" / "01_tiny.ipynb"
    assert kept.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


VARIANT_NB = (
    "import matplotlib.pyplot as plt\nimport pandas as pd\nfrom nsp.plotting import savefig\n"
    "fig, ax = plt.subplots()\nax.plot([0, n], [0, 1])\n"
    "savefig(fig, 'k/fig', data=pd.DataFrame({'n': [n]}), formats=['png'], close=True)"
)


def _variant_notebook(project):
    src = project / "notebooks" / "k" / "01_var.py"
    src.parent.mkdir(parents=True, exist_ok=True)
    src.write_text(
        '# %% tags=["parameters"]\nquick: bool = False  # fast\n'
        "n: int = 2  # points [>= 1]\n\n# %%\n" + VARIANT_NB + "\n"
    )


def test_a_variant_keeps_its_own_folder_parameters_and_marks(project, capsys):
    """Non-default parameters: their own folder (two variants do not overwrite each other), the
    parameters recorded beside the outputs, the CSV and the figure marked."""
    _variant_notebook(project)
    variants = project / "build" / "scratch" / "variants" / "k" / "01_var"
    assert cli.main(["run", "k/01_var", "-p", "n", "3"]) == 0
    assert cli.main(["run", "k/01_var", "-p", "n", "4"]) == 0
    for n in (3, 4):
        folder = variants / f"n={n}"
        record = json.loads((folder / "parameters.json").read_text())
        assert record["parameters"] == {"quick": False, "n": n} and record["non_default"] == {
            "n": n
        }
        csv = (folder / "figures" / "k" / "fig.csv").read_text()
        assert csv == f"# variant, not the paper's setting: n={n}\nn\n{n}\n"
        assert (folder / "figures" / "k" / "fig.png").is_file()
        assert (folder / "01_var.ipynb").is_file()
    executed = json.loads((variants / "n=3" / "01_var.ipynb").read_text())
    assert "Variant, not the paper's setting" not in json.dumps(executed)  # only in the PNG
    assert not (project / "build" / "scratch" / "figures").exists()
    out = project / "mine"
    assert cli.main(["run", "k/01_var", "--out", str(out)]) == 0  # default values, own folder
    assert (out / "figures" / "k" / "fig.csv").read_text() == "n\n2\n"  # not marked
    assert json.loads((out / "parameters.json").read_text())["non_default"] == {}


def test_a_bad_parameter_value_is_refused_before_any_kernel_starts(project, capsys):
    _variant_notebook(project)
    assert cli.main(["run", "k/01_var", "-p", "n", "-5"]) == 2
    err = capsys.readouterr().err
    assert "parameter 'n' must be >= 1; got -5" in err
    assert cli.main(["run", "k/01_var", "-p", "n", "1.5"]) == 2
    assert "parameter 'n' expects int; got '1.5'" in capsys.readouterr().err
    assert not (project / "build").exists()  # refused before any kernel started


def test_a_declared_range_costs_no_warning_from_papermills_own_parser(project):
    """papermill's parser gives up on a help comment holding "=" (``[>= 1]``) and then calls the
    parameter unknown; nsp reads the cell itself, so neither warning reaches the user."""
    _variant_notebook(project)
    proc, lines, reader = _start(project, "run", "k/01_var", "--quick", "-p", "n", "3")
    assert proc.wait(timeout=300) == 0
    reader.join(5)
    err = "".join(lines)
    assert "done k/01_var" in err, err
    assert "Unable to parse" not in err and "unknown parameter" not in err, err
