"""Every public function refuses bad input by name: no silent result, no hang.

For each public function with a runnable example in its docstring, the example is run with the
function replaced by a recorder, which gives one valid call. That call is then repeated with
each scalar option (a parameter whose default is a float, an int or a bool) set to values no
option of its kind accepts: NaN, a string and a bool for numbers; 2.5 for integers; a string
for flags. Each must raise ``ValueError`` naming the parameter, within a few seconds.

The second sweep replaces every argument of the recorded call in turn, by kind: ``None`` and a
wrong kind (a string where an array, a number, a frame or an object is expected; an int where a
callable, a string or a path is expected); for arrays also one with a NaN and one of the wrong
shape (a 1-D array stacked into 2-D, a 2-D one flattened). A clear error is a ``ValueError`` or
``TypeError`` naming the parameter; a call that returns is a silent result and fails. The
counts (calls, clear, cryptic, silent) are printed by ``python tests/test_bad_input_sweep.py``.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
import math
import numbers
import os
import re
import shutil
import signal
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
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


#: Public modules below the documented faces, swept too (skipped once they no longer exist).
SUBMODULES = ("nsp.papers.noiseless.nilm", "nsp.papers.noiseless.membership")


def _public_functions() -> list[tuple[str, str]]:
    found = []
    extra = [m for m in SUBMODULES if importlib.util.find_spec(m) is not None]
    for module_name in [*make_site.public_modules(), *extra]:
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


# --- array, None, callable and path arguments ----------------------------------------------

#: Replacements that are valid input, each with the reason: (function, parameter, kind).
VALID = {
    # ``name=`` is the argument's name the message uses; the caller's ``W`` is named by it.
    ("nsp.channels.validate_channel", "W", "None"),
    ("nsp.channels.validate_channel", "W", "str"),
    ("nsp.channels.validate_channel", "W", "nan"),
    ("nsp.channels.validate_channel", "W", "shape"),
    # A base is a number or a unit name: 3 is the ternary base.
    ("nsp.info.max_mutual_information", "base", "int"),
    # A standby is an option name or watts: 3 is a 3-W standby load.
    ("nsp.papers.noiseless.nilm.standby_watts", "standby", "int"),
    # Row types have one axis per individual: a stacked table is that of one more individual.
    ("nsp.privacy_channels.slice_types", "tau", "shape"),
    # A joint pmf has any number of axes: the flattened pmf is a one-variable pmf.
    ("nsp.channels.validate_joint", "p", "shape"),
    ("nsp.info.marginal", "p", "shape"),
    # seed=None is numpy's "fresh entropy" seed.
    ("nsp.papers.privacy_channels.random_privacy_channel", "seed", "None"),
    ("nsp.papers.utility_privacy.sanitize_categorical", "seed", "None"),
    # Records, domains and labels are arbitrary hashable values (None, a string, NaN are
    # values like any other); a query maps any record to an output.
    ("nsp.papers.privacy_channels.example1_query", "x1", "None"),
    ("nsp.papers.privacy_channels.example1_query", "x1", "str"),
    ("nsp.papers.privacy_channels.example1_query", "x2", "None"),
    ("nsp.papers.privacy_channels.example1_query", "x2", "str"),
    # The example mechanism itself (``x + 1``, a dict lookup) refuses such a record, by its own
    # error: nsp passes any record value through unchanged.
    ("nsp.noiseless.hypothesis_game_range", "x_i", "None"),
    ("nsp.noiseless.hypothesis_game_range", "x_i", "str"),
    ("nsp.noiseless.hypothesis_game_range", "x_i_prime", "None"),
    ("nsp.noiseless.hypothesis_game_range", "x_i_prime", "str"),
    ("nsp.noiseless.hypothesis_game_range", "v", "shape"),
    ("nsp.noiseless.individual_range", "v", "shape"),
    # A NaN record makes the query return NaN: refused by name as f's output.
    ("nsp.noiseless.sensitivity", "domains", "nan"),
    ("nsp.noiseless.hypothesis_game_range", "v", "nan"),
    ("nsp.noiseless.individual_range", "v", "nan"),
    ("nsp.noiseless.is_noiselessly_private", "domains", "nan"),
    ("nsp.noiseless.noiseless_epsilon", "domains", "nan"),
    ("nsp.noiseless.output_table", "domains", "nan"),
    ("nsp.noiseless.psi", "v", "nan"),
    ("nsp.noiseless.psi", "x", "nan"),
    ("nsp.uncertain.quantize", "labels", "nan"),
    ("nsp.uncertain.quantized_decomposition", "labels", "nan"),
    ("nsp.noiseless.psi", "v", "shape"),
    ("nsp.noiseless.psi", "x", "shape"),
    ("nsp.papers.agglomerative.codeword_table", "partition", "nan"),
    # Elementwise in their array (the result has its shape): any shape is valid.
    ("nsp.papers.utility_privacy.gamma_hamming", "D", "shape"),
    ("nsp.papers.utility_privacy.sanitize_categorical", "x", "shape"),
    # One axis per individual: a flattened table is the table of one individual.
    ("nsp.noiseless.conditional_output_counts", "codes", "shape"),
    # decoder=None is documented: the Bayes decoder.
    ("nsp.ratedistortion.si_statistical_point", "decoder", "None"),
    # values are read for U2 only; the recorded call uses U1.
    ("nsp.papers.agglomerative.side_information_comparison", "values", "None"),
    ("nsp.papers.agglomerative.side_information_comparison", "values", "str"),
    ("nsp.papers.agglomerative.side_information_comparison", "values", "nan"),
    ("nsp.papers.agglomerative.side_information_comparison", "values", "shape"),
    # An exercise's answer is the student's: None means "not answered yet" and a wrong kind is
    # a wrong answer, each said in the returned verdict (a false Verdict with a hint).
    ("nsp.exercises.check", "answer", "None"),
    ("nsp.exercises.check", "answer", "str"),
}

#: Replacements still answered cryptically (an error that does not name the argument; issue
#: 22, item 6): listed so that the sweep catches every new one. This list only shrinks; it is
#: empty now, and a new entry needs a reason.
OPEN: set[tuple[str, str, str]] = set()


def _replacements(value: Any) -> list[tuple[str, Any]]:
    """Bad stand-ins for an argument, chosen by the kind of its valid value."""
    if value is None or isinstance(value, type):
        return []
    if isinstance(value, bool | np.bool_):
        return [("None", None), ("str", "yes")]
    if isinstance(value, numbers.Number):
        return [("None", None), ("str", "abc")]
    if isinstance(value, str | os.PathLike):
        return [("None", None), ("int", 3)]
    if callable(value) and not hasattr(value, "__array__"):
        return [("None", None), ("int", 3)]
    out: list[tuple[str, Any]] = [("None", None), ("str", "abc")]
    if isinstance(value, np.ndarray | list | tuple) and not isinstance(value, pd.DataFrame):
        try:
            arr = np.asarray(value)
        except ValueError:  # ragged
            return out
        if arr.dtype.kind in "biuf" and arr.size:
            nan = arr.astype(float)
            nan.flat[0] = np.nan
            out.append(("nan", nan))
            if arr.ndim == 1:
                out.append(("shape", np.stack([arr, arr])))
            elif arr.ndim >= 2:
                out.append(("shape", arr.ravel()))
    return out


def _outcome(func: Any, args: tuple, kwargs: dict, pname: str, bad: Any) -> tuple[str, str]:
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            bound = inspect.signature(func).bind_partial(*args, **kwargs)
            bound.arguments[pname] = bad
            func(*bound.args, **bound.kwargs)
        return "silent", "returned"
    except _Timeout:
        return "hang", f"no answer within {SECONDS} s"
    except (ValueError, TypeError) as exc:
        if pname in str(exc):
            return "clear", ""
        return "cryptic", f"{type(exc).__name__}: {exc}"[:160]
    except FileNotFoundError as exc:
        # A string is a path there: the missing file, named, is the clear answer.
        if isinstance(bad, str) and bad in str(exc):
            return "clear", ""
        return "cryptic", f"{type(exc).__name__}: {exc}"[:160]
    except Exception as exc:  # noqa: BLE001
        return "cryptic", f"{type(exc).__name__}: {exc}"[:160]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _argument_sweep(module_name: str, name: str) -> list[tuple[str, str, str, str]]:
    """``(parameter, kind, outcome, message)`` for every replacement of the recorded call."""
    call = _one_valid_call(module_name, name)
    if call is None:
        return []
    func, args, kwargs = call
    signature = inspect.signature(func)
    found = []
    for pname, value in signature.bind_partial(*args, **kwargs).arguments.items():
        param = signature.parameters[pname]
        if param.kind not in (param.KEYWORD_ONLY, param.POSITIONAL_OR_KEYWORD):
            continue
        for kind, bad in _replacements(value):
            if bad is None and param.default is None:
                continue  # None is this argument's own default
            found.append((pname, kind, *_outcome(func, args, kwargs, pname, bad)))
    return found


@pytest.mark.parametrize("module_name, name", FUNCTIONS, ids=[f"{m}.{n}" for m, n in FUNCTIONS])
def test_bad_arguments_are_refused_by_name(module_name, name):
    problems = []
    for pname, kind, outcome, message in _argument_sweep(module_name, name):
        key = (f"{module_name}.{name}", pname, kind)
        if outcome == "clear" or key in VALID:
            continue
        if outcome == "cryptic" and key in OPEN:
            continue
        problems.append(f"{pname} <- {kind}: {outcome}: {message}")
    assert not problems, "\n".join(problems)


def test_the_open_list_holds_only_open_cases():
    """A case fixed since must leave ``OPEN`` (and ``VALID`` must stay valid input)."""
    by_function: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for qualname, pname, kind in OPEN:
        module_name, name = qualname.rsplit(".", 1)
        by_function.setdefault((module_name, name), set()).add((pname, kind))
    fixed = []
    for (module_name, name), keys in by_function.items():
        seen = {(p, k): o for p, k, o, _ in _argument_sweep(module_name, name)}
        fixed += [
            f"{module_name}.{name} {p} <- {k}" for p, k in keys if seen.get((p, k)) == "clear"
        ]
    assert not fixed, "fixed, remove from OPEN: " + ", ".join(fixed)


def test_the_tables_name_current_public_functions():
    """A renamed or removed function's entries must follow it (else they hide nothing, silently)."""
    public = {f"{m}.{n}" for m, n in FUNCTIONS}
    stale = sorted(key for key in VALID | OPEN if key[0] not in public)
    assert not stale, f"not a public function (renamed or removed?): {stale}"


