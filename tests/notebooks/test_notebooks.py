"""Every notebook runs end to end with quick=True and writes its figures with their numbers.

Figures go to a temporary NSP_FIGURES_DIR, so the committed figures/ are never overwritten.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nsp import notebooks
from nsp.notebooks._discovery import _read
from nsp.paths import project_root

NOTEBOOKS = notebooks.discover()


def test_there_are_notebooks():
    assert NOTEBOOKS, "no notebook found under notebooks/"


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[nb.key for nb in NOTEBOOKS])
def test_notebook_is_well_formed(nb):
    """One parameters cell with typed, documented literals (parsed by read_notebook), a quick flag,
    and a closing 'Differences from the paper' cell."""
    names = [p.name for p in nb.parameters]
    assert "quick" in names and isinstance(nb.parameters[names.index("quick")].default, bool)
    cells = _read(nb.path).cells
    last_markdown = [c for c in cells if c.cell_type == "markdown"][-1].source.lower()
    assert "differences from the paper" in last_markdown, (
        "the last markdown cell must list the differences"
    )


@pytest.mark.notebook
@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[nb.key for nb in NOTEBOOKS])
def test_notebook_runs_quick(nb, tmp_path, monkeypatch):
    figures = tmp_path / "figures"
    monkeypatch.setenv("NSP_FIGURES_DIR", str(figures))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    out = notebooks.run(nb, quick=True, output=tmp_path / "executed.ipynb")
    assert out.exists()
    written = sorted(p.relative_to(figures) for p in figures.rglob("*") if p.is_file())
    assert any(p.suffix == ".csv" for p in written), f"{nb.key} wrote no CSV: {written}"
    for png in (p for p in written if p.suffix == ".png"):
        assert png.with_suffix(".csv") in written, f"{png} has no CSV of its numbers"
    assert not [p for p in written if p.name.startswith(".")], "a temporary file was left behind"


def test_committed_figures_have_their_numbers():
    """Every committed PNG under figures/ has the CSV of what it plots beside it."""
    root = project_root() / "figures"
    missing = [
        str(p.relative_to(root)) for p in root.rglob("*.png") if not p.with_suffix(".csv").exists()
    ]
    assert not missing, f"figures without CSV: {missing}"


def test_unknown_parameters_are_rejected():
    nb = NOTEBOOKS[0]
    with pytest.raises(ValueError, match="unknown parameter"):
        notebooks.resolve_parameters(nb, {"no_such_parameter": "1"})


def test_malformed_parameter_cells_are_rejected():
    with pytest.raises(ValueError, match="help"):
        notebooks.parse_parameters("n: int = 3")
    with pytest.raises(ValueError, match="literal"):
        notebooks.parse_parameters("n: int = f(3)  # size")
    with pytest.raises(ValueError, match="name: type"):
        notebooks.parse_parameters("n = 3  # size")


def test_notebooks_need_exactly_one_parameters_cell(tmp_path):
    src = tmp_path / "k" / "01_x.py"
    src.parent.mkdir()
    src.write_text("# %%\nquick = True\n")
    with pytest.raises(ValueError, match="exactly one cell tagged 'parameters'"):
        notebooks.read_notebook(src)
    src.write_text('# %% tags=["parameters"]\nn: int = 3  # size\n')
    with pytest.raises(ValueError, match="quick"):
        notebooks.read_notebook(src)


def test_command_line_values_must_have_the_declared_type():
    p = notebooks.Parameter("epsilons", "list", [1.0], "budgets")
    assert notebooks.convert_value(p, "[1, 2]") == [1, 2]
    for bad in ("3", '{"a": 1}', "[1, 2"):
        with pytest.raises(ValueError, match="expects list"):
            notebooks.convert_value(p, bad)
    with pytest.raises(ValueError, match="expects int"):
        notebooks.convert_value(notebooks.Parameter("n", "int", 1, "n"), "1.5")


def test_saving_an_unedited_notebook_in_jupyterlab_leaves_its_source_byte_identical(tmp_path):
    """JupyterLab saves through jupytext's contents manager with the project's jupytext.toml:
    a round trip, even after the kernel wrote its kernelspec (as the Lab does, from the kernel's
    own spec), its language_info and widget state, changes no byte."""
    import shutil

    from jupyter_client.kernelspec import KernelSpecManager
    from jupytext import TextFileContentsManager

    spec = KernelSpecManager().get_kernel_spec("python3")

    shutil.copytree(project_root() / "notebooks", tmp_path / "notebooks")
    shutil.copy(project_root() / "jupytext.toml", tmp_path / "jupytext.toml")
    manager = TextFileContentsManager(root_dir=str(tmp_path))
    changed = []
    for nb in NOTEBOOKS:
        rel = f"notebooks/{nb.key}.py"
        before = (tmp_path / rel).read_bytes()
        model = manager.get(rel)
        model["content"]["metadata"]["kernelspec"] = {
            "display_name": spec.display_name,
            "language": spec.language,
            "name": "python3",
        }
        model["content"]["metadata"]["language_info"] = {"name": "python", "version": "3.11"}
        model["content"]["metadata"]["widgets"] = {"state": {}}
        manager.save(model, rel)
        if (tmp_path / rel).read_bytes() != before:
            changed.append(rel)
    assert not changed, f"a JupyterLab save would rewrite {changed}"


def test_a_notebook_depends_only_on_the_nsp_modules_it_imports():
    """`make figures` re-runs a notebook for a change to a module it imports, not to any other."""
    from nsp.notebooks._imports import nsp_files
    from nsp.paths import project_root

    package = project_root() / "nsp"
    files = nsp_files(project_root() / "notebooks" / "privacy_funnel" / "01_fig1_census.py")
    assert package / "papers" / "privacy_funnel" / "_census.py" in files
    assert package / "plotting" / "_figures.py" in files and package / "__init__.py" in files
    assert package / "clustering" / "funnel" / "_greedy.py" in files  # followed through
    assert not [p for p in files if p.relative_to(package).parts[:2] == ("papers", "noiseless")]
    assert not [p for p in files if p.relative_to(package).parts[0] == "cli"]


def test_a_change_to_one_paper_module_reruns_only_the_notebooks_that_use_it():
    """The paper packages are lazy: a notebook depends on the submodules of the names it uses,
    whether imported by name or reached as an attribute of the package."""
    from nsp.notebooks._imports import nsp_files
    from nsp.paths import project_root

    papers = project_root() / "nsp" / "papers"

    def users(module: Path) -> set[str]:
        return {nb.key for nb in NOTEBOOKS if module in nsp_files(nb.path)}

    assert users(papers / "agglomerative" / "_hungarian.py") == {
        "agglomerative/05_hungarian_convergence",
        "agglomerative/06_hungarian_pareto",
        "agglomerative/08_section6_table",
        "agglomerative/09_section5c_extensions",
        "compare/01_census",  # through nsp.papers.compare's heart joint
        "compare/02_heart",
        "compare/03_sampling",
        "compare/04_your_table",
    }
    assert users(papers / "noiseless" / "taxi" / "_trips.py") == {"noiseless/05_taxi_uniqueness"}
    # `from nsp.papers import utility_privacy as up`, then `up.<name>`:
    assert users(papers / "utility_privacy" / "_side_information.py") == {
        "utility_privacy/05_side_information_discrete"
    }
    assert users(papers / "compare" / "_sampling.py") == {"compare/03_sampling"}


def test_a_lazy_package_used_whole_counts_with_every_submodule(tmp_path):
    from nsp.notebooks._imports import nsp_files
    from nsp.paths import project_root

    papers = project_root() / "nsp" / "papers" / "utility_privacy"
    source = tmp_path / "nb.py"
    source.write_text("from nsp.papers import utility_privacy as up\nprint(dir(up))\n")
    assert papers / "_side_information.py" in nsp_files(source)
    source.write_text("from nsp.papers import utility_privacy as up\nup.remark4_table()\n")
    assert papers / "_side_information.py" not in nsp_files(source)


def test_importing_a_paper_package_runs_none_of_its_modules():
    code = (
        "import sys; from nsp.papers import agglomerative, compare, noiseless;"
        "from nsp.papers.agglomerative import example1_range;"
        "print(sorted(m for m in sys.modules if m.startswith('nsp.papers.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert eval(out) == [
        "nsp.papers._tables",  # nsp.papers' own paper_vs_ours, not a paper's module
        "nsp.papers.agglomerative",
        "nsp.papers.agglomerative._instances",
        "nsp.papers.compare",
        "nsp.papers.noiseless",
    ]


def test_is_stale_follows_the_imported_modules(tmp_path, monkeypatch):
    import os

    from nsp.notebooks import _schedule

    nb = NOTEBOOKS[0]
    done = tmp_path / "done.ipynb"
    done.write_text("{}")
    monkeypatch.setattr(type(nb), "executed_path", property(lambda self: done))
    module = tmp_path / "module.py"
    module.write_text("x = 1\n")
    monkeypatch.setattr(_schedule, "nsp_files", lambda path: {module})
    monkeypatch.setattr(_schedule, "resource_files", list)
    future = nb.path.stat().st_mtime + 10**8
    os.utime(done, (future, future))  # ran after every input
    assert not _schedule.is_stale(nb)
    os.utime(module, (future + 10, future + 10))  # the imported module changed since
    assert _schedule.is_stale(nb)


def test_is_stale_by_content_once_a_run_recorded_its_inputs(tmp_path, monkeypatch):
    """A save that changes no byte re-runs nothing; a changed byte of an imported module does;
    a module the notebook does not import changes nothing."""
    import os

    from nsp.notebooks import _schedule

    nb = NOTEBOOKS[0]
    done = tmp_path / "done.ipynb"
    done.write_text("{}")
    monkeypatch.setattr(type(nb), "executed_path", property(lambda self: done))
    module, other = tmp_path / "module.py", tmp_path / "other.py"
    module.write_text("x = 1\n")
    other.write_text("y = 1\n")
    monkeypatch.setattr(_schedule, "nsp_files", lambda path: {module})
    monkeypatch.setattr(_schedule, "resource_files", list)
    _schedule._write_inputs_record(nb, _schedule._input_digests(nb))
    assert (tmp_path / "done.inputs.json").is_file()
    later = done.stat().st_mtime + 100
    os.utime(module, (later, later))  # saved again, not one byte changed
    assert not _schedule.is_stale(nb)
    other.write_text("y = 2\n")  # a module it does not import
    assert not _schedule.is_stale(nb)
    module.write_text("x = 2\n")
    assert _schedule.is_stale(nb)


# --- the parameters' declared ranges ------------------------------------------------------------

#: Numeric parameters that declare no range, each with the reason.
UNBOUNDED = {
    ("agglomerative/02_algorithm1_example2", "x_values"): "the values of x1..x7: any reals",
    ("agglomerative/03_algorithm2_examples", "x_values_example4"): "the values of x1..x7",
    ("agglomerative/04_pareto_example", "x_values_example4"): "the values of x1..x7",
    ("agglomerative/07_examples_table", "x_values"): "the values of x1..x7",
}


def _is_numeric(p: notebooks.Parameter) -> bool:
    if p.type in ("int", "float"):
        return True
    values = p.default if isinstance(p.default, list | tuple | set) else None
    return bool(values) and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in values
    )


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[nb.key for nb in NOTEBOOKS])
def test_numeric_parameters_declare_their_ranges(nb):
    """Every number (or list of numbers) says in its help which values it takes, `[>= 1]` or
    `[> 0] [< 1]`, unless any value is meaningful; the default is inside its own range."""
    for p in nb.parameters:
        if p.name == "quick" or not _is_numeric(p):
            continue
        assert p.bounds or (nb.key, p.name) in UNBOUNDED, f"{p.name}: no range in '{p.help}'"
        notebooks.check_value(p, p.default)


def _outside(p: notebooks.Parameter, op: str, limit: float) -> str:
    """A value just outside one declared bound, as typed on the command line."""
    step = 1 if p.type == "int" or (p.type != "float" and isinstance(p.default[0], int)) else 0.5
    limit = int(limit) if step == 1 else limit
    value = {">=": limit - step, ">": limit, "<=": limit + step, "<": limit}[op]
    return str(value) if p.type in ("int", "float") else repr([value])


RANGED = [(nb, p) for nb in NOTEBOOKS for p in nb.parameters if p.bounds]


@pytest.mark.parametrize("nb, param", RANGED, ids=[f"{nb.key}-{p.name}" for nb, p in RANGED])
def test_a_value_outside_the_declared_range_is_refused(nb, param):
    """What `nsp run -p NAME VALUE` checks before it starts a kernel, for every declared bound
    (of a list: one element out of range)."""
    for op, limit in param.bounds:
        text = _outside(param, op, limit)
        with pytest.raises(ValueError, match=rf"parameter '{param.name}' must be {op} "):
            notebooks.resolve_parameters(nb, {param.name: text})


FIRST_RANGED = {nb.key: (nb, p) for nb, p in reversed(RANGED)}


@pytest.mark.parametrize("key", sorted(FIRST_RANGED))
def test_nsp_run_refuses_an_out_of_range_value_before_a_kernel_starts(
    key, tmp_path, monkeypatch, capsys
):
    """The command itself, for one ranged parameter of each notebook: exit 2, the rule, and
    nothing written (no kernel ran)."""
    from nsp import cli

    nb, param = FIRST_RANGED[key]
    monkeypatch.setenv("NSP_BUILD_DIR", str(tmp_path / "build"))
    monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path / "figures"))
    op, limit = param.bounds[0]
    text = _outside(param, op, limit)
    assert cli.main(["run", str(nb.path), "-p", param.name, text]) == 2
    assert f"parameter '{param.name}' must be {op}" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


TEXTS = [(nb, p) for nb in NOTEBOOKS for p in nb.parameters if p.type == "str"]


@pytest.mark.parametrize("nb, param", TEXTS, ids=[f"{nb.key}-{p.name}" for nb, p in TEXTS])
def test_every_text_parameter_declares_what_it_takes_and_refuses_the_rest(nb, param):
    """A text names its choices (`[choices: a, b]`), or is a date (`[date]`) or a path
    (`[path]`); its default passes, and a value outside is refused before a kernel starts."""
    assert param.choices or param.kind, f"{param.name}: no [choices: ...], [date] or [path]"
    notebooks.check_value(param, param.default)
    if param.choices:
        for good in param.choices:
            notebooks.resolve_parameters(nb, {param.name: good})
        with pytest.raises(ValueError, match=rf"parameter '{param.name}' must be one of '"):
            notebooks.resolve_parameters(nb, {param.name: "bogus"})
    elif param.kind == "date":
        with pytest.raises(ValueError, match="must be a date YYYY-MM-DD; got '2011-13-01'"):
            notebooks.resolve_parameters(nb, {param.name: "2011-13-01"})
    else:
        with pytest.raises(ValueError, match="must be empty or an existing file or folder"):
            notebooks.resolve_parameters(nb, {param.name: "/no/such/folder"})


FLOATS = [(nb, p) for nb in NOTEBOOKS for p in nb.parameters if p.type in ("float", "list[float]")]


@pytest.mark.parametrize("nb, param", FLOATS, ids=[f"{nb.key}-{p.name}" for nb, p in FLOATS])
def test_every_float_parameter_refuses_inf_and_nan(nb, param):
    # a list is read as a Python literal: 1e999 overflows to inf there
    texts = ("inf", "-inf", "nan") if param.type == "float" else ("[1e999]", "[-1e999]")
    for text in texts:
        with pytest.raises(ValueError, match=rf"parameter '{param.name}' must be"):
            notebooks.resolve_parameters(nb, {param.name: text})


def test_a_list_parameter_checks_its_length():
    nb = notebooks.find("compare/03_sampling")
    with pytest.raises(ValueError, match=r"parameter 'fractions' must have len >= 1; got \[\]"):
        notebooks.resolve_parameters(nb, {"fractions": "[]"})


@pytest.mark.parametrize(
    ("key", "name", "value", "rule"),
    [
        ("agglomerative/02_algorithm1_example2", "lagrangian_form", "bogus", "one of 'L0', 'raw'"),
        ("agglomerative/02_algorithm1_example2", "lam_u1", "inf", "must be finite; got inf"),
    ],
)
def test_nsp_run_refuses_a_bad_text_or_infinite_value_before_a_kernel_starts(
    key, name, value, rule, tmp_path, monkeypatch, capsys
):
    from nsp import cli

    monkeypatch.setenv("NSP_BUILD_DIR", str(tmp_path / "build"))
    monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path / "figures"))
    assert cli.main(["run", key, "-p", name, value]) == 2
    err = capsys.readouterr().err
    assert f"parameter '{name}'" in err and rule in err
    assert not list(tmp_path.iterdir())


def test_a_formatter_pragma_is_not_part_of_the_help():
    (p,) = notebooks.parse_parameters('a: str = "x"  # which [choices: x, y]  # fmt: skip')
    assert p.help == "which [choices: x, y]" and p.choices == ("x", "y")


def test_a_lazy_package_reached_by_its_dotted_name_counts_its_submodules(tmp_path):
    from nsp.notebooks._imports import nsp_files
    from nsp.paths import repo_root

    papers = repo_root() / "nsp" / "papers" / "utility_privacy"
    source = tmp_path / "nb.py"
    plain = "import nsp.papers.utility_privacy\n"
    source.write_text(plain + "nsp.papers.utility_privacy.remark4_table()\n")
    files = nsp_files(source)
    assert papers / "_checks.py" in files and papers / "_side_information.py" not in files
    source.write_text(plain + "nsp.papers.utility_privacy.side_information_curves()\n")
    assert papers / "_side_information.py" in nsp_files(source)
    source.write_text(plain + "print(dir(nsp.papers.utility_privacy))\n")
    assert papers / "_side_information.py" in nsp_files(source)
    source.write_text(
        "import nsp\nimport nsp.papers.utility_privacy as up\nprint(nsp.__version__)\n"
    )
    assert papers / "_side_information.py" not in nsp_files(source)
