"""What nsp's messages tell a user to do works as written, and each failure is said once.

Every command a message suggests (`nsp ...`, `make ...`, `pip install ...`, a Python call) is
taken from the message as nsp prints it, after provoking that message for real, and then run:

- the data commands against a toy registry (four small files, the fixtures below) with a
  temporary data folder, mirror and publisher (a folder standing in for the network), never
  data/ or the real mirror; `nsp ...` through :func:`nsp.cli.main`, the ``nsp`` console script;
- `make data` for real on the project's Makefile, its Python told the toy registry by a
  ``sitecustomize`` module on its path; `make install`, which would install, as `make -n`;
- `pip install ...` as `pip install --dry-run --no-index ...` in a throwaway environment that
  sees this one's packages: it must find everything installed and the extra it names.

A source scan finds every suggestion in nsp's messages, so that a new one without a scenario
here fails the test.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import urllib.error
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import nsp.datasets as ds
from nsp import cli, notebooks
from nsp.cli import _commands
from nsp.datasets import _fetching, _registry
from nsp.datasets._convert import convert_file

#: The checkout these tests belong to: its Makefile and its nsp.
ROOT = Path(__file__).resolve().parents[1]

# --------------------------------------------------------------------------- the toy registry

RAW = b"1303132929 224.19\n1303132930 225.01\n"
LOCAL = b"only on a mirror\n"
GZIP = {"name": None, "level": 9, "mem_level": 9, "os": 3}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _entry(file: str, data: bytes, download: dict) -> dict:
    return {
        "dataset": "toy",
        "file": file,
        "kind": "data",
        "sha256": _sha(data),
        "size": len(data),
        "origin": "a fixture of tests/test_cli_messages.py",
        "download": download,
    }


def _toy_files(folder: Path) -> dict[str, bytes]:
    """Write the publishers' files into ``folder``; return the registered files' bytes.

    One file per download method: https (raw.dat), mirror-only (local.dat), rebuilt from a
    registered file (packed.dat.gz) and rebuilt from an R file (table.csv.gz).
    """
    import pandas as pd
    import pyreadr

    folder.mkdir(parents=True)
    (folder / "raw.dat").write_bytes(RAW)
    pyreadr.write_rds(str(folder / "table.rds"), pd.DataFrame({"a": [1.5, 2.5], "b": ["x", "y"]}))
    made = {}
    for name, source, recipe in (
        ("packed.dat.gz", "raw.dat", "gzip"),
        ("table.csv.gz", "table.rds", "rdata-to-csv-gz"),
    ):
        convert_file({"recipe": recipe, "gzip": GZIP}, folder / source, folder / name)
        made[name] = (folder / name).read_bytes()
        (folder / name).unlink()
    return {"raw.dat": RAW, "local.dat": LOCAL, **made}


def _toy_registry(files: dict[str, bytes], rds: bytes) -> dict:
    converted = {"method": "convert", "gzip": GZIP}
    return {
        "datasets": {
            "toy": {
                "title": "toy",
                "publisher": "nobody",
                "publisher_url": "https://example.org",
                "citation": "",
                "licence": "CC0",
                "fidelity": "exact",
            }
        },
        "files": [
            _entry("raw.dat", RAW, {"method": "https", "url": "https://example.org/raw.dat"}),
            _entry("local.dat", LOCAL, {"method": "mirror-only", "reason": "made by hand"}),
            _entry(
                "packed.dat.gz",
                files["packed.dat.gz"],
                {**converted, "recipe": "gzip", "source": {"registered": "toy/raw.dat"}},
            ),
            _entry(
                "table.csv.gz",
                files["table.csv.gz"],
                {
                    **converted,
                    "recipe": "rdata-to-csv-gz",
                    "source": {"url": "https://example.org/table.rds", "sha256": _sha(rds)},
                },
            ),
        ],
    }


#: The subprocesses' view of the same toy (imported by Python at startup, from PYTHONPATH).
SITECUSTOMIZE = '''\
"""The tests' toy data registry, and a folder standing in for the publishers' servers."""
import shutil
import urllib.error
from pathlib import Path

from nsp.datasets import _fetching, _registry

_registry.REGISTRY = _registry.load_registry({registry!r})


def _download(url, dest, *, timeout):
    src = Path({server!r}) / url.rsplit("/", 1)[1]
    if not src.is_file():
        raise urllib.error.URLError("HTTP Error 404: Not Found")
    shutil.copyfile(src, dest)


_fetching._download = _download
'''


@dataclass
class Toy:
    """The toy data: folders, and how to run a suggested command against them."""

    root: Path
    home: Path
    mirror: Path
    server: Path
    boot: Path

    def path(self, file: str) -> Path:
        return self.home / "toy" / file

    def states(self) -> dict[str, str]:
        frame = ds.verify("toy")
        return dict(zip(frame["file"], frame["state"].astype(str), strict=True))

    def complete(self) -> bool:
        return set(self.states().values()) == {"verified"}

    def env(self) -> dict[str, str]:
        """The environment of a subprocess: this one's, with the toy registry installed."""
        env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
        env["PYTHONPATH"] = os.pathsep.join([str(self.boot), str(ROOT)])
        return env

    def run(self, command: str) -> tuple[int, str]:
        """Run a suggested command as written; return its exit status and output."""
        words = shlex.split(command)
        if words[0] == "nsp":
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                code = cli.main(words[1:])
            return code, out.getvalue()
        if words[0] == "make":
            return _make(words[1:], env=self.env(), scratch=self.root)
        if words[0] == "pip":
            return _pip(words[1:], scratch=self.root)
        namespace = vars(ds)  # a Python call: "in Python: fetch(...)"
        eval(compile(command, "<suggested>", "eval"), dict(namespace))
        return 0, ""


