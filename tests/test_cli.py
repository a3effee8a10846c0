"""The nsp command: parsing, listing, running with parameter checks, and clear errors."""

from __future__ import annotations

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
