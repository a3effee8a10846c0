"""nsp.interactive: the default view when static, one widget per control when live."""

from __future__ import annotations

import sys
import types

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from nsp import interactive  # noqa: E402

calls: list[dict] = []


def view(epsilon=2.0, n=4, rule="safe"):
    calls.append({"epsilon": epsilon, "n": n, "rule": rule})
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, epsilon])
    return fig


@pytest.fixture(autouse=True)
def _reset():
    calls.clear()


def test_static_draws_the_default_view_once(monkeypatch):
    monkeypatch.setenv("NSP_STATIC", "1")
    interactive.explore(view, epsilon=(0.5, 8.0, 0.5), n=(2, 32, 1))
    assert calls == [{"epsilon": 2.0, "n": 4, "rule": "safe"}]
    assert not plt.get_fignums()  # the figure was shown and closed


def test_live_builds_one_widget_per_control(monkeypatch):
    monkeypatch.delenv("NSP_STATIC", raising=False)
    made: dict = {}

    class Widget:
        def __init__(self, **kw):
            self.kw = kw

    class FloatSlider(Widget): ...

    class IntSlider(Widget): ...

    class SelectionSlider(Widget): ...

    def interact(fn, **widgets):
        made.update(widgets)
        fn(**{k: w.kw["value"] for k, w in widgets.items()})

    fake = types.SimpleNamespace(
        FloatSlider=FloatSlider,
        IntSlider=IntSlider,
        SelectionSlider=SelectionSlider,
        interact=interact,
    )
    monkeypatch.setitem(sys.modules, "ipywidgets", fake)
    interactive.explore(view, epsilon=(0.5, 8.0, 0.5), n=(2, 32, 1), rule=["paper", "safe"])
    assert isinstance(made["epsilon"], FloatSlider) and made["epsilon"].kw["value"] == 2.0
    assert isinstance(made["n"], IntSlider) and made["n"].kw["max"] == 32
    assert isinstance(made["rule"], SelectionSlider) and made["rule"].kw["options"] == [
        "paper",
        "safe",
    ]
    assert calls == [{"epsilon": 2.0, "n": 4, "rule": "safe"}]


@pytest.mark.parametrize(
    "controls, match",
    [
        ({"delta": (0, 1, 0.1)}, "not a parameter"),
        ({"epsilon": (3.0, 8.0, 0.5)}, "outside"),
        ({"rule": ["paper"]}, "not among"),
    ],
)
def test_bad_controls_are_refused_before_drawing(monkeypatch, controls, match):
    monkeypatch.delenv("NSP_STATIC", raising=False)
    pytest.importorskip("ipywidgets")
    with pytest.raises(ValueError, match=match):
        interactive.explore(view, **controls)
    assert not calls
