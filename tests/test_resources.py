import warnings

import pytest

from nsp._resources import LargeInputWarning, check_memory, format_bytes, progress


def test_refuses_with_both_numbers():
    with pytest.raises(MemoryError, match=r"needs about 8 GiB .* only 4 GiB"):
        check_memory(8 * 2**30, what="x", available=4 * 2**30)


def test_warns_between_a_quarter_and_four_fifths():
    with pytest.warns(LargeInputWarning, match="50%"):
        check_memory(2 * 2**30, what="x", available=4 * 2**30)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_memory(2**30 - 1, what="x", available=4 * 2**30)


@pytest.mark.parametrize(
    ("n", "text"), [(0, "0 B"), (1023, "1023 B"), (1024, "1 KiB"), (2**20, "1 MiB")]
)
def test_format_bytes(n, text):
    assert format_bytes(n) == text


def test_progress_yields_everything_and_respects_tqdm_disable(monkeypatch, capsys):
    monkeypatch.setenv("TQDM_DISABLE", "1")
    assert list(progress(iter(range(5)), desc="d", enabled=True)) == list(range(5))
    assert capsys.readouterr().err == ""
    monkeypatch.delenv("TQDM_DISABLE")
    assert list(progress(range(3), desc="shown", enabled=True)) == [0, 1, 2]
    assert "shown" in capsys.readouterr().err