@pytest.fixture
def toy(tmp_path, monkeypatch) -> Toy:
    """The toy registry in this process and its subprocesses, a full mirror, no network."""
    t = Toy(
        root=tmp_path,
        home=tmp_path / "data",
        mirror=tmp_path / "mirror",
        server=tmp_path / "server",
        boot=tmp_path / "boot",
    )
    files = _toy_files(t.server)  # the mirror holds all but packed.dat.gz (made from raw.dat)
    (t.mirror / "toy").mkdir(parents=True)
    for name, data in files.items():
        if name != "packed.dat.gz":
            (t.mirror / "toy" / name).write_bytes(data)
    t.boot.mkdir()
    registry = tmp_path / "registry.json"
    table = _toy_registry(files, (t.server / "table.rds").read_bytes())
    registry.write_text(json.dumps(table), encoding="utf-8")
    (t.boot / "sitecustomize.py").write_text(
        SITECUSTOMIZE.format(registry=str(registry), server=str(t.server)), encoding="utf-8"
    )

    def download(url: str, dest: Path, *, timeout: float) -> None:
        src = t.server / url.rsplit("/", 1)[1]
        if not src.is_file():
            raise urllib.error.URLError("HTTP Error 404: Not Found")
        shutil.copyfile(src, dest)

    monkeypatch.setattr(_registry, "REGISTRY", _registry.load_registry(registry))
    monkeypatch.setattr(_fetching, "_download", download)
    monkeypatch.setenv("NSP_DATA_DIR", str(t.home))
    monkeypatch.setenv("NSP_DATA_MIRROR", str(t.mirror))
    monkeypatch.setenv("CI", "true")  # offline, unless a scenario says "with internet"
    monkeypatch.delenv("NSP_OFFLINE", raising=False)
    return t


