"""The students' copies of the notebooks (``make notebooks``, ``make lab``)."""

from __future__ import annotations

import json
import os

import jupytext

from nsp.notebooks._copies import main, older_than_source, write_copies
from nsp.paths import project_root

SOURCE = project_root() / "notebooks" / "privacy_funnel" / "05_worked_examples.py"


def test_copies_are_written_once_and_kept_after(tmp_path):
    root = project_root() / "notebooks"
    written, kept = write_copies([SOURCE], root=root, dest=tmp_path)
    copy = tmp_path / "privacy_funnel" / "05_worked_examples.ipynb"
    assert written == [copy] and kept == []
    notebook = jupytext.read(copy)
    assert [c.source for c in notebook.cells] == [c.source for c in jupytext.read(SOURCE).cells]
    mine = json.loads(copy.read_text())
    mine["cells"][0]["source"] = "my own notes"
    copy.write_text(json.dumps(mine))
    written, kept = write_copies([SOURCE], root=root, dest=tmp_path)
    assert written == [] and kept == [copy]
    assert json.loads(copy.read_text())["cells"][0]["source"] == "my own notes"


def test_a_copy_is_paired_with_no_text_file(tmp_path):
    """JupyterLab with jupytext refuses an .ipynb whose pairing names only py:percent."""
    root = project_root() / "notebooks"
    assert "formats" in jupytext.read(SOURCE).metadata["jupytext"]  # the source is paired
    write_copies([SOURCE], root=root, dest=tmp_path)
    copy = tmp_path / "privacy_funnel" / "05_worked_examples.ipynb"
    assert "jupytext" not in json.loads(copy.read_text())["metadata"]


def test_an_old_paired_copy_is_mended_and_keeps_its_cells_and_age(tmp_path):
    root = project_root() / "notebooks"
    copy = tmp_path / "privacy_funnel" / "05_worked_examples.ipynb"
    copy.parent.mkdir(parents=True)
    notebook = jupytext.read(SOURCE)
    notebook.cells[0].source = "my own notes"
    jupytext.write(notebook, copy, fmt="ipynb")  # as make notebooks wrote them before
    assert "formats" in json.loads(copy.read_text())["metadata"]["jupytext"]
    os.utime(copy, (1_000_000_000, 1_000_000_000))
    write_copies([SOURCE], root=root, dest=tmp_path)
    mended = json.loads(copy.read_text())
    assert "jupytext" not in mended["metadata"]
    assert "".join(mended["cells"][0]["source"]) == "my own notes"
    assert copy.stat().st_mtime == 1_000_000_000
    assert older_than_source([SOURCE], root=root, dest=tmp_path) == [copy]


def test_make_notebooks_says_which_copies_come_from_another_version_by_content(
    tmp_path, capsys, monkeypatch
):
    """A copy records its source's sha256: a save that changes no byte (a newer file time)
    leaves it current; a changed byte names it."""
    root = tmp_path / "notebooks"
    source = root / "privacy_funnel" / "05_worked_examples.py"
    source.parent.mkdir(parents=True)
    source.write_bytes(SOURCE.read_bytes())
    dest = tmp_path / "copies"
    monkeypatch.setenv("NSP_NOTEBOOKS_DIR", str(root))
    assert main(["--dest", str(dest), str(source)]) == 0
    assert "wrote 1 notebook copies" in capsys.readouterr().out
    copy = dest / "privacy_funnel" / "05_worked_examples.ipynb"
    os.utime(copy, (source.stat().st_mtime - 60,) * 2)  # the source saved after the copy ...
    assert main(["--dest", str(dest), str(source)]) == 0
    out = capsys.readouterr().out
    assert "(1 kept as they were)" in out and "earlier version" not in out  # ... byte for byte
    source.write_bytes(SOURCE.read_bytes() + b"\n# a new line\n")
    assert main(["--dest", str(dest), str(source)]) == 0
    out = capsys.readouterr().out
    assert "1 of your copies were made from an earlier version of their notebook" in out
    assert "privacy_funnel/05_worked_examples.ipynb" in out
