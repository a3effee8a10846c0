"""The checking of exercises: a catalogue per topic, a comparison with tolerance, a verdict.

An exercise's name is ``"<topic>.<item>"``; the topic's exercises live in the module
``nsp.exercises._<topic>`` as a mapping ``EXERCISES`` from item to :class:`Exercise`. A topic
module is imported only when one of its exercises is checked (by name, with
:func:`importlib.import_module`), so a notebook that checks the exercises of one topic does not
depend on the modules of the others.
"""

from __future__ import annotations

import importlib
import math
import reprlib
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from nsp._validation import check_choice

#: The topics, one per lesson of the course, in the course's order.
TOPICS: tuple[str, ...] = ("measures", "channels", "funnel", "equivocation", "worstcase", "compare")


@dataclass(frozen=True)
class Mistake:
    """A typical wrong route to an exercise's answer, and what to say to whoever took it.

    Parameters
    ----------
    value : callable
        Takes nothing and returns what the mistake gives (a number or a sequence of them).
    hint : str
        What went wrong, said to a student whose answer matches ``value``.
    """

    value: Callable[[], object]
    hint: str


@dataclass(frozen=True)
class Exercise:
    """One coding exercise: how nsp computes its answer, how precise is right, what helps.

    Parameters
    ----------
    reference : callable
        Takes nothing and returns the answer, computed with nsp: a real number, or a sequence
        of them (compared elementwise).
    hint : str
        What to look at again when an answer is wrong.
    digits : int
        The significant digits asked for: an answer is right when it is within half a unit
        of the last of them (0.585 for 0.58496 at 3 digits). The check says so.
    unit : str
        The unit of the answer, ``"bits"``, ``"nats"`` or ``""`` (none): an answer in the
        other logarithm unit gets its own hint.
    mistakes : tuple of Mistake
        Typical wrong routes of this exercise, each with its own hint (a wrong prior, the
        arguments swapped, ...). Off-by-one and the wrong logarithm unit are checked for
        every exercise.
    """

    reference: Callable[[], object]
    hint: str
    digits: int = 3
    unit: str = "bits"
    mistakes: tuple[Mistake, ...] = ()

    def wanted(self) -> str:
        """Say what the exercise asks for: the precision and the unit."""
        unit = f", in {self.unit}" if self.unit else ""
        return f"{self.digits} significant digits{unit}"


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


def _close(got: np.ndarray, want: np.ndarray, digits: int) -> bool:
    """Whether ``got`` equals ``want`` to ``digits`` significant digits (half a last unit)."""
    scale = np.where(want == 0, 1.0, np.abs(want))
    unit = 10.0 ** (np.floor(np.log10(scale)) - digits + 1)
    return bool(np.all(np.abs(got - want) <= 0.5 * unit * (1 + 1e-9)))


def _mistake(got: np.ndarray, want: np.ndarray, ex: Exercise) -> str | None:
    """Return the hint of the typical mistake ``got`` matches, if any."""
    for m in ex.mistakes:
        value = np.asarray(m.value(), dtype=np.float64)
        if value.shape == want.shape and _close(got, value, ex.digits):
            return m.hint
    ln2 = math.log(2.0)
    if ex.unit == "bits" and np.any(want != 0) and _close(got, want * ln2, ex.digits):
        return "this is the answer in nats; the exercise asks for bits (log base 2): divide by ln 2"
    if ex.unit == "nats" and np.any(want != 0) and _close(got, want / ln2, ex.digits):
        return (
            "this is the answer in bits; the exercise asks for nats (natural log): multiply by ln 2"
        )
    for step in (1.0, -1.0):
        if _close(got, want + step, ex.digits):
            more = "more" if step > 0 else "less"
            return (
                f"exactly 1 {more} than the answer: an off-by-one (a count, an index or a log2 2)?"
            )
    return None


def _compare(answer: object, expected: object, ex: Exercise) -> tuple[str, bool] | None:
    """Return what is wrong with ``answer`` (None when it matches ``expected``).

    The flag says whether the message is a typical mistake's own hint (which then replaces
    the exercise's general one).
    """
    want = np.asarray(expected, dtype=np.float64)
    got = _numbers(answer)
    if got is None:
        kind = "a number" if want.ndim == 0 else f"{want.size} numbers"
        return f"expected {kind}, got {type(answer).__name__} {reprlib.repr(answer)}", False
    if got.shape != want.shape:
        kind = "one number" if want.ndim == 0 else f"shape {want.shape}"
        return f"expected {kind}, got an array of shape {got.shape}", False
    got = got.astype(np.float64)
    if not np.all(np.isfinite(got)):
        return "the answer is not finite", False
    if _close(got, want, ex.digits):
        return None
    mistake = _mistake(got, want, ex)
    if mistake is not None:
        return f"not yet: {mistake}", True
    if want.ndim == 0:
        off = abs(float(got) - float(want))
        scale = max(abs(float(want)), 1e-300)
        return f"not yet: off by {100 * off / scale:.2g}% of the right value", False
    return "not yet: some values are off", False


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
    >>> check("measures.maximal_leakage", 0.585)  # to the 3 digits the exercise asks for
    measures.maximal_leakage: correct
    >>> check("measures.maximal_leakage", 1.0)  # doctest: +ELLIPSIS
    measures.maximal_leakage: not yet: off by 71% of the right value (wanted: 3 significant
        digits, in bits). Hint: ...
    >>> check("measures.maximal_leakage", math.log(1.5))  # doctest: +ELLIPSIS
    measures.maximal_leakage: not yet: this is the answer in nats; the exercise asks for
        bits (log base 2): divide by ln 2.
    """
    ex = exercise(name)
    if answer is None:
        return Verdict(name, False, f"no answer yet (wanted: {ex.wanted()}). Hint: {ex.hint}")
    found = _compare(answer, ex.reference(), ex)
    if found is None:
        return Verdict(name, True, "correct")
    problem, own_hint = found
    if own_hint:
        return Verdict(name, False, f"{problem}.")
    return Verdict(name, False, f"{problem} (wanted: {ex.wanted()}). Hint: {ex.hint}")
