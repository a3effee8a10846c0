"""Packaging: one version, a complete hashed lock the environment follows, used dependencies,
the distribution's name and package data, and the public line."""

from __future__ import annotations

import ast
import fnmatch
import os
import re
import shlex
import shutil
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import nsp
from nsp.notebooks import RECORDED_PACKAGES

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DISTRIBUTION = PYPROJECT["project"]["name"]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _lock() -> dict[str, str]:
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    return {
        m.group(1).lower().replace("_", "-"): m.group(2)
        for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+)", text, flags=re.MULTILINE)
    }


def test_the_version_is_written_once():
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert metadata.version(DISTRIBUTION) == nsp.__version__, "run make install"
    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f'version: "{nsp.__version__}"' in cff  # the citation names the same release
    env = (ROOT / "figures" / "ENVIRONMENT.txt").read_text(encoding="utf-8")
    assert f"\nnsp {nsp.__version__}\n" in env  # else a regeneration rewrites the record
    site = (ROOT / "docs" / "site" / "index.md").read_text(encoding="utf-8")
    assert f"Version {nsp.__version__}." in site  # so does the site's citation
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    # between releases the version is the next one's .devN and its section is "unreleased";
    # a release's section is dated
    release, dev = re.fullmatch(r"(\d+\.\d+\.\d+)(\.dev\d+)?", nsp.__version__).groups()
    when = "unreleased" if dev else r"\d{4}-\d\d-\d\d"
    assert re.search(rf"^## \[{re.escape(release)}\] - {when}$", changelog, re.M)
    top = re.search(r"^## \[(.+?)\] - (.+)$", changelog, re.M)
    assert top is not None and top.group(1) == release, "the newest section is this version's"


def test_the_distribution_is_nsp_privacy_and_imports_as_nsp():
    """``nsp`` on the package index is another project: ours is nsp-privacy, imported as nsp."""
    assert DISTRIBUTION == "nsp-privacy"
    assert PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"] == ["nsp*"]
    assert PYPROJECT["project"]["scripts"] == {"nsp": "nsp.cli:main"}


def test_every_install_line_names_the_distribution():
    """``pip install nsp`` would install the other project; every hint says nsp-privacy."""
    wrong = re.compile(r"pip install\s+['\"]?nsp(?![\w-])")
    files = [*ROOT.glob("nsp/**/*.py"), *ROOT.glob("docs/**/*.md"), *ROOT.glob("docs/**/*.py")]
    files += [*ROOT.glob("notebooks/**/*.py"), *ROOT.glob("*.md"), ROOT / "Makefile"]
    hits = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for p in files
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if wrong.search(line)
    ]
    assert not hits, "\n".join(hits)


def test_the_package_data_is_declared_and_present():
    """Every file of the package that is not Python ships in the wheel (and the sdist)."""
    globs = PYPROJECT["tool"]["setuptools"]["package-data"]["nsp"]
    data = sorted(
        p.relative_to(ROOT / "nsp").as_posix()
        for p in (ROOT / "nsp").rglob("*")
        if p.is_file()
        and p.suffix not in {".py", ".pyc"}
        and "__pycache__" not in p.parts
        and not p.name.startswith(".nsp-tmp-")
    )
    assert data, "the style sheet and the data registry are package data"
    undeclared = [f for f in data if not any(fnmatch.fnmatch(f, g) for g in globs)]
    assert not undeclared, f"not in [tool.setuptools.package-data]: {undeclared}"
    unused = [g for g in globs if not any(fnmatch.fnmatch(f, g) for f in data)]
    assert not unused, f"package-data globs that match no file: {unused}"
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    for glob in globs:
        folder, pattern = glob.rsplit("/", 1)
        assert f"recursive-include nsp/{folder} {pattern}" in manifest


