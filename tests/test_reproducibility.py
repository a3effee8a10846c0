"""The committed figures regenerate byte for byte, and CI notices when they do not.

A clone of the repository with one committed CSV perturbed is regenerated the way CI does it
(``nsp figures`` for that notebook, then ``make check-figures``): the check must fail and name
the file. The unperturbed clone must pass, which also checks that one notebook reproduces its
committed bytes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nsp.paths import data_dir

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "privacy_funnel/05_worked_examples"  # seconds, no data
CSV = "figures/privacy_funnel/worked_examples_table.csv"

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None or shutil.which("make") is None, reason="needs git and make"
)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True
    ).stdout


def _regenerate_and_check(clone: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "NSP_PROJECT_DIR": str(clone),
        "NSP_DATA_DIR": str(data_dir()),
        "MPLBACKEND": "Agg",
    }
    env.pop("NSP_FIGURES_DIR", None)
    env.pop("NSP_BUILD_DIR", None)
    subprocess.run(
        [sys.executable, "-m", "nsp", "figures", "--only", NOTEBOOK],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return subprocess.run(
        ["make", "-s", "-C", str(clone), "check-figures"], capture_output=True, text=True
    )


@pytest.fixture
def clone(tmp_path):
    target = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(target)], check=True)
    _git(target, "config", "user.email", "ci@example.invalid")
    _git(target, "config", "user.name", "ci")
    return target


def test_a_perturbed_committed_csv_fails_the_figures_check(clone):
    csv = clone / CSV
    csv.write_text(csv.read_text(encoding="utf-8").replace("0.", "0.9", 1), encoding="utf-8")
    _git(clone, "commit", "-qam", "perturb a committed CSV")
    done = _regenerate_and_check(clone)
    assert done.returncode != 0
    assert CSV in done.stdout and "differs from the commit" in done.stdout


def test_an_unperturbed_clone_regenerates_the_same_bytes(clone):
    done = _regenerate_and_check(clone)
    assert done.returncode == 0, done.stdout + done.stderr
