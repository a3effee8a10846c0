"""Every notebook runs end to end with quick=True and writes its figures with their numbers.

Figures go to a temporary NSP_FIGURES_DIR, so the committed figures/ are never overwritten.
"""

from __future__ import annotations

import pytest

from nsp import notebooks
from nsp.notebooks._discovery import _read
from nsp.paths import repo_root

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
    root = repo_root() / "figures"
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

    shutil.copytree(repo_root() / "notebooks", tmp_path / "notebooks")
    shutil.copy(repo_root() / "jupytext.toml", tmp_path / "jupytext.toml")
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
    from nsp.paths import repo_root

    package = repo_root() / "nsp"
    files = nsp_files(repo_root() / "notebooks" / "privacy_funnel" / "01_fig1_census.py")
    assert package / "papers" / "privacy_funnel.py" in files
    assert package / "plotting.py" in files and package / "__init__.py" in files
    assert package / "clustering" / "funnel" / "_greedy.py" in files  # followed through
    assert not [p for p in files if p.relative_to(package).parts[:2] == ("papers", "noiseless")]
    assert package / "cli.py" not in files


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
