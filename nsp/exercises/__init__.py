"""Exercises a student can check: :func:`check` compares an answer with nsp's own result.

The lesson notebooks of the course end with coding exercises. Each has a name such as
``"measures.maximal_leakage"`` (the topic, then the exercise) and a check cell::

    answer = None  # replace None by your computation
    check("measures.maximal_leakage", answer)

:func:`check` computes the reference answer with nsp (never a number typed in by hand),
compares it with the answer to the significant digits the exercise asks for (3 unless it
says otherwise) and returns a :class:`Verdict` that displays as "correct" or as what is wrong
with a hint; typical mistakes (the wrong logarithm unit, an off-by-one, an exercise's own
wrong routes such as a wrong prior) get a hint of their own. The folded solution under each
exercise is one way to reach the reference.

Examples
--------
>>> from nsp.exercises import check
>>> check("measures.maximal_leakage", None)  # doctest: +ELLIPSIS
measures.maximal_leakage: no answer yet (wanted: 3 significant digits, in bits). Hint:
    ...
>>> bool(check("measures.maximal_leakage", 0.5))
False
"""

from nsp.exercises._check import Verdict, check

__all__ = ["Verdict", "check"]
