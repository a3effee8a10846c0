"""The checklists of CONTRIBUTING.md ("Adding a paper", "Adding a notion"), checked for every
paper key and every notion, so that a sixth paper or a new notion cannot land half-done."""

from __future__ import annotations

import importlib
import re
import sys

import pytest

from nsp import _lazy
from nsp.notions import LEAKAGES
from nsp.papers import PAPERS
from nsp.paths import project_root

ROOT = project_root()
KEYS = [key for key in PAPERS if key != "compare"]


def test_the_guide_is_there():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "## Adding a paper" in text and "## Adding a notion" in text


@pytest.mark.parametrize("key", KEYS)
def test_a_paper_has_every_piece_the_guide_lists(key):
    missing = []
    doc = importlib.import_module("nsp.papers").__doc__ or ""
    if f"``{key}``" not in doc:
        missing.append("a row in nsp/papers/__init__.py's table")
    init = ROOT / "nsp" / "papers" / key / "__init__.py"
    table = _lazy.read_table(init) if init.is_file() else None
    if table is None:
        missing.append(f"nsp/papers/{key}/__init__.py with a lazy _EXPORTS table")
    else:
        package = importlib.import_module(f"nsp.papers.{key}")
        missing += [f"{key}.{n}" for n in package.__all__ if not hasattr(package, n)]
    if not sorted((ROOT / "notebooks" / key).glob("[0-9][0-9]_*.py")):
        missing.append(f"notebooks/{key}/NN_<topic>.py")
    figures = ROOT / "figures" / key
    if not (list(figures.glob("*.png")) and list(figures.glob("*.csv"))):
        missing.append(f"figures/{key}/ with a PNG and a CSV")
    if not (ROOT / "docs" / "papers" / f"{key}.md").is_file():
        missing.append(f"docs/papers/{key}.md")
    sys.path.insert(0, str(ROOT / "docs" / "site"))
    try:
        make_site = importlib.import_module("make_site")
    finally:
        sys.path.remove(str(ROOT / "docs" / "site"))
    if key not in make_site.TITLES or key not in make_site.SECTIONS:
        missing.append("a title in docs/site/make_site.py's TITLES")
    index = (ROOT / "docs" / "site" / "index.md").read_text(encoding="utf-8")
    if f"(papers/{key}/index)" not in index or f"<papers/{key}/index>" not in index:
        missing.append("a row and a toctree line in docs/site/index.md")
    if not [
        path
        for path in (ROOT / "tests").rglob("test_*.py")
        if re.search(rf"nsp\.papers\.{key}\b|from nsp\.papers import .*\b{key}\b", path.read_text())
    ]:
        missing.append(f"a test file that imports nsp.papers.{key}")
    assert not missing, f"paper {key!r} lacks: " + "; ".join(missing)


@pytest.mark.parametrize("notion", sorted(LEAKAGES))
def test_a_notion_is_a_column_and_is_in_the_comparisons_notes(notion):
    from nsp.joint import Joint
    from nsp.notions import evaluate_methods, local_dp_sweep

    joint = Joint([[0.3, 0.2], [0.1, 0.4]])
    frame = evaluate_methods(local_dp_sweep(joint, epsilons=[1.0]), joint)
    assert notion in frame.columns
    notes = (ROOT / "docs" / "papers" / "compare.md").read_text(encoding="utf-8")
    assert re.search(rf"`{re.escape(notion)}`|`sibson_<α>`", notes), f"{notion} not in compare.md"