def test_every_public_module_declares_its_public_names():
    """A module whose path has no underscore-prefixed part is public and lists ``__all__``."""
    missing = []
    for p in sorted((ROOT / "nsp").rglob("*.py")):
        parts = p.relative_to(ROOT / "nsp").with_suffix("").parts
        if parts[-1] == "__main__" or any(x.startswith("_") and x != "__init__" for x in parts):
            continue
        tree = ast.parse(p.read_text(encoding="utf-8"))
        names = {
            target.id
            for node in tree.body
            if isinstance(node, ast.Assign | ast.AnnAssign)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }
        if "__all__" not in names:
            missing.append(p.relative_to(ROOT).as_posix())
    assert not missing, f"public modules without __all__: {missing}"


def test_lint_checks_the_import_floors_and_ci_builds_the_release():
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    assert PYPROJECT["tool"]["importlinter"]["root_package"] == "nsp"
    assert {c["type"] for c in contracts} >= {"layers", "acyclic_siblings"}
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = make.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "lint-imports" in lint
    assert "make dist" in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_the_licence_is_declared_and_shipped():
    assert PYPROJECT["project"]["license"] == "BSD-3-Clause"
    assert "BSD 3-Clause License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_the_lock_pins_every_declared_dependency_with_hashes():
    lock = _lock()
    project = PYPROJECT["project"]
    declared = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        declared += extra
    missing = sorted({_name(r) for r in declared} - set(lock))
    assert not missing, f"declared but not locked: {missing} (run make lock)"
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", text.split("\n", 3)[3])
    assert all("--hash=sha256:" in b for b in blocks), "every locked package carries its hashes"


def test_the_environment_is_the_locked_one():
    """The figures are made with these versions; a drifted environment makes other bytes."""
    lock = _lock()
    drift = {
        name: (metadata.version(name), lock[name])
        for name in RECORDED_PACKAGES
        if name in lock and metadata.version(name) != lock[name]
    }
    assert not drift, f"installed != requirements.lock: {drift} (run make install)"


@pytest.mark.parametrize(
    "package, module",
    [
        ("seaborn", "seaborn"),
        ("ucimlrepo", "ucimlrepo"),
        ("networkx", "networkx"),
        ("tqdm", "tqdm"),
    ],
)
def test_every_library_dependency_is_used(package, module):
    sources = [p.read_text(encoding="utf-8") for p in (ROOT / "nsp").rglob("*.py")]
    sources += [p.read_text(encoding="utf-8") for p in (ROOT / "notebooks").rglob("*.py")]
    assert package in {_name(r) for r in PYPROJECT["project"]["dependencies"]}
    pattern = re.compile(rf"^\s*(import {module}\b|from {module}\b)", re.MULTILINE)
    assert any(pattern.search(s) for s in sources), f"{package} is declared but never imported"


def test_every_module_is_type_checked():
    """No module opts out of mypy any more (the baseline of the redesign is gone)."""
    excluded = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "nsp").rglob("*.py")
        if "# mypy: ignore-errors" in p.read_text(encoding="utf-8")
    )
    assert not excluded, f"modules excluded from type checking: {excluded}"


