"""The course pages: six lessons ordered by concept, each page complete, its notebooks linked.

``docs/site/course.md`` lists the lessons; each has its page in ``docs/site/course/`` with its
goals, prerequisites, time, notebooks (links to their pages on the site, not code spans), what
to run, to change and to observe.
"""

from __future__ import annotations

import re

import pytest

from nsp.paths import project_root

SITE = project_root() / "docs" / "site"
PAGES = sorted((SITE / "course").glob("*.md"))
SECTIONS = (
    "## Learning goals",
    "## Prerequisites",
    "## Notebook",
    "## What to run",
    "## What to change",
    "## What to observe",
    "## Exercises",
)
NOTEBOOK_LINK = re.compile(r"\[([\w/]+)\]\(\.\./papers/([\w/]+)\.ipynb\)")


def test_the_course_has_six_lessons_in_order_each_linked_from_the_overview():
    assert [p.name[:2] for p in PAGES] == ["00", "01", "02", "03", "04", "05"]
    overview = (SITE / "course.md").read_text("utf-8")
    for page in PAGES:
        assert f"](course/{page.name})" in overview, page.name
        assert f"course/{page.stem}\n" in overview, f"{page.stem} is not in the toctree"
    assert "Shannon measures" in PAGES[0].read_text("utf-8")
    assert "five notions" in PAGES[-1].read_text("utf-8")


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_each_lesson_page_is_complete_and_links_its_notebooks(page):
    text = page.read_text("utf-8")
    missing = [s for s in SECTIONS if s not in text]
    assert not missing, f"{page.name} lacks {missing}"
    assert re.search(r"\*\*Time\*\*: about \d+ minutes", text)
    assert re.search(r"\d+ s CPU / [\d min]+ s wall-clock", text), "a measured run time"
    links = NOTEBOOK_LINK.findall(text)
    assert links, "the notebooks are links to their pages"
    for shown, key in links:
        assert (project_root() / "notebooks" / f"{key}.py").is_file(), key
        assert shown == key
    spans = set(re.findall(r"`([a-z_]+/\d\d_\w+)`", text)) - {key for _, key in links}
    assert not spans, f"notebooks named as code spans, not linked: {spans}"


def test_the_overview_links_every_lesson_notebook_and_says_which_is_slow():
    overview = (SITE / "course.md").read_text("utf-8")
    in_pages = {key for page in PAGES for _, key in NOTEBOOK_LINK.findall(page.read_text("utf-8"))}
    in_overview = set(re.findall(r"\]\(papers/([\w/]+)\.ipynb\)", overview))
    assert in_pages == in_overview
    assert "`compare/02_heart` needs over a minute" in overview
