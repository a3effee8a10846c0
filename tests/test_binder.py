"""The Binder (repo2docker) configuration, validated offline as far as the tools allow.

No image can be built here (no network but the package index, no Docker): the tests check
what repo2docker would read — ``binder/runtime.txt`` names the Python the lock was made for,
``binder/postBuild`` is an executable bash script with valid syntax that installs the hashed
lock and nsp, fetches only registered datasets, and writes the students' copies — and run the
copy step itself.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from nsp.datasets import REGISTRY
from nsp.paths import project_root

ROOT = project_root()
BINDER = ROOT / "binder"


def _commands() -> list[list[str]]:
    lines = (BINDER / "postBuild").read_text(encoding="utf-8").splitlines()
    return [
        shlex.split(ln.split(" || ")[0]) for ln in lines if ln and not ln.startswith(("#", "set "))
    ]


def test_runtime_is_the_python_of_the_lock():
    header = (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()[0]
    version = re.search(r"CPython (\d+\.\d+)", header)
    assert version, header
    assert (BINDER / "runtime.txt").read_text().strip() == f"python-{version[1]}"


def test_postbuild_is_an_executable_bash_script_with_valid_syntax():
    script = BINDER / "postBuild"
    assert os.access(script, os.X_OK)
    assert script.read_text().startswith("#!/bin/bash\n")
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash to check the syntax with")
    subprocess.run([bash, "-n", str(script)], check=True)


def test_postbuild_installs_the_hashed_lock_then_nsp_and_writes_the_copies():
    commands = _commands()
    pip = [c for c in commands if c[:4] == ["python", "-m", "pip", "install"]]
    assert ["--require-hashes", "--no-deps", "-r", "requirements.lock"] == pip[0][-4:]
    assert pip[1][-3:] == ["--no-deps", "-e", "."]
    fetch = next(c for c in commands if c[:4] == ["python", "-m", "nsp", "data"])
    assert fetch[4] == "fetch" and set(fetch[5:]) <= {e.dataset for e in REGISTRY}
    assert commands[-1] == ["python", "-m", "nsp.notebooks._copies", "--dest", "build/notebooks"]


def test_the_copy_step_writes_a_copy_of_every_notebook(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "nsp.notebooks._copies", "--dest", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    sources = {
        p.relative_to(ROOT / "notebooks").with_suffix("") for p in ROOT.glob("notebooks/*/*.py")
    }
    copies = {p.relative_to(tmp_path).with_suffix("") for p in tmp_path.glob("*/*.ipynb")}
    assert copies == {s for s in sources if not s.name.startswith("_")}


def test_the_readme_launch_address_opens_the_students_copies():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "labpath=build/notebooks/{notebook}.ipynb" in readme
    assert "labpath=build/notebooks/{notebook}.ipynb" in (BINDER / "postBuild").read_text()