def test_no_text_cites_a_document_the_reader_does_not_have():
    """Docstrings, notebooks, notes and help cite the papers and the project's own notes only."""
    pattern = re.compile(
        r"\bspec\b ?(§|[AEF][0-9])|\bthe spec\b|\bspec's\b"
        r"|seed-00[0-9]|\((A|E)[0-9]+\)|DESIGN\.md",
        re.IGNORECASE,
    )
    files = [*ROOT.glob("nsp/**/*.py"), *ROOT.glob("notebooks/**/*.py"), *ROOT.glob("docs/**/*.md")]
    files += [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    hits = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for p in files
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not hits, "\n".join(hits)


def _make_test_command(target: str = "test", **env: str) -> list[str]:
    """The pytest lines ``make <target>`` would run with ``env`` (a dry run: nothing runs)."""
    base = {k: v for k, v in os.environ.items() if k not in ("CI", "NSP_TEST_SHUFFLE", "MAKEFLAGS")}
    done = subprocess.run(
        ["make", "-n", "-C", str(ROOT), target, "VENV=/nonexistent-venv"],
        env={**base, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in done.stdout.splitlines() if "-m pytest" in line]


def _selects(line: str, markers: set[str]) -> bool:
    """Whether the pytest command ``line`` runs a test with these markers: pytest puts its
    addopts before the command's own options, and the last ``-m`` holds."""
    from _pytest.mark.expression import Expression  # noqa: PLC0415  pytest's own -m parser

    addopts = PYPROJECT["tool"]["pytest"]["ini_options"]["addopts"]
    words = shlex.split(addopts) + shlex.split(line.split(" -m pytest ", 1)[1])
    expression = words[len(words) - words[::-1].index("-m")]

    def has(name: str, /, **_: object) -> bool:
        return name in markers

    return Expression.compile(expression).evaluate(has)


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_ci_runs_the_suite_once_in_an_order_seeded_by_the_commit():
    """Under CI=true, make test and make test-slow (the README's commands) shuffle with the
    commit's seed; a given NSP_TEST_SHUFFLE replays an order; elsewhere the order is the files'
    own. CI runs both, and between them every test but the browser's runs exactly once; make
    test-all runs the two sets in one go."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short=8", "HEAD"], capture_output=True, text=True
    )
    if commit.returncode:
        pytest.skip("not a git checkout")
    for target in ("test", "test-slow", "test-all"):
        (line,) = _make_test_command(target, CI="true")
        assert f"NSP_TEST_SHUFFLE={int(commit.stdout.strip(), 16)} " in line, line
        (line,) = _make_test_command(target, CI="true", NSP_TEST_SHUFFLE="7")
        assert "NSP_TEST_SHUFFLE=7 " in line, line
        for ci in ({}, {"CI": "false"}, {"CI": "0"}):
            (line,) = _make_test_command(target, **ci)
            assert "NSP_TEST_SHUFFLE= " in line, (ci, line)
    (fast,), (slow,), (both,) = (_make_test_command(t) for t in ("test", "test-slow", "test-all"))
    for markers in ({"data"}, {"slow"}, {"slow", "data", "notebook"}, {"notebook"}):
        assert _selects(fast, markers) != _selects(slow, markers), markers
        assert _selects(both, markers), markers
    for markers in ({"site"}, {"site", "slow"}):
        assert not (_selects(fast, markers) or _selects(slow, markers) or _selects(both, markers))
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'export CI="${CI:-true}"' in ci
    steps = ci.splitlines()
    assert steps.count("make test") == 1 and steps.count("make test-slow") == 1, steps


def _release_script():
    import importlib.util

    spec = importlib.util.spec_from_file_location("release", ROOT / ".ci" / "release.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_release_sets_the_version_everywhere_and_dates_the_changelog():
    """``make release VERSION=…`` (``.ci/release.py``), without writing anything here."""
    release = _release_script()
    current = re.fullmatch(r"(\d+\.\d+\.\d+)(\.dev\d+)?", nsp.__version__).group(1)
    new = release.edits(current, "2027-01-02")
    by_name = {path.name: text for path, text in new.items()}
    assert f'__version__ = "{current}"' in by_name["__init__.py"]
    assert f'version: "{current}"' in by_name["CITATION.cff"]
    assert 'date-released: "2027-01-02"' in by_name["CITATION.cff"]
    assert f"Version {current}." in by_name["index.md"]
    assert f"\nnsp {current}\n" in by_name["ENVIRONMENT.txt"]
    assert f"## [{current}] - 2027-01-02" in by_name["CHANGELOG.md"]
    major, minor, _ = map(int, current.split("."))
    after = release.edits(f"{major}.{minor + 1}.0.dev0", "2027-01-02")
    changelog = next(t for p, t in after.items() if p.name == "CHANGELOG.md")
    first = re.search(r"^## \[(.+?)\] - (.+)$", changelog, re.M)
    assert first is not None and first.groups() == (f"{major}.{minor + 1}.0", "unreleased")
    with pytest.raises(SystemExit, match="VERSION must read X.Y.Z"):
        release.edits("v1", "2027-01-02")
