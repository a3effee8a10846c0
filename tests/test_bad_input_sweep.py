"""Every public function refuses bad scalar options by name: no silent result, no hang.

For each public function with a runnable example in its docstring, the example is run with the
function replaced by a recorder, which gives one valid call. That call is then repeated with
each scalar option (a parameter whose default is a float, an int or a bool) set to values no
option of its kind accepts: NaN, a string and a bool for numbers; 2.5 for integers; a string
for flags. Each must raise ``ValueError`` naming the parameter, within a few seconds.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import math
import signal
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "site"))
import make_site  # noqa: E402

SECONDS = 20


class _Recorded(Exception):
    pass


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


def _public_functions() -> list[tuple[str, str]]:
    found = []
    for module_name in make_site.public_modules():
        if module_name.startswith(("nsp.datasets", "nsp.notebooks", "nsp.paths")):
            continue  # files and the network, not scalar options
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", []):
            with warnings.catch_warnings():
                warnings.simplefilter("error", DeprecationWarning)
                try:
                    obj = getattr(module, name, None)
                except DeprecationWarning:
                    continue
            if inspect.isfunction(obj) and obj.__module__.startswith("nsp"):
                found.append((module_name, name))
    return sorted(set(found))


def _one_valid_call(module_name: str, name: str) -> tuple[Any, tuple, dict] | None:
    """Run the docstring example with ``name`` recorded; return the function and its first call."""
    module = importlib.import_module(module_name)
    func = getattr(module, name)
    examples = doctest.DocTestParser().get_examples(inspect.getdoc(func) or "")
    if not examples:
        return None
    globs = dict(vars(sys.modules[func.__module__]))
    calls: list[tuple[tuple, dict]] = []

    def recorder(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        raise _Recorded

    globs[name] = recorder
    globs[func.__name__] = recorder
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        for example in examples:
            try:
                exec(compile(example.source, f"<{name}>", "exec"), globs)  # noqa: S102
            except _Recorded:
                break
            except Exception:  # an example meant to raise, or needing data: try the next
                continue
    except _Timeout:
        return None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return (func, *calls[0]) if calls else None


def _bad_values(param: inspect.Parameter) -> list[Any]:
    """Values no option of this parameter's kind accepts (read from its annotation and default)."""
    note = str(param.annotation).replace(" ", "")
    default = param.default
    kinds = set(note.split("|"))
    if note in {"bool", "<class'bool'>"} or (note == "" and isinstance(default, bool)):
        return ["yes"]
    integer = isinstance(default, int) and not isinstance(default, bool)
    if kinds <= {"int", "<class'int'>"} and integer:
        return [2.5, "3", True]
    if "Base" in kinds:
        return [math.nan, True, 0.5]
    if kinds <= {"float", "<class'float'>"} and isinstance(default, int | float):
        return [math.nan, "1e-3", True]
    return []


FUNCTIONS = _public_functions()


@pytest.mark.parametrize("module_name, name", FUNCTIONS, ids=[f"{m}.{n}" for m, n in FUNCTIONS])
def test_bad_scalar_options_are_refused_by_name(module_name, name):
    call = _one_valid_call(module_name, name)
    if call is None:
        return  # no runnable example with a call: nothing to sweep from (counted below)
    func, args, kwargs = call
    params = inspect.signature(func).parameters
    problems = []
    for pname, param in params.items():
        if param.kind not in (param.KEYWORD_ONLY, param.POSITIONAL_OR_KEYWORD):
            continue
        if param.default is inspect.Parameter.empty:
            continue
        for bad in _bad_values(param):
            old = signal.signal(signal.SIGALRM, _alarm)
            signal.alarm(SECONDS)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    bound = inspect.signature(func).bind_partial(*args, **kwargs)
                    bound.arguments[pname] = bad
                    func(*bound.args, **bound.kwargs)
                problems.append(f"{pname}={bad!r}: accepted")
            except _Timeout:
                problems.append(f"{pname}={bad!r}: no answer within {SECONDS} s")
            except ValueError as exc:
                if pname not in str(exc):
                    problems.append(f"{pname}={bad!r}: ValueError without the name: {exc}")
            except Exception as exc:  # noqa: BLE001
                problems.append(f"{pname}={bad!r}: {type(exc).__name__}: {exc}"[:160])
            finally:
                signal.alarm(0)
                signal.signal(signal.SIGALRM, old)
    assert not problems, "\n".join(problems)


def test_the_sweep_reaches_most_public_functions():
    reached = sum(_one_valid_call(m, n) is not None for m, n in FUNCTIONS)
    assert reached >= 0.6 * len(FUNCTIONS), f"{reached} of {len(FUNCTIONS)} have a runnable call"
