"""The nsp command: parsing, listing, running with parameter checks, and clear errors."""

from __future__ import annotations

import os
import subprocess
import sys

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
    assert cli.main(["data", "fetch", "heart_disease_hungarian", "--mirror", str(mirror.parent), *args]) == 0
    assert cli.main(["data", "verify", "heart_disease_hungarian", *args]) == 0
    target = home / "heart_disease_hungarian" / "processed.hungarian.data"
    target.write_bytes(target.read_bytes() + b"tampered\n")
    assert cli.main(["data", "verify", "heart_disease_hungarian", *args]) == 1
    assert cli.main(["data", "fetch", "heart_disease_hungarian", "--mirror", str(mirror.parent), *args]) == 2
    assert "checksum" in capsys.readouterr().err.lower()
    assert cli.main(["data", "fetch", "heart_disease_hungarian", "--mirror", str(mirror.parent), "--force", *args]) == 0
    assert cli.main(["data", "status", *args]) == 0
    assert "verified" in capsys.readouterr().out


def _tiny_notebook(folder, body):
    src = folder / "k" / "01_tiny.py"
    src.parent.mkdir(parents=True, exist_ok=True)
    src.write_text('# %% tags=["parameters"]\nquick: bool = False  # fast\n\n# %%\n' + body + "\n")
    return src


def test_quick_runs_never_pass_for_make_figures_outputs(tmp_path, monkeypatch, capsys):
    """A quick run goes to build/scratch (executed copy and figures), not where make looks."""
    monkeypatch.setenv("NSP_BUILD_DIR", str(tmp_path / "build"))
    monkeypatch.delenv("NSP_FIGURES_DIR", raising=False)
    src = _tiny_notebook(tmp_path, "import os\nprint(os.environ['NSP_FIGURES_DIR'])")
    assert cli.main(["run", str(src), "--quick"]) == 0
    scratch = tmp_path / "build" / "scratch"
    assert list((scratch / "executed").rglob("*.ipynb"))
    assert not (tmp_path / "build" / "executed").exists()
    assert os.environ["NSP_FIGURES_DIR"] == str(scratch / "figures")
    monkeypatch.delenv("NSP_FIGURES_DIR")


def test_a_failing_cell_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("NSP_BUILD_DIR", str(tmp_path / "build"))
    src = _tiny_notebook(tmp_path, "raise RuntimeError('boom here')")
    out = tmp_path / "out.ipynb"
    assert cli.main(["run", str(src), "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert "RuntimeError: boom here" in err and not out.exists()
