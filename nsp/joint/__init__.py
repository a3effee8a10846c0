"""A labelled joint pmf ``p(s, x)``: the one input type of every paper's experiment on data.

A :class:`Joint` holds the pmf ``p_sx[s, x]`` of a private variable S (axis 0) and a public
variable X (axis 1), with what a table or a figure needs to say what it is: the names and the
labels of S and X, the numeric value of every letter of X when X is ordered (``x_values``), the
record counts behind an empirical pmf, a short name and the options that built it
(``settings``). It is immutable: its arrays are read-only and every check happens once, when
it is built.

Build one from a pmf with ``Joint(p_sx, ...)`` or from a count table with
:meth:`Joint.from_counts`. Bad input raises a :class:`ValueError` that names the argument and
the rule it broke; nothing is normalized silently (pass counts to :meth:`Joint.from_counts`).

Examples
--------
>>> j = Joint.from_counts([[3, 1], [0, 4]], name="toy", s_labels=["a", "b"])
>>> j.p_sx.tolist(), j.n_records, j.s_labels, j.x_labels
([[0.375, 0.125], [0.0, 0.5]], 8, ('a', 'b'), ('0', '1'))
>>> round(j.summary()["I_SX"], 4)
0.5488
"""

from nsp.joint._joint import (
    Joint,
)

__all__ = [
    "Joint",
]
