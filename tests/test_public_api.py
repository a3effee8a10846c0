"""The public line: which modules are public, and one import path per public object.

The public API of nsp is what the ``__all__`` of its public modules lists (PEP 8's rule): a public
module is one whose dotted path has no component starting with an underscore. These tests walk
the package independently of the site's own list and check that

* every public module has an ``__all__`` whose names all resolve, and is documented on the site;
* every public object (a function, class or other object defined in nsp) is listed by exactly one
  public ``__all__``: one import path;
* every public name is bound to one object package-wide.

One exception to both, stated: the papers' own names ``algorithm1``, ``algorithm2`` and
``algorithm2_prime`` are permanent aliases of the descriptive functions, in the clustering module
of each paper (so ``algorithm1`` is Ding & Farokhi's Algorithm 1 in ``nsp.clustering.nonstochastic``
and Makhdoumi et al.'s in ``nsp.clustering.funnel``).
* nothing in the package warns of its own deprecation but the released names listed in
  ``DEPRECATED``, each through ``nsp._deprecation`` and each returning what its replacement does.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
import re
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import pytest

import nsp

ROOT = Path(__file__).resolve().parents[1]

#: The papers' own algorithm names: permanent aliases, each in its paper's clustering module.
PAPER_ALIASES = {
    "algorithm1": {"nsp.clustering.funnel", "nsp.clustering.nonstochastic"},
    "algorithm2": {"nsp.clustering.funnel", "nsp.clustering.nonstochastic"},
    "algorithm2_prime": {"nsp.clustering.funnel"},
}

#: Released public names kept for one minor release, each with what to call instead.
DEPRECATED = {"nsp.paths.repo_root": "nsp.paths.project_root"}


def _public_module_names() -> list[str]:
    names = ["nsp"]
    for info in pkgutil.walk_packages(nsp.__path__, "nsp."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            names.append(info.name)
    return sorted(names)


PUBLIC_MODULES = _public_module_names()


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def _is_api_object(obj: object) -> bool:
    """Functions, classes and other objects nsp defines (not modules, not plain constants)."""
    if inspect.ismodule(obj):
        return False
    module = getattr(obj, "__module__", None)
    return isinstance(module, str) and (module == "nsp" or module.startswith("nsp."))


def _listings() -> dict[str, list[tuple[str, object]]]:
    """For every public module, the (name, object) pairs its ``__all__`` lists."""
    out = {}
    for name in PUBLIC_MODULES:
        module = _module(name)
        out[name] = [(public, getattr(module, public)) for public in getattr(module, "__all__", [])]
    return out


def _site_modules() -> list[str]:
    spec = importlib.util.spec_from_file_location("make_site", ROOT / "docs/site/make_site.py")
    assert spec is not None and spec.loader is not None
    make_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_site)
    return list(make_site.public_modules())


def test_the_walk_finds_the_faces():
    # guards the walk itself: a broken walk would make every other test pass vacuously
    for face in ("nsp.info", "nsp.uncertain", "nsp.clustering.funnel", "nsp.papers.noiseless"):
        assert face in PUBLIC_MODULES
    assert len(PUBLIC_MODULES) >= 20


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_every_public_module_lists_its_api_and_every_entry_resolves(name):
    module = _module(name)
    assert hasattr(module, "__all__"), f"{name} is public but has no __all__"
    missing = [public for public in module.__all__ if not hasattr(module, public)]
    assert not missing, f"{name}.__all__ names what the module does not have: {missing}"
    assert len(set(module.__all__)) == len(module.__all__), f"{name}.__all__ repeats a name"


def test_every_public_module_is_documented_on_the_site():
    documented = set(_site_modules())
    undocumented = [name for name in PUBLIC_MODULES if name not in documented]
    assert not undocumented, f"public modules without an API page: {undocumented}"
    private = [name for name in documented if name not in PUBLIC_MODULES]
    assert not private, f"the site documents modules that are not public: {private}"


def test_every_public_function_and_class_has_a_docstring():
    """The API pages show the functions and classes that have a docstring (autodoc without
    ``undoc-members``, so that a dataclass's fields are described once, by its docstring):
    one without would be missing from them. The built pages are checked by ``make site-test``."""
    bare = [
        f"{module}.{name}"
        for module, entries in _listings().items()
        for name, obj in entries
        if (inspect.isfunction(obj) or inspect.isclass(obj)) and not inspect.getdoc(obj)
    ]
    assert not bare, f"public, and not on the API pages for want of a docstring: {bare}"


def test_each_public_object_has_exactly_one_import_path():
    paths: dict[int, list[str]] = defaultdict(list)
    for module, pairs in _listings().items():
        for public, obj in pairs:
            if _is_api_object(obj) and module not in PAPER_ALIASES.get(public, ()):
                paths[id(obj)].append(f"{module}.{public}")
    several = sorted(p for p in paths.values() if len(p) > 1)
    assert not several, "objects with more than one public import path:\n" + "\n".join(
        map(str, several)
    )
    assert len(paths) > 300  # the walk saw the whole API


def test_each_public_name_is_one_object_package_wide():
    homes: dict[str, set[str]] = defaultdict(set)
    for module, pairs in _listings().items():
        for public, obj in pairs:
            if _is_api_object(obj):
                homes[public].add(module)
    clashes = {
        name: sorted(modules)
        for name, modules in homes.items()
        if len(modules) > 1 and modules != PAPER_ALIASES.get(name)
    }
    assert not clashes, f"names bound to different objects in different modules: {clashes}"


def test_the_papers_algorithm_names_are_aliases_of_descriptive_functions():
    from nsp.clustering import funnel, nonstochastic

    for alias, homes in PAPER_ALIASES.items():
        for module in (funnel, nonstochastic):
            if module.__name__ not in homes:
                assert not hasattr(module, alias)
                continue
            assert alias in module.__all__
            function = getattr(module, alias)
            assert function.__name__ != alias, f"{module.__name__}.{alias} is not an alias"
            assert function.__name__ in module.__all__
            assert getattr(module, function.__name__) is function


def _object(dotted: str) -> object:
    module, _, name = dotted.rpartition(".")
    return getattr(_module(module), name)


def test_no_module_warns_of_its_own_deprecation():
    homes = {
        Path(inspect.getsourcefile(inspect.unwrap(_object(name))) or "") for name in DEPRECATED
    }
    offenders = []
    for path in sorted((ROOT / "nsp").rglob("*.py")):
        if path.name == "_deprecation.py" or path in homes:
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"DeprecationWarning|\bdeprecated\(", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, f"deprecation shims outside nsp._deprecation: {offenders}"


@pytest.mark.parametrize(("old", "new"), sorted(DEPRECATED.items()))
def test_a_deprecated_name_warns_and_does_what_its_replacement_does(old, new):
    old_name = old.rpartition(".")[2]
    assert old_name in _module(old.rpartition(".")[0]).__all__  # kept public until removed
    with pytest.warns(DeprecationWarning, match=rf"^{old_name} is deprecated .*; use {new}$"):
        value = _object(old)()
    assert value == _object(new)()


def _leaks(module: ModuleType) -> set[str]:
    """The names ``dir(module)`` shows beyond its ``__all__``, its submodules and dunders."""
    path = getattr(module, "__path__", None)
    submodules = {info.name for info in pkgutil.iter_modules(path)} if path else set()
    dunders = {name for name in dir(module) if name.startswith("__") and name.endswith("__")}
    return set(dir(module)) - dunders - set(module.__all__) - submodules


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_a_public_module_shows_only_its_api(name):
    """``dir()`` of a public module: its ``__all__``, its submodules (public or private) and
    dunders; no helper, no imported module or typing name, no ``annotations``. A module face
    re-exports the ``__all__`` of its private implementation modules."""
    leaks = _leaks(_module(name))
    assert not leaks, f"dir({name}) shows names outside its __all__: {sorted(leaks)}"
