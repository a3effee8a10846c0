"""The checked exercises: every folded solution passes its check, a wrong answer fails it.

The solutions are read from the lesson notebooks themselves (the ```python block under each
coding exercise), run in a fresh namespace and their ``answer`` checked; the references are
nsp's own computations (``nsp.exercises``), so a solution and its reference reach the answer
by different routes.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest

from nsp.exercises import Verdict, check
from nsp.exercises._check import TOPICS, exercise, names
from nsp.notebooks._discovery import _read
from nsp.paths import project_root

ROOT = project_root()
COURSE = ROOT / "docs" / "site" / "course"
#: The lesson notebooks whose exercises read a dataset (``make data``).
NEEDS_DATA = {"privacy_funnel/01_fig1_census", "compare/01_census", "compare/02_heart"}

CHECK_CALL = re.compile(r'check\("([\w.]+)", answer\)')
SOLUTION = re.compile(r"<details><summary>Solution</summary>\s*```python\n(.*?)```", re.S)


def lesson_notebooks() -> list[str]:
    """The notebooks the course pages link as lessons (``../papers/<key>.ipynb``)."""
    keys: list[str] = []
    for page in sorted(COURSE.glob("*.md")):
        for key in re.findall(r"\]\(\.\./papers/([\w/]+)\.ipynb\)", page.read_text("utf-8")):
            if key not in keys:
                keys.append(key)
    return keys


LESSONS = lesson_notebooks()


def _cells(key: str) -> list:
    return _read(ROOT / "notebooks" / f"{key}.py").cells


def _solutions(key: str) -> list[tuple[str, str]]:
    """The (exercise name, solution code) pairs of a notebook's folded code solutions."""
    pairs = []
    for cell in _cells(key):
        if cell.cell_type != "markdown":
            continue
        for code in SOLUTION.findall(cell.source):
            named = CHECK_CALL.findall(code)
            assert len(named) == 1, f"{key}: a solution must end with one check call: {code}"
            pairs.append((named[0], code))
    return pairs


SOLVED = [
    pytest.param(key, name, code, id=name, marks=[pytest.mark.data] if key in NEEDS_DATA else [])
    for key in LESSONS
    for name, code in _solutions(key)
]


def test_the_course_links_its_lesson_notebooks():
    assert len(LESSONS) >= 12, LESSONS
    assert "course/00_measures" in LESSONS and "compare/02_heart" in LESSONS
    missing = [key for key in LESSONS if not (ROOT / "notebooks" / f"{key}.py").is_file()]
    assert not missing


@pytest.mark.parametrize("key", LESSONS)
def test_every_lesson_notebook_ends_with_a_conceptual_and_a_checked_coding_exercise(key):
    cells = _cells(key)
    markdown = [c.source for c in cells if c.cell_type == "markdown"]
    first = next(i for i, c in enumerate(cells) if "## Exercises" in c.source)
    tail = cells[first:]
    # after the exercises come only exercise cells and the closing differences
    assert "differences from the paper" in markdown[-1].lower()
    assert not [c for c in tail if c.cell_type == "code" and "savefig" in c.source]
    concept = [c for c in tail if c.cell_type == "markdown" and "(concept)" in c.source]
    coding = [c for c in tail if c.cell_type == "markdown" and "(code)" in c.source]
    checks = [c for c in tail if c.cell_type == "code" and CHECK_CALL.search(c.source)]
    assert concept and coding and len(checks) == len(coding), key
    for c in concept:
        assert "<details><summary>Solution</summary>" in c.source, "a conceptual solution shows"
    for c in checks:
        assert "answer = None" in c.source, "the check cell starts unanswered"
    assert len(_solutions(key)) == len(checks), f"{key}: every coding exercise has a solution"


def test_every_exercise_is_set_in_a_lesson_and_every_check_names_one():
    used = [name for key in LESSONS for name, _ in _solutions(key)]
    assert sorted(used) == sorted(names()), "each exercise is set exactly once"
    assert [name.split(".")[0] for name in names()][0] == TOPICS[0]


def _wrong(answer: object) -> float:
    return float(answer) * 1.1 + 0.1  # type: ignore[arg-type]


@pytest.mark.parametrize(("key", "name", "code"), SOLVED)
def test_the_folded_solution_passes_its_check_and_a_wrong_answer_fails(key, name, code):
    from nsp.datasets import DataUnavailableError

    namespace: dict[str, object] = {"check": check}
    try:
        exec(compile(code, f"{key}: solution of {name}", "exec"), namespace)
    except DataUnavailableError as exc:  # honest skip: the data is fetched by `make data`
        pytest.skip(f"data not available: {exc}")
    answer = namespace["answer"]
    verdict = check(name, answer)
    assert verdict and verdict.message == "correct", repr(verdict)
    wrong = check(name, _wrong(answer))
    assert not wrong and "Hint:" in wrong.message
    unanswered = check(name, None)
    assert not unanswered and unanswered.message.startswith("no answer yet")