def _make(args: list[str], *, env: dict[str, str], scratch: Path) -> tuple[int, str]:
    """Run ``make <target>`` on the project's Makefile.

    ``make data`` really runs, with this Python (its environment is complete: the install
    stamp of a throwaway VENV is fresh, and a dry run first shows that nothing is installed).
    Every other target, which would install or run for minutes, runs as ``make -n -B``: the
    target exists and make prints every command of its recipe without running one.
    """
    base = ["make", "--no-print-directory", "-C", str(ROOT)]
    if args != ["data"]:
        dry = subprocess.run([*base, "-n", "-B", *args], env=env, capture_output=True, text=True)
        return dry.returncode, dry.stdout + dry.stderr
    venv = scratch / "make-venv"
    venv.mkdir(exist_ok=True)
    (venv / ".nsp-installed").touch()
    base += [f"VENV={venv}", f"PY={sys.executable}"]
    dry = subprocess.run([*base, "-n", *args], env=env, capture_output=True, text=True)
    assert dry.returncode == 0 and "install" not in dry.stdout, dry.stdout + dry.stderr
    done = subprocess.run([*base, *args], env=env, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


def _pip(args: list[str], *, scratch: Path) -> tuple[int, str]:
    """Run ``pip <args> --dry-run --no-index`` in a throwaway environment seeing this one's."""
    assert args[0] == "install", args
    if tuple(args) in _PIP_RUNS:  # the answer does not depend on the data: ask pip once
        return _PIP_RUNS[tuple(args)]
    venv = scratch / "pip-venv"
    if not venv.is_dir():
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        python = venv / "bin" / "python"
        purelib = subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        Path(purelib, "nsp-test-parent.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PIP_CONFIG_FILE=os.devnull)
    done = subprocess.run(
        [venv / "bin" / "python", "-m", "pip", *args, "--dry-run", "--no-index"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    _PIP_RUNS[tuple(args)] = done.returncode, done.stdout + done.stderr
    return _PIP_RUNS[tuple(args)]


_PIP_RUNS: dict[tuple[str, ...], tuple[int, str]] = {}

# --------------------------------------------------------------------------- finding suggestions

_TARGETS = re.findall(r"^([a-z-]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
_SUGGESTION = re.compile(
    r"(?<!`)`((?:nsp|make|pip|python) [^`]+)`(?!`)"  # `nsp data fetch`, `make data`
    r"|(?<![`\w])(pip install (?:'[^']*'|\"[^\"]*\"|[\w.\[\]-]+))"  # pip install 'x[y]'
    rf"|(?<![`\w])(make (?:{'|'.join(_TARGETS)}))\b"  # make install
    r"|in Python: (\w+\([^()]*\))"  # in Python: fetch('a/b', force=True)
)


def suggestions(text: str) -> list[str]:
    """The commands a message suggests, in order, each once."""
    found = ["".join(m) for m in _SUGGESTION.findall(text)]
    return list(dict.fromkeys(found))


def _message_strings(path: Path) -> list[str]:
    """The string literals of a module that are not docstrings (f-strings with ``{...}``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    texts, inside = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = []
            for value in node.values:
                inside.add(id(value))
                if isinstance(value, ast.FormattedValue):
                    parts.append("{" + ast.unparse(value.value) + "}")
                else:
                    parts.append(str(ast.literal_eval(value)))
            texts.append("".join(parts))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings | inside
        ):
            texts.append(node.value)
    return texts


def suggestions_in_the_source() -> dict[str, str]:
    """Every suggestion in nsp's messages, as a template (``{...}`` where a value goes in)."""
    package = Path(cli.__file__).parents[1]  # nsp/, from nsp/cli/__init__.py
    found = {}
    for path in sorted(package.rglob("*.py")):
        for text in _message_strings(path):
            for command in suggestions(text):
                found[command] = str(path.relative_to(package.parent))
    return found


def _matches(template: str, command: str) -> bool:
    pattern = r"\S+".join(re.escape(p) for p in re.split(r"\{[^{}]*\}", template))
    return re.fullmatch(pattern, command) is not None


# --------------------------------------------------------------------------- the scenarios


def _error(call: Callable[[], object]) -> str:
    """The message of the error ``call`` raises (it must raise)."""
    try:
        call()
    except Exception as exc:  # noqa: BLE001 - any error: its message is what a user reads
        return str(exc)
    raise AssertionError("no error was raised")


def _cli_error(toy: Toy, *args: str) -> str:
    code, out = toy.run(shlex.join(["nsp", *args]))
    assert code != 0, out
    return out


def _remove(*files: str) -> Callable[[Toy], None]:
    def breakage(toy: Toy) -> None:
        for file in files:
            toy.path(file).unlink(missing_ok=True)

    return breakage


def _tamper(toy: Toy) -> None:
    toy.path("raw.dat").write_bytes(b"tampered\n")


def _without(monkeypatch, *modules: str) -> None:
    for name in modules:  # importing any of them now raises ImportError
        monkeypatch.setitem(sys.modules, name, None)


@dataclass
class Scenario:
    """A message provoked for real, and what following its suggestions must achieve.

    ``provoke`` runs on a complete data folder after ``breakage``, without ``$NSP_DATA_MIRROR``
    unless ``keep_mirror``. Each suggested command then runs on a newly broken data folder,
    with the mirror set and ``follow`` applied to the environment (what the message says to do
    besides: ``None`` unsets a variable), and must exit 0 and leave the data complete; the
    commands in ``then`` run after the others without a new breakage (the message offers them
    as the check after the fix); ``informational`` ones must name the missing file instead.
    A ``pip install`` must find ``provides`` among the packages it would install.
    """

    provoke: Callable[[Toy, pytest.MonkeyPatch], str]
    breakage: Callable[[Toy], None] = _remove("local.dat")
    keep_mirror: bool = False
    follow: dict[str, str | None] = field(default_factory=dict)
    then: tuple[str, ...] = ()
    informational: tuple[str, ...] = ()
    provides: str | None = None


def _figures_skip(toy: Toy, monkeypatch) -> str:
    """`nsp figures` skipping a notebook whose data are missing (the run itself is faked)."""
    reason = _error(lambda: ds.registered_path("toy", "local.dat")).splitlines()[0]
    report = notebooks.RunReport(skipped={"k/01_needs_data": reason})
    monkeypatch.setattr(notebooks, "run_all", lambda *a, **k: report)
    monkeypatch.setattr(_commands, "_select", lambda only: [])
    code, out = toy.run("nsp figures")
    assert code == 0 and "skipped 1 notebook(s)" in out, out
    return out


def _notebooks_extra(toy: Toy, monkeypatch) -> str:
    _without(monkeypatch, "jupytext")
    return _cli_error(toy, "list")


def _scale_extra(toy: Toy, monkeypatch) -> str:
    from nsp._dask import import_dask

    _without(monkeypatch, "dask", "dask.dataframe")
    return _error(import_dask)


def _rdata_extra(toy: Toy, monkeypatch) -> str:
    from nsp.datasets._convert import _pyreadr

    _without(monkeypatch, "pyreadr")
    return _error(_pyreadr)


def _environment_file(toy: Toy, monkeypatch) -> str:
    """figures/ENVIRONMENT.txt, which says how to install the environment it records."""
    return notebooks.write_environment(toy.root / "figures").read_text(encoding="utf-8")


def _older_copy(toy: Toy, monkeypatch) -> str:
    """``make notebooks`` naming a student's copy older than its notebook (the copy is real)."""
    from nsp.notebooks import _copies
    from nsp.paths import notebooks_dir

    source = notebooks_dir() / "privacy_channels" / "02_randomized_response.py"
    dest = toy.root / "copies"
    copy = dest / "privacy_channels" / "02_randomized_response.ipynb"
    copy.parent.mkdir(parents=True)
    copy.write_text("{}", encoding="utf-8")  # a copy the student has kept
    os.utime(copy, (0, source.stat().st_mtime - 60))  # made before the notebook changed
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert _copies.main(["--dest", str(dest), str(source)]) == 0
    assert copy.read_text(encoding="utf-8") == "{}", "a kept copy was overwritten"
    return out.getvalue()


INTERNET: dict[str, str | None] = {"CI": None, "NSP_DATA_MIRROR": None}

SCENARIOS: dict[str, Scenario] = {
    "a data file with another checksum": Scenario(
        provoke=lambda toy, mp: _cli_error(toy, "data", "fetch"),
        breakage=_tamper,
        keep_mirror=True,
        then=("make data",),
    ),
    "fetch, a file in no mirror": Scenario(
        provoke=lambda toy, mp: _cli_error(toy, "data", "fetch")
    ),
    "verify --strict, a missing file": Scenario(
        provoke=lambda toy, mp: _error(lambda: ds.verify("toy", strict=True)),
    ),
    "a loader, a missing file": Scenario(
        provoke=lambda toy, mp: _error(lambda: ds.registered_path("toy", "local.dat")),
    ),
    "nsp figures, a notebook skipped": Scenario(
        provoke=_figures_skip, informational=("nsp data status",)
    ),
    "uci_metadata offline": Scenario(
        provoke=lambda toy, mp: _error(lambda: ds.uci_metadata("adult", allow_network=False)),
    ),
    # converted files offline: "run `nsp data fetch <file>` with internet", and for R files
    # the extra that reads them
    "a file rebuilt from another, offline": Scenario(
        provoke=lambda toy, mp: _cli_error(toy, "data", "fetch", "toy/packed.dat.gz"),
        breakage=_remove("packed.dat.gz", "raw.dat"),
        follow=INTERNET,
    ),
    "a file rebuilt from an R file, offline": Scenario(
        provoke=lambda toy, mp: _cli_error(toy, "data", "fetch", "toy/table.csv.gz"),
        breakage=_remove("table.csv.gz"),
        follow=INTERNET,
        provides="pyreadr",
    ),
    "the notebooks extra": Scenario(provoke=_notebooks_extra, provides="jupytext"),
    "the scale extra": Scenario(provoke=_scale_extra, provides="dask"),
    "the rdata extra": Scenario(provoke=_rdata_extra, provides="pyreadr"),
    "figures/ENVIRONMENT.txt": Scenario(provoke=_environment_file),
    "make notebooks, a copy older than its notebook": Scenario(provoke=_older_copy),
}


def _fixed(toy: Toy, message: str) -> bool:
    """Whether the toy files the message names (else all of them) are verified."""
    states = toy.states()
    named = set(re.findall(r"\btoy/([\w.-]*\w)", message)) & set(states) or set(states)
    return all(states[file] == "verified" for file in named)


def _provoke(name: str, toy: Toy, monkeypatch) -> tuple[Scenario, str]:
    scenario = SCENARIOS[name]
    ds.fetch(force=True)  # complete, then broken
    scenario.breakage(toy)
    with monkeypatch.context() as mp:
        if not scenario.keep_mirror:
            mp.delenv("NSP_DATA_MIRROR")
        message = scenario.provoke(toy, mp)
    return scenario, message


def test_every_suggestion_in_nsp_is_provoked_here(toy, monkeypatch):
    """The scenarios cover every command nsp's messages suggest (a new one needs a scenario)."""
    provoked: list[str] = []
    for name in SCENARIOS:
        provoked += suggestions(_provoke(name, toy, monkeypatch)[1])
    in_source = suggestions_in_the_source()
    assert "nsp data fetch --force {entry.key}" in in_source  # the scan sees f-strings
    missing = {t: w for t, w in in_source.items() if not any(_matches(t, c) for c in provoked)}
    assert not missing, f"suggestions no scenario provokes: {missing}"


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_suggested_command_works_as_written(name, toy, monkeypatch):
    scenario, message = _provoke(name, toy, monkeypatch)
    commands = suggestions(message)
    assert commands, f"no suggestion in: {message}"
    assert set(scenario.then) | set(scenario.informational) <= set(commands), commands
    for var, value in scenario.follow.items():
        if value is None:
            monkeypatch.delenv(var, raising=False)
        else:
            monkeypatch.setenv(var, value)
    for command in commands:
        if command in scenario.then:
            continue
        scenario.breakage(toy)
        code, out = toy.run(command)
        assert code == 0, f"{command!r}, suggested by\n{message}\nfailed:\n{out}"
        if command in scenario.informational:
            assert "missing" in out and "local.dat" in out, out
        elif command.startswith("pip "):
            assert "does not provide the extra" not in out, out
            assert scenario.provides is not None and scenario.provides in out.lower(), out
        elif command.startswith("make ") and command != "make data":
            assert "Nothing to be done" not in out and out.strip(), out  # the recipe, dry
        else:
            assert _fixed(toy, message), (command, toy.states(), out)
    for command in scenario.then:
        code, out = toy.run(command)
        assert code == 0 and toy.complete(), (command, out)


def test_the_nsp_of_the_messages_is_cli_main():
    """The ``nsp`` the messages name is the console script that runs :func:`nsp.cli.main`."""
    from importlib.metadata import entry_points

    # A checkout may also hold the metadata of an older editable install (nsp.egg-info):
    # every ``nsp`` script found must run the same function.
    scripts = {ep.value for ep in entry_points(group="console_scripts") if ep.name == "nsp"}
    assert scripts == {"nsp.cli:main"}


# --------------------------------------------------------------------------- said once


def _nsp(toy: Toy, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m nsp *args`` on the toy data, stdout and stderr together."""
    return subprocess.run(
        [sys.executable, "-m", "nsp", *args],
        env=toy.env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
    )


def test_a_fetch_failure_and_its_summary_are_printed_once(toy, monkeypatch):
    """A damaged mirror copy, a file in no mirror, a failed download: each said once, with one
    summary, on the terminal output of the command (logging included)."""
    (toy.mirror / "toy" / "raw.dat").write_bytes(b"damaged\n")
    done = _nsp(toy, "data", "fetch")
    assert done.returncode == 2, done.stdout
    assert done.stdout.count("checksum mismatch") == 1, done.stdout
    assert done.stdout.count("error:") == 1, done.stdout
    (toy.mirror / "toy" / "raw.dat").write_bytes(RAW)

    (toy.mirror / "toy" / "local.dat").unlink()
    (toy.server / "raw.dat").unlink()  # the publisher is down
    monkeypatch.delenv("CI")
    monkeypatch.delenv("NSP_DATA_MIRROR")  # raw.dat must be downloaded: it fails
    done = _nsp(toy, "data", "fetch")
    assert done.returncode == 2, done.stdout
    assert done.stdout.count("could not be fetched") == 1, done.stdout
    assert done.stdout.count("error:") == 1, done.stdout
    lines = done.stdout.splitlines()
    for key in ("toy/raw.dat", "toy/local.dat", "toy/packed.dat.gz"):
        assert len([line for line in lines if key in line]) == 1, done.stdout
    assert len(set(lines)) == len(lines), done.stdout


def test_a_checksum_error_offers_path_only_where_the_loader_takes_one():
    """A checksum error offers `pass path= to load_x()` only for the datasets whose loader reads
    a file of one's own, and that loader takes ``path``; load_adult(), say, is not offered it."""
    import inspect

    offered = set()
    for entry in _registry.REGISTRY:
        fix = _fetching._replace_fix(entry)
        for loader in re.findall(r"pass path= to (\w+)\(\)", fix):
            assert "path" in inspect.signature(getattr(ds, loader)).parameters, loader
            offered.add(entry.dataset)
        if "path=" not in fix:
            assert "own" not in fix, fix
    assert offered and offered < set(_registry.REGISTRY.datasets)
    assert "adult" not in offered and "path" not in inspect.signature(ds.load_adult).parameters
