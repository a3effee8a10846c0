"""The README's "Figures" table lists every committed figure and table (PNG or CSV under figures/).

Each row's last cell names its outputs in backticks: the first as ``<paper>/<name>``, the next
ones either the same way or by ``<name>`` alone, relative to the paper of the row.
"""

from __future__ import annotations

import re
import subprocess

from nsp.paths import project_root


def _table_outputs() -> set[str]:
    text = (project_root() / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Figures\n", 1)[1].split("\n## ", 1)[0]
    outputs: set[str] = set()
    rows = [line for line in section.splitlines() if line.startswith("|")]
    for line in rows[2:]:  # past the header and its rule
        last = line.strip().strip("|").split("|")[-1]
        paper = None
        for name in re.findall(r"`([^`]+)`", last):
            if "/" in name:
                paper, name = name.split("/", 1)
            assert paper is not None, f"the first output of a row must name its paper: {line}"
            outputs.add(f"{paper}/{name}")
    return outputs


def _committed_outputs() -> set[str]:
    root = project_root()
    figures = root / "figures"
    try:
        listed = subprocess.run(
            ["git", "ls-files", "figures"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.split()
        paths = [root / p for p in listed]
    except (OSError, subprocess.CalledProcessError):
        paths = list(figures.rglob("*"))
    if not paths:  # an export without git metadata
        paths = list(figures.rglob("*"))
    return {
        p.relative_to(figures).with_suffix("").as_posix()
        for p in paths
        if p.suffix in {".png", ".csv"}
    }


def test_readme_table_parses():
    outputs = _table_outputs()
    assert "privacy_funnel/fig1_census" in outputs
    assert "agglomerative/fig2_confusability_graph" in outputs


def test_every_committed_figure_and_table_is_in_the_readme():
    missing = sorted(_committed_outputs() - _table_outputs())
    assert not missing, f"add these outputs to the README's Figures table: {missing}"


def test_the_readme_names_no_missing_output():
    stale = sorted(_table_outputs() - _committed_outputs())
    assert not stale, f"the README's Figures table names outputs that do not exist: {stale}"


def _block(text: str, name: str) -> str:
    """The text between ``<!-- name:start -->`` and ``<!-- name:end -->`` (stripped)."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    assert start in text and end in text, f"README.md has no block {start} … {end}"
    return text.split(start, 1)[1].split(end, 1)[0].strip()


def test_the_readme_comparison_table_is_the_generated_one():
    """The README's share table is compare/census_table_shares.md, written by its notebook."""
    root = project_root()
    readme = (root / "README.md").read_text(encoding="utf-8")
    generated = (root / "figures" / "compare" / "census_table_shares.md").read_text("utf-8")
    assert _block(readme, "census-shares") == generated.strip(), (
        "README.md's census share table differs from figures/compare/census_table_shares.md "
        "(written by compare/01_census): paste the file between the markers"
    )
