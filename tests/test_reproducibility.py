"""The committed figures regenerate byte for byte, and CI notices when they do not.

A clone of the repository with one committed CSV perturbed is regenerated the way CI does it
(``nsp figures`` for that notebook, then ``make check-figures``): the check must fail and name
the file. Against the commit before the perturbation the same regenerated files must pass,
which also checks that one notebook reproduces its committed bytes. One clone and one notebook
run serve both checks (the notebook does not read its own committed outputs), and both are in
the slow set.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from nsp.paths import data_dir

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "privacy_funnel/05_worked_examples"  # seconds, no data
CSV = "figures/privacy_funnel/worked_examples_table.csv"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("git") is None or shutil.which("make") is None, reason="needs git and make"
    ),
]


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True
    ).stdout


def _regenerate(clone: Path) -> None:
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


def _check_figures(clone: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "-s", "-C", str(clone), "check-figures"], capture_output=True, text=True
    )


@dataclass(frozen=True)
class Checks:
    """``make check-figures`` after the regeneration, against each of the two commits."""

    perturbed: subprocess.CompletedProcess[str]
    unperturbed: subprocess.CompletedProcess[str]


@pytest.fixture(scope="session")  # not module: a shuffled run would set it up again
def checks(tmp_path_factory) -> Checks:
    """Clone, commit a perturbed CSV, regenerate once, check; then move HEAD and the index back
    to the unperturbed commit (the regenerated files stay) and check again."""
    clone = tmp_path_factory.mktemp("reproducibility") / "clone"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(clone)], check=True)
    _git(clone, "config", "user.email", "ci@example.invalid")
    _git(clone, "config", "user.name", "ci")
    csv = clone / CSV
    csv.write_text(csv.read_text(encoding="utf-8").replace("0.", "0.9", 1), encoding="utf-8")
    _git(clone, "commit", "-qam", "perturb a committed CSV")
    _regenerate(clone)
    perturbed = _check_figures(clone)
    _git(clone, "reset", "-q", "HEAD~1")
    return Checks(perturbed=perturbed, unperturbed=_check_figures(clone))


def test_a_perturbed_committed_csv_fails_the_figures_check(checks):
    done = checks.perturbed
    assert done.returncode != 0
    assert CSV in done.stdout and "differs from the commit" in done.stdout


def test_an_unperturbed_clone_regenerates_the_same_bytes(checks):
    done = checks.unperturbed
    assert done.returncode == 0, done.stdout + done.stderr