# --- path arguments of the modules that read and write files ---------------------------------

#: What each path argument of nsp.datasets, nsp.notebooks and nsp.paths must be: an existing
#: ``file`` or ``folder``, either (``any``), or a ``new-file`` / ``new-folder`` to write (or a
#: data folder, which need not exist before ``make data``). A new path argument must be added.
PATH_ARGUMENTS: dict[tuple[str, str], str] = {
    ("nsp.datasets.fetch", "mirror"): "folder",
    ("nsp.datasets.fetch", "data_home"): "new-folder",
    ("nsp.datasets.load_adult", "data_home"): "new-folder",
    ("nsp.datasets.load_ausgrid", "path"): "file",
    ("nsp.datasets.load_ausgrid_customer12", "data_home"): "new-folder",
    ("nsp.datasets.load_hungarian_heart", "data_home"): "new-folder",
    ("nsp.datasets.load_nilm_household", "path"): "folder",
    ("nsp.datasets.load_nilm_household", "data_home"): "new-folder",
    ("nsp.datasets.load_nyc_taxi", "path"): "file",
    ("nsp.datasets.load_nyc_taxi", "data_home"): "new-folder",
    ("nsp.datasets.load_redd", "path"): "any",
    ("nsp.datasets.load_redd", "data_home"): "new-folder",
    ("nsp.datasets.load_redd_house1", "data_home"): "new-folder",
    ("nsp.datasets.load_registry", "path"): "file",
    ("nsp.datasets.load_smart_meter", "path"): "file",
    ("nsp.datasets.load_smart_meter", "data_home"): "new-folder",
    ("nsp.datasets.read_nilm_household_file", "path"): "file",
    ("nsp.datasets.read_redd_channel", "path"): "file",
    ("nsp.datasets.read_redd_labels", "path"): "file",
    ("nsp.datasets.registered_path", "data_home"): "new-folder",
    ("nsp.datasets.sha256_file", "path"): "file",
    ("nsp.datasets.status", "data_home"): "new-folder",
    ("nsp.datasets.unregistered_mirror_files", "mirror"): "folder",
    ("nsp.datasets.verify", "data_home"): "new-folder",
    ("nsp.notebooks.discover", "root"): "folder",
    ("nsp.notebooks.environment_drift", "folder"): "new-folder",
    ("nsp.notebooks.read_notebook", "path"): "file",
    ("nsp.notebooks.run", "nb"): "file",
    ("nsp.notebooks.run", "output"): "new-file",
    ("nsp.notebooks.write_environment", "folder"): "new-folder",
    ("nsp.paths.data_dir", "data_home"): "new-folder",
}

