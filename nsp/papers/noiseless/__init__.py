"""F. Farokhi, *Noiseless privacy* (arXiv:1910.13027): the paper's instances, tables, experiments.

The measures (budgets, quantizers, guarantees) are in :mod:`nsp.noiseless`; this package holds
what is specific to the paper:

* the counterexamples behind its two errata, Theorem 8's level rule
  (:func:`theorem8_counterexample`, :func:`levels_table`, :func:`realized_epsilon_curves`) and
  Theorem 4's density (:func:`theorem4_table`);
* the game protocol of Fig. 2 (:data:`GAME_PROTOCOL`);
* the experiments of Sec. V, one public module each (their vocabularies, such as ``play``,
  ``window`` or ``privatize``, read well only beside their experiment):
  :mod:`~nsp.papers.noiseless.membership` (Fig. 3), :mod:`~nsp.papers.noiseless.nilm`
  (Fig. 4) and :mod:`~nsp.papers.noiseless.taxi` (Figs. 5–6). Their counting steps (daily
  totals of meter readings, unique quantized trips) are in :mod:`nsp.datasets`, beside the
  loaders, with a Dask engine.

The errata and what does not reproduce on the stand-in data are explained in
``docs/papers/noiseless.md``.

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019.
"""

from __future__ import annotations

from typing import Any

from nsp._lazy import exported, lazy_attribute

#: The submodule that defines each public name, imported on first use: a notebook runs (and
#: is re-run for a change to) only the modules it uses. Each experiment is a public module.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_theorems": (
        "ARXIV",
        "GAME_PROTOCOL",
        "THEOREM4_EXAMPLE",
        "THEOREM8_EXAMPLE",
        "levels_table",
        "quantizer_view",
        "realized_epsilon_curves",
        "theorem4_table",
        "theorem8_counterexample",
        "theorems_table",
    ),
    "membership": ("membership",),
    "nilm": ("nilm",),
    "taxi": ("taxi",),
}

__all__ = exported(_EXPORTS)


def __getattr__(name: str) -> Any:
    return lazy_attribute(__name__, _EXPORTS, name)


def __dir__() -> list[str]:
    return list(__all__)
