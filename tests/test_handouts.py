"""The handouts: a student's edition with the solutions folded, a teacher's with them open.

``make handouts`` writes them (``docs/site/make_site.py --handouts``). The first tests build
handouts from a small executed notebook made here, with no browser; the ones marked ``site``
drive the handouts of ``build/handouts`` in headless Chromium after ``make handouts``
(``make site-test``), with the network cut off.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
HANDOUTS = ROOT / "build" / "handouts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
#: An HTML handout (figures inline) stays under this size: MathJax is shared, not inlined.
MAX_HTML_BYTES = 1_000_000
RAW_MATH = re.compile(r"\\\(|\\\[|\$[^$\n]*\\[A-Za-z]+[^$\n]*\$|\$\$")
SOLUTION_TEXT = "the secret answer is forty-two"
FIGURE_DATA = re.compile(r"data:image/[a-z+]+;base64,[A-Za-z0-9+/=\s]+")

sys.path.insert(0, str(ROOT / "docs" / "site"))
import make_site  # noqa: E402


def _executed_notebook(path: Path) -> Path:
    """Write a small executed notebook with a folded solution, a long code line and math."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# A lesson\n\nThe leakage $I(S;Y) = H(S) - H(S \\mid Y)$."),
        nbformat.v4.new_code_cell(
            "x = " + " + ".join(str(i) for i in range(60)),
            outputs=[nbformat.v4.new_output("stream", name="stdout", text="done\n")],
        ),
        nbformat.v4.new_markdown_cell(
            "## Exercises\n**1 (concept).** Why?\n\n<details><summary>Solution</summary>\n\n"
            f"Because {SOLUTION_TEXT}.\n\n</details>"
        ),
    ]
    nbformat.write(nb, path)
    return path


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, list[Path]]:
    nb = _executed_notebook(tmp_path / "01_lesson.ipynb")
    out = tmp_path / "handouts"
    return out, make_site.handouts(out, pdf=False, notebooks=[("course", nb)])


def test_a_notebook_without_an_executed_copy_is_named_not_left_out_silently(
    tmp_path, monkeypatch, capsys
):
    (tmp_path / "notebooks" / "course").mkdir(parents=True)
    for name in ("00_measures", "01_more"):
        (tmp_path / "notebooks" / "course" / f"{name}.py").write_text("x = 1\n")
    executed = tmp_path / "build" / "executed" / "course"
    executed.mkdir(parents=True)
    _executed_notebook(executed / "00_measures.ipynb")
    monkeypatch.setattr(make_site, "ROOT", tmp_path)
    monkeypatch.setattr(make_site, "SECTIONS", ("course",))
    assert make_site._not_executed() == ["course/01_more"]
    make_site.handouts(tmp_path / "handouts", pdf=False)
    out = capsys.readouterr().out
    assert "left out 1 notebook(s) that have no executed copy" in out and "course/01_more" in out


def test_a_student_and_a_teacher_edition_of_each_notebook(built):
    out, written = built
    student = out / "student" / "course" / "01_lesson.html"
    teacher = out / "teacher" / "course" / "01_lesson.html"
    assert written == [student, teacher, out / "index.html"]
    s, t = student.read_text("utf-8"), teacher.read_text("utf-8")
    assert SOLUTION_TEXT in s and SOLUTION_TEXT in t
    assert "<details>" in s and "<details open" not in s
    assert "<details open>" in t and "<details>" not in t
    assert "Student's edition" in s and "Teacher's edition" in t
    index = (out / "index.html").read_text("utf-8")
    assert 'href="student/course/01_lesson.html"' in index
    assert 'href="teacher/course/01_lesson.html"' in index


def test_the_handouts_share_one_mathjax_by_a_relative_path(built):
    out, written = built
    bundles = list(out.rglob("tex-svg.js"))
    assert bundles == [out / "mathjax" / "tex-svg.js"]
    assert bundles[0].stat().st_size > MAX_HTML_BYTES  # the reason it is not inlined
    for html in written[:2]:
        text = html.read_text("utf-8")
        assert '<script src="../../mathjax/tex-svg.js"></script>' in text
        assert (html.parent / "../../mathjax/config.js").resolve().is_file()
        assert html.stat().st_size < MAX_HTML_BYTES
        assert not re.search(r'<(script|link)[^>]+(src|href)="https?:', text)


def test_a_new_build_leaves_nothing_of_an_older_one(built, tmp_path):
    out, _ = built
    stale = [out / "course" / "99_removed.html", out / "student" / "course" / "99_removed.html"]
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("old", encoding="utf-8")
    mine = out / "notes.txt"
    mine.write_text("a file of the user's", encoding="utf-8")
    nb = _executed_notebook(tmp_path / "01_lesson.ipynb")
    make_site.handouts(out, pdf=False, notebooks=[("course", nb)])
    assert not [p for p in stale if p.exists()] and mine.is_file()


def test_printed_code_wraps_and_nothing_forces_a_page_break(built):
    _, written = built
    text = written[0].read_text("utf-8")
    css = text[text.index(make_site.PRINT_CSS) :][: len(make_site.PRINT_CSS)]
    assert "white-space: pre-wrap" in css and "max-height" in css
    assert not re.search(r"break-(before|after):\s*(page|always)", text)
    assert not re.search(r"page-break-(before|after):\s*always", text)


# ---------------------------------------------------------------- the built handouts, in Chromium


def _built_pages() -> dict[str, list[Path]]:
    if not (HANDOUTS / "index.html").is_file():
        pytest.fail("build/handouts is missing: run make handouts first")
    return {e: sorted((HANDOUTS / e).rglob("*.html")) for e in make_site.EDITIONS}


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