#: The other arguments of a call, where a function needs some (the path is added by name).
PATH_CALLS: dict[str, tuple[tuple, dict]] = {
    "nsp.datasets.fetch": ((["heart_disease_hungarian"],), {"allow_network": False}),
    "nsp.datasets.load_nilm_household": (("UKDALE", 2), {"months": ["2013-06"]}),
    "nsp.datasets.load_redd": ((1,), {"channels": [1]}),
    "nsp.datasets.registered_path": (("adult", "adult.data"), {}),
    "nsp.datasets.verify": (("adult",), {}),
}

_PATH_MODULES = ("nsp.datasets", "nsp.notebooks", "nsp.paths")


def _path_parameters() -> list[tuple[str, str]]:
    """``(function, parameter)`` for every argument of those modules annotated as a path."""
    found = []
    for module_name in make_site.public_modules():
        if not module_name.startswith(_PATH_MODULES):
            continue
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if not inspect.isfunction(obj):
                continue
            for pname, param in inspect.signature(obj).parameters.items():
                if "PathLike" in str(param.annotation):
                    found.append((f"{module_name}.{name}", pname))
    return sorted(found)


def _bad_paths(kind: str, default: Any, tmp: Path) -> list[tuple[str, Any]]:
    """Bad values for a path argument of this kind: None, an int, and the wrong thing on disk."""
    bad: list[tuple[str, Any]] = [("int", 3)]
    if default is not None:
        bad.append(("None", None))
    if kind in ("file", "folder", "any"):
        bad.append(("missing", tmp / "missing" / "nothing.py"))
    if kind in ("file", "new-file"):
        bad.append(("a folder", tmp / "a_folder"))
    if kind in ("folder", "new-folder"):
        bad.append(("a file", tmp / "a_file.py"))
    return bad


