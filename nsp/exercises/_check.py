"""The checking of exercises: a catalogue per topic, a comparison with tolerance, a verdict.

An exercise's name is ``"<topic>.<item>"``; the topic's exercises live in the module
``nsp.exercises._<topic>`` as a mapping ``EXERCISES`` from item to :class:`Exercise`. A topic
module is imported only when one of its exercises is checked (by name, with
:func:`importlib.import_module`), so a notebook that checks the exercises of one topic does not
depend on the modules of the others.
"""

from __future__ import annotations

import importlib
import numbers
import reprlib
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from nsp._validation import check_choice

#: The topics, one per lesson of the course, in the course's order.
TOPICS: tuple[str, ...] = ("measures", "channels", "funnel", "equivocation", "worstcase", "compare")


@dataclass(frozen=True)
class Exercise:
    """One coding exercise: how nsp computes its answer, how close is right, what helps.

    Parameters
    ----------
    reference : callable
        Takes nothing and returns the answer, computed with nsp: a real number, or a sequence
        of them (compared elementwise).
    hint : str
        What to look at again when an answer is wrong.
    rtol, atol : float
        Relative and absolute tolerance of the comparison (:func:`numpy.allclose`).
    """

    reference: Callable[[], object]
    hint: str
    rtol: float = 1e-6
    atol: float = 1e-9


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`check`: true when the answer is right; displays as its message.

    Attributes
    ----------
    name : str
        The exercise checked.
    correct : bool
        Whether the answer matches the reference within the exercise's tolerance.
    message : str
        "correct", or what is wrong and the exercise's hint.
    """

    name: str
    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        # wrapped, so that a notebook page or a handout shows the whole hint
        return textwrap.fill(f"{self.name}: {self.message}", width=88, subsequent_indent="    ")


def _catalogue(topic: str) -> Mapping[str, Exercise]:
    exercises: Mapping[str, Exercise] = importlib.import_module(f"nsp.exercises._{topic}").EXERCISES
    return exercises


def names() -> list[str]:
    """Return the name of every exercise, topic by topic in the course's order."""
    return [f"{topic}.{item}" for topic in TOPICS for item in _catalogue(topic)]


def exercise(name: str) -> Exercise:
    """Return the exercise called ``name`` (``"<topic>.<item>"``), or raise a ValueError."""
    if not isinstance(name, str):
        raise TypeError(f"name must be an exercise's name (a str), got {type(name).__name__}")
    topic, _, item = name.partition(".")
    topic = check_choice("name's topic", topic, TOPICS)
    check_choice("name", name, [f"{topic}.{key}" for key in _catalogue(topic)])
    return _catalogue(topic)[item]


def _numbers(value: object) -> np.ndarray | None:
    """Return the answer as an array of real numbers, or None if it is not one."""
    if isinstance(value, bool | np.bool_ | str | bytes):
        return None
    try:
        array = np.asarray(value)
    except (ValueError, TypeError):
        return None
    if array.dtype == object or not (
        np.issubdtype(array.dtype, np.integer) or np.issubdtype(array.dtype, np.floating)
    ):
        return None
    return array


def _compare(answer: object, expected: object, ex: Exercise) -> str | None:
    """Return what is wrong with ``answer`` (None when it matches ``expected``)."""
    want = np.asarray(expected)
    got = _numbers(answer)
    if got is None:
        kind = "a number" if want.ndim == 0 else f"{want.size} numbers"
        return f"expected {kind}, got {type(answer).__name__} {reprlib.repr(answer)}"
    if got.shape != want.shape:
        kind = "one number" if want.ndim == 0 else f"shape {want.shape}"
        return f"expected {kind}, got an array of shape {got.shape}"
    if not np.all(np.isfinite(got)):
        return "the answer is not finite"
    if not np.allclose(got, want, rtol=ex.rtol, atol=ex.atol):
        if want.ndim == 0 and isinstance(answer, numbers.Real):
            off = abs(float(answer) - float(want))
            scale = max(abs(float(want)), 1e-300)
            return f"not yet: off by {100 * off / scale:.2g}% of the right value"
        return "not yet: some values are off"
    return None


def check(name: str, answer: object) -> Verdict:
    """Check an answer to the coding exercise ``name`` against nsp's own computation.

    Parameters
    ----------
    name : str
        The exercise, as its check cell names it (``"<topic>.<item>"``).
    answer : object
        A real number or a sequence of them; ``None`` stands for "not answered yet".

    Returns
    -------
    Verdict
        True when the answer is within the exercise's tolerance of the reference; it displays
        as "correct", or as what is wrong followed by the exercise's hint.

    Raises
    ------
    ValueError
        If no exercise is called ``name`` (the message lists the names of its topic).

    Examples
    --------
    >>> import math
    >>> check("measures.maximal_leakage", math.log2(1.5))
    measures.maximal_leakage: correct
    >>> check("measures.maximal_leakage", 1.0)  # doctest: +ELLIPSIS
    measures.maximal_leakage: not yet: off by 71% of the right value. Hint: ...
    """
    ex = exercise(name)
    if answer is None:
        return Verdict(name, False, f"no answer yet. Hint: {ex.hint}")
    problem = _compare(answer, ex.reference(), ex)
    if problem is None:
        return Verdict(name, True, "correct")
    return Verdict(name, False, f"{problem}. Hint: {ex.hint}")