def _tab(browser, errors: list[str]):
    """A new tab with the network cut off; its console errors and exceptions go to ``errors``."""
    page = browser.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route(re.compile(r"^(?!file:).*"), lambda route: route.abort())
    return page


def _load(page, html: Path):
    """Navigate ``page`` to the handout ``html`` and wait until its math is typeset."""
    page.goto(html.as_uri(), wait_until="load")
    page.evaluate(make_site.MATHJAX_TYPESET)
    return page


def _open(browser, html: Path, errors: list[str]):
    return _load(_tab(browser, errors), html)


@pytest.mark.site
def test_every_notebook_has_both_editions_in_html_and_pdf():
    pages = _built_pages()
    executed = [
        p for p in (ROOT / "build" / "executed").glob("*/*.ipynb") if not p.name.startswith(".")
    ]
    expected = sorted(p.relative_to(ROOT / "build" / "executed") for p in executed)
    for edition, htmls in pages.items():
        assert sorted(p.relative_to(HANDOUTS / edition).with_suffix(".ipynb") for p in htmls) == (
            expected
        ), edition
        if shutil.which("chromium"):
            missing = [p.name for p in htmls if not p.with_suffix(".pdf").is_file()]
            assert not missing, f"{edition}: no PDF for {missing}"


@pytest.mark.site
def test_html_handouts_share_mathjax_and_stay_under_1_mb_but_for_their_figures():
    """MathJax (2 MB) is one shared copy; what a handout carries of its own, its figures
    aside, stays under 1 MB (the figures are its content: compare/02_heart's are 0.8 MB)."""
    pages = _built_pages()
    big = []
    for htmls in pages.values():
        for p in htmls:
            text = p.read_text("utf-8")
            own = len(FIGURE_DATA.sub("", text).encode())
            if own >= MAX_HTML_BYTES:
                big.append(f"{p.relative_to(HANDOUTS)}: {own:,} bytes without its figures")
            assert '<script src="../../mathjax/tex-svg.js"></script>' in text, p
    assert not big, big
    assert [p.relative_to(HANDOUTS) for p in HANDOUTS.rglob("tex-svg.js")] == [
        Path("mathjax/tex-svg.js")
    ]


@pytest.mark.site
def test_the_teachers_handout_shows_each_solution_and_the_students_hides_it(browser):
    pages = _built_pages()
    lesson = Path("course") / "00_measures.html"
    seen = {}
    for edition in make_site.EDITIONS:
        errors: list[str] = []
        page = _open(browser, HANDOUTS / edition / lesson, errors)
        seen[edition] = page.evaluate(
            """() => Array.from(document.querySelectorAll('details')).map(d => {
                const body = Array.from(d.children).find(c => c.tagName !== 'SUMMARY')
                    || d.querySelector('p, pre, div');
                // a closed <details> renders nothing of its content (content-visibility)
                return {open: d.open, visible: !!body && body.checkVisibility(),
                        summary: d.querySelector('summary').innerText};
            })"""
        )
        page.close()
        assert not errors, f"{edition}: {errors}"
    assert len(seen["student"]) == len(seen["teacher"]) >= 4  # 2 conceptual + 2 coding
    assert all(d["summary"] == "Solution" for d in seen["teacher"])
    assert all(d["open"] and d["visible"] for d in seen["teacher"]), seen["teacher"]
    assert not any(d["open"] or d["visible"] for d in seen["student"]), seen["student"]
    # and in every notebook, not only in the lesson looked at closely
    for edition, htmls in pages.items():
        for html in htmls:
            text = html.read_text("utf-8")
            if edition == "teacher":
                assert "<details>" not in text, html
            else:
                assert "<details open" not in text, html


#: The handouts are opened in this many shares, so that ``pytest -n`` spreads them over the cores.
SHARES = 4


@pytest.mark.site
@pytest.mark.parametrize("share", range(SHARES))
def test_handouts_typeset_offline_with_figures_and_no_stderr(browser, share):
    """Every handout opens from disk with the network cut off: figures inline, math typeset,
    no console error, no stderr or progress-bar frames (every ``SHARES``-th handout of each
    edition from ``share`` on)."""
    problems = []
    errors: list[str] = []
    page = _tab(browser, errors)  # one tab for all: navigating is much faster than a new tab
    for htmls in _built_pages().values():
        assert len(htmls) > SHARES, f"suspiciously few handouts: {htmls}"
        for html in htmls[share::SHARES]:
            name = html.relative_to(HANDOUTS)
            source = html.read_text(encoding="utf-8")
            if re.search(r'<(script|link|img)[^>]+(src|href)="https?:', source):
                problems.append(f"{name}: loads from the network")
            if "IProgress not found" in source or "it/s]" in source:
                problems.append(f"{name}: stderr or a progress bar is shown")
            errors.clear()
            _load(page, html)
            text = page.evaluate(
                """() => { const b = document.body.cloneNode(true);
                    b.querySelectorAll('pre, code, script, style, mjx-container, .jp-InputArea')
                     .forEach(n => n.remove()); return b.innerText; }"""
            )
            broken = page.evaluate(
                "() => Array.from(document.images).filter(i => i.naturalWidth === 0).length"
            )
            problems += [f"{name}: console: {e}" for e in errors]
            if RAW_MATH.search(text):
                problems.append(f"{name}: raw TeX: {RAW_MATH.findall(text)[:3]}")
            if broken:
                problems.append(f"{name}: {broken} image(s) not shown")
    page.close()
    assert not problems, "\n".join(problems[:40])