def _path_outcome(func: Any, args: tuple, kwargs: dict, pname: str, bad: Any) -> str:
    """ "clear", or what went wrong: a ValueError or TypeError naming the argument, or for a
    missing path a FileNotFoundError naming the argument and the path."""
    named = re.compile(rf"\b{pname}\b")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            func(*args, **{**kwargs, pname: bad})
        return "silent: returned"
    except _Timeout:
        return f"hang: no answer within {SECONDS} s"
    except (ValueError, TypeError) as exc:
        return "clear" if named.search(str(exc)) else f"cryptic: {type(exc).__name__}: {exc}"
    except FileNotFoundError as exc:
        clear = named.search(str(exc)) and str(bad) in str(exc)
        return "clear" if clear else f"cryptic: {type(exc).__name__}: {exc}"
    except Exception as exc:  # noqa: BLE001
        return f"cryptic: {type(exc).__name__}: {exc}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_every_path_argument_has_a_kind():
    assert _path_parameters() == sorted(PATH_ARGUMENTS)


def test_bad_path_arguments_are_refused_by_name(monkeypatch):
    """None, an int, a missing path, a folder for a file and a file for a folder: each refused
    by a clear error naming the argument before anything is read, written or run."""
    monkeypatch.delenv("NSP_DATA_MIRROR", raising=False)  # nothing copied, nothing downloaded
    monkeypatch.setenv("NSP_OFFLINE", "1")
    tmp = Path(tempfile.mkdtemp(prefix="sweep-"))  # no parameter's name in it
    try:
        (tmp / "a_folder").mkdir()
        (tmp / "a_file.py").write_text("x = 1\n")
        nb = tmp / "k" / "01_tiny.py"
        nb.parent.mkdir()
        nb.write_text('# %% tags=["parameters"]\nquick: bool = False  # fast\n')
        calls = {**PATH_CALLS, "nsp.notebooks.run": ((), {"nb": nb})}
        problems = []
        for (qualname, pname), kind in sorted(PATH_ARGUMENTS.items()):
            module_name, name = qualname.rsplit(".", 1)
            func = getattr(importlib.import_module(module_name), name)
            args, kwargs = calls.get(qualname, ((), {}))
            default = inspect.signature(func).parameters[pname].default
            for what, bad in _bad_paths(kind, default, tmp):
                outcome = _path_outcome(func, args, kwargs, pname, bad)
                if outcome != "clear":
                    problems.append(f"{qualname}({pname}=<{what}>): {outcome}"[:300])
        assert not problems, "\n".join(problems)
        assert sorted(p.name for p in tmp.iterdir()) == ["a_file.py", "a_folder", "k"]
    finally:
        shutil.rmtree(tmp)


def main() -> None:
    """Print the counts of the argument sweep and every case that is not clear."""
    counts: dict[str, int] = {}
    for module_name, name in FUNCTIONS:
        for pname, kind, outcome, message in _argument_sweep(module_name, name):
            key = (f"{module_name}.{name}", pname, kind)
            label = "valid" if key in VALID and outcome != "clear" else outcome
            counts[label] = counts.get(label, 0) + 1
            if label not in ("clear", "valid"):
                print(f"{outcome:8s} {module_name}.{name} {pname} <- {kind}: {message}")
    total = sum(counts.values())
    print(f"{total} calls: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