def test_a_verdict_is_true_only_when_correct_and_shows_its_message():
    right = check("measures.maximal_leakage", math.log2(1.5))
    assert (
        isinstance(right, Verdict) and right and repr(right) == "measures.maximal_leakage: correct"
    )
    off = check("measures.maximal_leakage", math.log2(1.5) * (1 + 1e-3))
    assert not off and "off by 0.1%" in off.message and "Hint:" in off.message


def test_the_precision_is_the_exercises():
    """0.146239 asked to 3 digits: half a unit of the third digit, 0.0005, either side."""
    ex = exercise("equivocation.privacy_price")
    ref = float(ex.reference())
    assert ex.digits == 3
    assert check("equivocation.privacy_price", 0.146)
    assert check("equivocation.privacy_price", ref + 0.0004)
    assert not check("equivocation.privacy_price", ref + 0.0006)
    closed_form = 0.25 * (math.log2(3) - 1)  # Remark 4 of Sankar et al.
    assert check("equivocation.privacy_price", closed_form)


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ("0.58", "expected a number, got str"),
        (True, "expected a number, got bool"),
        ([0.5, 0.6], "expected one number, got an array of shape (2,)"),
        (float("nan"), "not finite"),
        ({"a": 1}, "expected a number, got dict"),
    ],
)
def test_an_answer_that_is_not_a_number_is_wrong_and_says_why(answer, says):
    verdict = check("measures.maximal_leakage", answer)
    assert not verdict and says in verdict.message


def test_numpy_answers_are_accepted():
    assert check("measures.maximal_leakage", np.float64(math.log2(1.5)))
    assert check("measures.maximal_leakage", np.array(math.log2(1.5)))


@pytest.mark.parametrize(
    ("name", "error", "says"),
    [
        ("nope.maximal_leakage", ValueError, "name's topic must be one of 'measures'"),
        ("measures.nope", ValueError, "name must be one of 'measures.maximal_leakage'"),
        ("measures", ValueError, "name must be one of"),
        (3, TypeError, "name must be an exercise's name"),
    ],
)
def test_an_unknown_exercise_is_refused_naming_the_known_ones(name, error, says):
    with pytest.raises(error, match=re.escape(says)):
        check(name, 1.0)


def test_each_topic_is_imported_only_when_checked():
    """A notebook that checks one topic does not import the modules of the others."""
    import subprocess
    import sys

    code = (
        "import sys; from nsp.exercises import check; check('measures.maximal_leakage', 0.5); "
        "print('nsp.papers.compare' in sys.modules, 'nsp.exercises._compare' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(ROOT)
    ).stdout.split()
    assert out == ["False", "False"]


CHECK_CELLS = [
    pytest.param(key, i, id=f"{key}-{i}")
    for key in LESSONS
    for i, cell in enumerate(_cells(key))
    if cell.cell_type == "code" and CHECK_CALL.search(cell.source)
]


@pytest.mark.parametrize(("key", "index"), CHECK_CELLS)
def test_every_check_cell_runs_alone(key, index):
    """A student may run a check cell first: it imports what it needs and says 'no answer'."""
    source = _cells(key)[index].source
    namespace: dict[str, object] = {}
    exec(compile(source, f"{key} cell {index}", "exec"), namespace)  # noqa: S102
    (name,) = CHECK_CALL.findall(source)
    assert check(name, None).message.startswith("no answer yet (wanted: ")


@pytest.mark.parametrize("name", names())
def test_a_check_accepts_the_precision_it_asks_for_and_names_the_typical_mistakes(name):
    ex = exercise(name)
    want = np.asarray(ex.reference(), dtype=float)
    if want.ndim:
        pytest.skip("the typical-mistake hints are for one number")
    digits = ex.digits
    assert f"{digits} significant digits" in check(name, None).message
    assert check(name, float(f"{float(want):.{digits}g}")), "the answer to its digits"
    if want != 0:
        assert not check(name, float(want) * (1 + 3 * 10.0 ** (1 - digits)))
    if ex.unit == "bits" and want != 0:
        assert "in nats" in check(name, float(want) * math.log(2)).message
    if ex.unit == "nats" and want != 0:
        assert "in bits" in check(name, float(want) / math.log(2)).message
    assert "off-by-one" in check(name, float(want) + 1).message
    for mistake in ex.mistakes:
        value = float(np.asarray(mistake.value()))
        assert abs(value - float(want)) > 10.0 ** (1 - digits) * max(abs(float(want)), 1e-3)
        assert check(name, value).message == f"not yet: {mistake.hint}."


def test_0585_passes_the_check_whose_answer_is_058496_and_nats_get_their_own_hint():
    assert check("measures.maximal_leakage", 0.585)
    assert not check("measures.maximal_leakage", 0.58)
    got = check("measures.maximal_leakage", math.log(1.5)).message
    assert got.startswith("not yet: this is the answer in nats")
    assert "wrong prior" not in got
    prior = check("measures.mutual_information", 0.18872).message
    assert "uniform secret; here the prior is P(S=1) = 0.1" in prior
