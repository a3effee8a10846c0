"""The implementation of :mod:`nsp.interactive`: import its names from there."""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Sequence
from typing import Any

import matplotlib.pyplot as plt

__all__ = ["explore", "is_static"]

_Control = Sequence[Any] | tuple[float, float, float]


def is_static() -> bool:
    """Return whether views are drawn once, without widgets (an executed notebook).

    Returns
    -------
    bool
        True when ``NSP_STATIC`` is set (not ``0``) or ipywidgets is not installed.

    Examples
    --------
    >>> import os
    >>> os.environ["NSP_STATIC"] = "1"
    >>> is_static()
    True
    >>> del os.environ["NSP_STATIC"]
    """
    if os.environ.get("NSP_STATIC", "").strip() not in {"", "0"}:
        return True
    try:
        import ipywidgets  # noqa: F401, PLC0415  (optional dependency: the notebooks extra)
    except ImportError:
        return True
    return False


def _widget(name: str, control: _Control, default: Any) -> Any:
    """Return the ipywidgets control for one parameter, starting at its default."""
    import ipywidgets as widgets  # noqa: PLC0415  (optional dependency)

    if (
        isinstance(control, tuple)
        and len(control) == 3
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in control)
    ):
        lo, hi, step = control
        if not lo <= default <= hi:
            raise ValueError(f"{name}: default {default!r} is outside [{lo}, {hi}]")
        kind = (
            widgets.IntSlider if all(isinstance(v, int) for v in control) else widgets.FloatSlider
        )
        return kind(
            value=default, min=lo, max=hi, step=step, description=name, continuous_update=False
        )
    options = list(control)
    if default not in options:
        raise ValueError(f"{name}: default {default!r} is not among the options {options}")
    return widgets.SelectionSlider(
        options=options, value=default, description=name, continuous_update=False
    )


def _show(figure: Any) -> None:
    from IPython.display import display  # noqa: PLC0415  (optional dependency: a kernel's)

    display(figure)
    plt.close(figure)


def explore(view: Callable[..., Any], /, **controls: _Control) -> None:
    """Draw ``view`` with its defaults, with a slider per control in a live JupyterLab kernel.

    Parameters
    ----------
    view : callable
        Returns a matplotlib figure; every control is one of its keyword parameters, with a
        default (the view drawn in executed notebooks and on the site).
    **controls
        Per parameter: ``(low, high, step)`` for a slider over numbers (integer steps give an
        integer slider), or a sequence of values to choose from.

    Raises
    ------
    ValueError
        If a control names no parameter of ``view`` with a default, or the default lies outside
        the control's range. Nothing is drawn then.

    Examples
    --------
    >>> import os, matplotlib.pyplot as plt
    >>> os.environ["NSP_STATIC"] = "1"
    >>> def view(p=0.25):
    ...     fig, ax = plt.subplots()
    ...     ax.bar(["0", "1"], [1 - p, p])
    ...     return fig
    >>> explore(view, p=(0.0, 1.0, 0.05))  # doctest: +ELLIPSIS
    Figure(...)
    >>> del os.environ["NSP_STATIC"]
    """
    params = inspect.signature(view).parameters
    defaults = {}
    for name in controls:
        param = params.get(name)
        if param is None or param.default is inspect.Parameter.empty:
            raise ValueError(f"{name} is not a parameter with a default of {view.__name__}")
        defaults[name] = param.default
    if is_static():
        _show(view(**defaults))
        return
    import ipywidgets as widgets  # noqa: PLC0415  (optional dependency)

    built = {name: _widget(name, control, defaults[name]) for name, control in controls.items()}
    widgets.interact(lambda **values: _show(view(**values)), **built)
