"""The nsp command: parsing, listing, running with parameter checks, and clear errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from nsp import cli


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for command in ("list", "run", "figures", "data"):
        assert command in out


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


def test_data_fetch_status_and_verify_from_a_mirror(tmp_path, capsys, monkeypatch):
    """The data commands end to end on a one-dataset mirror; a corrupted copy fails verify (exit 1)
    and is replaced only with --force."""
    from nsp.paths import data_dir

    monkeypatch.setenv("CI", "true")  # never the network here
    src = data_dir() / "heart_disease_hungarian"
    mirror = tmp_path / "mirror" / "heart_disease_hungarian"
    mirror.mkdir(parents=True)
    for f in src.iterdir():
        (mirror / f.name).write_bytes(f.read_bytes())
    home = tmp_path / "data"
    args = ["--data-home", str(home)]
    assert (
        cli.main(
            ["data", "fetch", "heart_disease_hungarian", "--mirror", str(mirror.parent), *args]
        )
        == 0
    )
    assert cli.main(["data", "verify", "heart_disease_hungarian", *args]) == 0
    target = home / "heart_disease_hungarian" / "processed.hungarian.data"
    target.write_bytes(target.read_bytes() + b"tampered\n")
    assert cli.main(["data", "verify", "heart_disease_hungarian", *args]) == 1
    assert (
        cli.main(
            ["data", "fetch", "heart_disease_hungarian", "--mirror", str(mirror.parent), *args]
        )
        == 2
    )
    assert "checksum" in capsys.readouterr().err.lower()
    assert (
        cli.main(
            [
                "data",
                "fetch",
                "heart_disease_hungarian",
                "--mirror",
                str(mirror.parent),
                "--force",
                *args,
            ]
        )
        == 0
    )
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
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
        return project / "done.ipynb"

    for i in range(4):
        _tiny_notebook(project, "x = 1", name=f"0{i}_nb")
    monkeypatch.setattr(_schedule, "run", fake_run)  # the run that run_all calls
    with pytest.raises(KeyboardInterrupt):
        notebooks.run_all(jobs=1)
    assert started == ["k/00_nb"]  # Ctrl-C cancelled the queued notebooks
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
    assert "interrupted" in err
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
