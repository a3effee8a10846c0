"""A warning when the local Dask workers would wait for cores (nsp._dask.crowded_workers)."""

from __future__ import annotations

import sys
import types

import pytest

from nsp import _dask


def _client(workers: dict[str, dict[str, object]]) -> types.ModuleType:
    class Client:
        def scheduler_info(self) -> dict[str, object]:
            return {"workers": workers}

    module = types.ModuleType("distributed")
    module.default_client = Client  # type: ignore[attr-defined]
    return module


def _machine(monkeypatch, *, cores: int, load: float) -> None:
    monkeypatch.setattr(_dask.os, "sched_getaffinity", lambda pid: set(range(cores)))
    monkeypatch.setattr(_dask.os, "getloadavg", lambda: (load, load, load))


TWO_LOCAL = {
    "tcp://127.0.0.1:40001": {"host": "127.0.0.1", "nthreads": 1},
    "tcp://127.0.0.1:40002": {"host": "127.0.0.1", "nthreads": 1},
}


def test_no_client_no_warning(monkeypatch):
    monkeypatch.delitem(sys.modules, "distributed", raising=False)
    assert _dask.crowded_workers() is None


@pytest.mark.parametrize(
    ("workers", "cores", "load", "expected"),
    [
        (TWO_LOCAL, 2, 0.5, None),  # two workers, two idle cores
        (TWO_LOCAL, 2, 10.0, "2 workers share 2 cores at load average 10.0"),
        (TWO_LOCAL, 1, 0.0, "2 workers with 2 threads share 1 cores"),
        ({"tcp://127.0.0.1:1": {"host": "127.0.0.1", "nthreads": 4}}, 2, 0.0, "4 threads"),
        ({"tcp://127.0.0.1:1": {"host": "127.0.0.1", "nthreads": 1}}, 2, 10.0, None),  # one
        (
            {  # workers on other machines are not this machine's
                "tcp://10.9.9.1:1": {"host": "10.9.9.1", "nthreads": 8},
                "tcp://10.9.9.2:1": {"host": "10.9.9.2", "nthreads": 8},
            },
            2,
            10.0,
            None,
        ),
    ],
)
def test_local_workers_that_would_wait_for_cores_are_named(
    monkeypatch, workers, cores, load, expected
):
    monkeypatch.setitem(sys.modules, "distributed", _client(workers))
    _machine(monkeypatch, cores=cores, load=load)
    said = _dask.crowded_workers()
    if expected is None:
        assert said is None
    else:
        assert said is not None and expected in said and "engine='stream'" in said


def test_every_dask_path_warns_through_import_dask(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", _client(TWO_LOCAL))
    _machine(monkeypatch, cores=2, load=10.0)
    with pytest.warns(UserWarning, match="would wait for cores"):
        _dask.import_dask(frames=False)
