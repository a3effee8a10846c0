"""Validate the docstrings of nsp's public API with numpydoc; report See Also and References.

The public API is every name in ``__all__`` of every public module of :mod:`nsp` (no part of
its dotted name starts with an underscore), the lazy paper packages included (their names
resolve through ``__getattr__``), and the public methods of the public classes (an override
without a docstring of its own inherits its base's, and is checked there). Each object
is checked once, under the first public name that lists it, with ``numpydoc.validate`` and
the checks of ``[tool.numpydoc_validation]`` in pyproject.toml (``checks``, with
``exclude`` for objects whose name matches a regular expression there).

It then counts, over the public functions (the functions in ``__all__``; each once), the
share whose docstring has a See Also section, a References section and an Examples section,
and fails if the See Also share is below ``see_also_min`` of that same table, or the
Examples share below ``examples_min`` (EX01 is not required of each function: most of those
without Examples read files, run notebooks or parse the command line). A See Also target
must name an object: a qualified name, or a name of the module that lists the function.

Run from the repository's root (``make lint`` does)::

    .venv/bin/python .ci/docstrings.py            # the failures, then the shares
    .venv/bin/python .ci/docstrings.py --list SA  # the public functions without See Also
    .venv/bin/python .ci/docstrings.py --list RF  # ... without References (EX: Examples)
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import pkgutil
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from numpydoc.docscrape import get_doc_object
from numpydoc.validate import get_validation_checks, validate

import nsp

ROOT = Path(__file__).resolve().parent.parent


def public_modules() -> list[str]:
    """Return the dotted names of nsp's public modules, ``nsp`` first."""
    names = ["nsp"]
    for info in pkgutil.walk_packages(nsp.__path__, "nsp."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


def public_api() -> Iterator[tuple[str, object, str, str]]:
    """Yield ``(qualified name, object, kind, module)`` once per public object.

    The kind is ``"function"``, ``"class"`` or ``"method"``, and the module the one whose
    ``__all__`` lists it; modules and constants that a module's ``__all__`` lists are not
    docstring-bearing objects and are left out.
    """
    seen: set[int] = set()
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.ismodule(obj) or id(obj) in seen:
                continue
            if inspect.isclass(obj):
                seen.add(id(obj))
                yield f"{module_name}.{name}", obj, "class", module_name
                for attr, member in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if isinstance(member, staticmethod | classmethod):
                        member = member.__func__
                    if not (inspect.isfunction(member) or isinstance(member, property)):
                        continue
                    if member.__doc__ is None and inspect.getdoc(getattr(obj, attr)):
                        continue  # an override that inherits its base's docstring (as help shows)
                    yield f"{module_name}.{name}.{attr}", member, "method", module_name
            elif inspect.isfunction(obj) or inspect.isbuiltin(obj):
                seen.add(id(obj))
                yield f"{module_name}.{name}", obj, "function", module_name


def sections(obj: object) -> dict[str, object]:
    """Return the parsed numpydoc sections of ``obj``'s docstring."""
    return dict(get_doc_object(obj)._parsed_data)


def fields_documented(cls: object) -> bool:
    """Return whether every parameter of a class is documented as a parameter or an attribute.

    A result record (a dataclass, an exception carrying its details) documents its fields once,
    under Attributes, as numpydoc recommends; they are its constructor's parameters too. A
    subclass's inherited fields are documented by its base classes of nsp.
    """
    documented = {
        name.strip()
        for klass in inspect.getmro(cls)  # type: ignore[arg-type]
        if klass.__module__.startswith("nsp")
        for section in ("Parameters", "Attributes", "Other Parameters")
        for entry in sections(klass)[section]  # type: ignore[attr-defined]
        for name in entry.name.split(",")
    }
    try:
        parameters = inspect.signature(cls).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return all(
        p in documented or p.lstrip("*") in documented
        for p, info in parameters.items()
        if info.kind not in (info.VAR_POSITIONAL, info.VAR_KEYWORD)
    )


def unresolved_see_also(obj: object, module: str) -> list[str]:
    """Return the See Also targets of ``obj``, listed by ``module``, that name no object.

    A target is a qualified name (``nsp.info.entropy``), a name of the module that lists the
    object (``entropy``), or a class's member there (``JointRange.from_pmf``): what the API
    pages, one per public module, resolve.
    """
    return [
        target
        for group, _ in sections(obj)["See Also"]  # type: ignore[attr-defined]
        for target, _role in group
        if not (_exists(target) or _exists(f"{module}.{target}"))
    ]


def _exists(dotted: str) -> bool:
    """Return whether ``dotted`` names an importable object (a module or an attribute chain)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return False
        return True
    return False


def main(argv: list[str] | None = None) -> int:
    """Validate, report, and return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--list",
        choices=["SA", "RF", "EX"],
        help="list the public functions without See Also (SA), References (RF) or Examples (EX)",
    )
    args = parser.parse_args(argv)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["numpydoc_validation"]
    checks = get_validation_checks(set(config["checks"]))
    excluded = [re.compile(pattern) for pattern in config.get("exclude", [])]

    failures: list[str] = []
    functions: list[tuple[str, dict[str, object]]] = []
    for name, obj, kind, module in public_api():
        failures += [
            f"{name}: See Also names no object: {t}" for t in unresolved_see_also(obj, module)
        ]
        if kind == "function":
            functions.append((name, sections(obj)))
        if isinstance(obj, property) or any(p.search(name) for p in excluded):
            continue
        for code, message in validate(name)["errors"]:
            if code == "PR01" and kind == "class" and fields_documented(obj):
                continue
            if code in checks:
                failures.append(f"{name}: {code} {message}")

    lacking = {
        "SA": [n for n, s in functions if not s["See Also"]],
        "RF": [n for n, s in functions if not s["References"]],
        "EX": [n for n, s in functions if not s["Examples"]],
    }
    if args.list:
        print("\n".join(lacking[args.list]))
        return 0
    for line in failures:
        print(line)
    total = len(functions)
    shares = {key: 1 - len(names) / total for key, names in lacking.items()}
    print(
        f"numpydoc: {len(failures)} failure(s) of {len(checks)} checks "
        f"({', '.join(sorted(checks))}); "
        f"by code: {dict(Counter(f.split(': ')[1].split()[0] for f in failures))}"
    )
    print(
        f"public functions: {total}; "
        + ", ".join(
            f"{label} in {total - len(lacking[key])} ({shares[key]:.0%})"
            for key, label in (("SA", "See Also"), ("RF", "References"), ("EX", "Examples"))
        )
    )
    status = 1 if failures else 0
    for key, label, option in (
        ("SA", "See Also", "see_also_min"),
        ("EX", "Examples", "examples_min"),
    ):
        minimum = float(config.get(option, 0.0))
        if shares[key] < minimum:
            print(f"{label} is in {shares[key]:.1%} of public functions, below {minimum:.0%}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
