"""Sliders in the notebooks: move a parameter in JupyterLab and watch the view redraw.

:func:`explore` draws a view (a function returning a matplotlib figure) with its default
parameters. In a live JupyterLab kernel with ``ipywidgets`` it adds a slider or a drop-down per
control, and redraws the view when one moves. In an executed or published notebook (kernels
started by ``nsp run`` / ``nsp figures`` set ``NSP_STATIC=1``), or without ``ipywidgets``, it
draws the default view once: the site and the handouts show that view, with no widget.

Views read precomputed results where recomputing would be slow, so a slider stays responsive.
"""

from nsp.interactive._sliders import (
    explore,
    is_static,
)

__all__ = [
    "explore",
    "is_static",
]
