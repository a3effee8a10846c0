"""The lazy paper packages (nsp._lazy): their tables, and the errors of a wrong name."""

from __future__ import annotations

import importlib

import pytest

from nsp import _lazy
from nsp.papers import PAPERS
from nsp.paths import project_root

PACKAGES = [key for key in PAPERS if (project_root() / "nsp" / "papers" / key).is_dir()]


def test_a_name_under_two_submodules_is_refused():
    with pytest.raises(ValueError, match=r"\['f'\] under more than one submodule"):
        _lazy.exported({"_a": ("f", "g"), "_b": ("f",)})


def test_an_unknown_name_is_an_attribute_error_naming_the_package():
    from nsp.papers import agglomerative

    with pytest.raises(AttributeError, match="'nsp.papers.agglomerative' has no attribute 'nope'"):
        agglomerative.nope  # noqa: B018
    assert not hasattr(agglomerative, "nope")


@pytest.mark.parametrize("key", PACKAGES)
def test_every_paper_package_is_lazy_and_its_table_matches_its_modules(key):
    """The table read from the source (what staleness follows) is the one the package runs,
    and each name comes from the submodule it is listed under."""
    package = importlib.import_module(f"nsp.papers.{key}")
    table = _lazy.read_table(project_root() / "nsp" / "papers" / key / "__init__.py")
    assert table is not None, f"nsp.papers.{key} is not lazy"
    assert table == package._EXPORTS
    assert package.__all__ == _lazy.exported(table) and dir(package) == sorted(package.__all__)
    for module, names in table.items():
        loaded = importlib.import_module(f"nsp.papers.{key}.{module}")
        for name in names:
            expected = loaded if name == module else vars(loaded)[name]
            assert getattr(package, name) is expected
        if names != (module,):  # the table lists what the submodule declares, no more, no less
            assert set(names) == set(loaded.__all__), f"{key}.{module}: table and __all__ differ"


def test_a_package_without_a_table_reads_as_not_lazy():
    assert _lazy.read_table(project_root() / "nsp" / "notions" / "__init__.py") is None
