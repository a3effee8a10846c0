"""The private-imports check (``.ci/private_imports.py``, run by ``make lint``): nsp passes it,
and it catches what it must in a planted tree."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / ".ci" / "private_imports.py"


def _check():
    spec = importlib.util.spec_from_file_location("private_imports", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "nsp" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "nsp"


def test_nsp_imports_no_other_package_s_privates():
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_make_lint_runs_the_check():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert ".ci/private_imports.py" in lint


GROUND = {
    "__init__.py": "",
    "_validation.py": "def check(): ...\ndef _hidden(): ...\n",
    "a/__init__.py": "from nsp.a._x import f\n__all__ = ['f']\n",
    "a/_x.py": "def f(): ...\ndef _y(): ...\n",
    "a/sub/__init__.py": "from nsp.a._x import _y\nfrom .._x import f\n",
    "a/public.py": "def _helper(): ...\n",
    "c.py": "def _c(): ...\n",
}


def test_its_own_privates_and_the_ground_floor_are_allowed(tmp_path):
    files = {**GROUND, "b/__init__.py": "from nsp._validation import check\nfrom nsp.a import f\n"}
    assert _check().offences(_tree(tmp_path, files)) == []


@pytest.mark.parametrize(
    ("line", "reported"),
    [
        ("from nsp.a._x import f", "imports nsp.a._x, private to nsp.a"),
        ("import nsp.a._x", "imports nsp.a._x, private to nsp.a"),
        ("from nsp.a import _x", "imports nsp.a._x, private to nsp.a"),
        ("from ..a._x import f", "imports nsp.a._x, private to nsp.a"),
        ("from nsp.a.public import _helper", "imports _helper from nsp.a.public, private to nsp.a"),
        ("from nsp.c import _c", "imports _c from nsp.c, private to nsp.c"),
        ("from nsp._validation import _hidden", "imports _hidden from nsp._validation"),
        ("def late():\n    from nsp.a._x import _y", "imports nsp.a._x, private to nsp.a"),
    ],
)
def test_a_planted_violation_is_caught(tmp_path, line, reported):
    package = _tree(tmp_path, {**GROUND, "b/__init__.py": "", "b/mod.py": line + "\n"})
    found = _check().offences(package)
    assert len(found) == 1 and reported in found[0], found
    assert found[0].startswith("nsp/b/mod.py:")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(package)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1 and reported in done.stdout


def test_every_private_module_at_the_top_is_on_the_ground_floor_or_a_floor_of_its_own():
    """The check lets any package import ``nsp._x``: the floors contract keeps each below its
    importers. A shared private is on the ground floor (the last two floors, which every floor
    may use), or alone on its floor just below the packages that share it (``_resampling``,
    ``_scale``), never beside a public package, so that its floor says who may use it."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    floors = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "floors")
    layers = [{name.strip("() ") for name in layer.split("|")} for layer in floors["layers"]]
    ground = set().union(*layers[-2:])
    alone = {next(iter(layer)) for layer in layers[:-2] if len(layer) == 1}
    tops = {
        path.stem if path.suffix else path.name
        for path in (ROOT / "nsp").iterdir()
        if path.name.startswith("_")
        and not path.name.startswith("__")
        and (path.suffix == ".py" or (path / "__init__.py").is_file())
    }
    assert tops and tops <= ground | alone, sorted(tops - ground - alone)
    assert {"_resampling", "_scale"} <= tops & alone
