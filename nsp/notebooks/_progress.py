"""What a run says while it runs: each notebook as it starts and ends, and where a long one is."""

from __future__ import annotations

import sys
import threading
import time
from typing import IO

#: Seconds between two "still running" lines for a notebook that has not finished.
HEARTBEAT = 20.0


class Progress:
    """Print one line when a notebook starts, one when it ends, and where the long ones are.

    Parameters
    ----------
    total : int
        The notebooks of the run (shown as ``[done/total]``).
    stream : file, optional
        Where the lines go; default ``sys.stderr``.
    heartbeat : float, optional
        Seconds between two lines naming the cell a running notebook is in; default
        :data:`HEARTBEAT`.
    enabled : bool
        Print nothing when False (the hooks still record the cells).
    """

    def __init__(
        self,
        total: int,
        *,
        stream: IO[str] | None = None,
        heartbeat: float | None = None,
        enabled: bool = True,
    ) -> None:
        self.total, self.enabled = total, enabled
        self.heartbeat = HEARTBEAT if heartbeat is None else heartbeat
        self._stream = stream
        self._lock = threading.Lock()
        self._running: dict[str, list[float | int]] = {}  # key -> [start, cell, cells, said]
        self._ended = 0
        self._started: set[str] = set()
        self._outcomes: dict[str, str] = {}
        self._quit = threading.Event()
        self._thread: threading.Thread | None = None

    def _say(self, line: str) -> None:
        if not self.enabled:
            return
        stream = self._stream or sys.stderr
        try:
            print(line, file=stream, flush=True)
        except (OSError, ValueError):
            pass

    def __enter__(self) -> Progress:
        if self.enabled and self.heartbeat > 0:
            self._thread = threading.Thread(target=self._beat, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._quit.set()

    def _beat(self) -> None:
        while not self._quit.wait(min(self.heartbeat, 1.0)):
            now = time.monotonic()
            with self._lock:
                due = [
                    (key, state)
                    for key, state in self._running.items()
                    if now - state[3] >= self.heartbeat
                ]
                for _, state in due:
                    state[3] = now
            for key, (start, cell, cells, _) in due:
                where = f"cell {int(cell)} of {int(cells)}" if cells else "starting its kernel"
                self._say(f"  ... {key}: {where}, {now - start:.0f} s so far")

    def started(self, key: str) -> None:
        """Record and announce that ``key`` started."""
        now = time.monotonic()
        with self._lock:
            self._running[key] = [now, 0, 0, now]
            self._started.add(key)
        self._say(f"start {key}")

    def cell(self, key: str, index: int, cells: int) -> None:
        """Record that ``key`` is now in its code cell ``index`` (1-based) of ``cells``."""
        with self._lock:
            if key in self._running:
                self._running[key][1:3] = [index, cells]

    def ended(self, key: str, outcome: str) -> float:
        """Announce that ``key`` ended (``outcome``: done, FAILED...); return its seconds."""
        with self._lock:
            start = float(self._running.pop(key, [time.monotonic()])[0])
            self._outcomes[key] = outcome
            self._ended += 1
            count = f"[{self._ended}/{self.total}] " if self.total > 1 else ""
        seconds = time.monotonic() - start
        self._say(f"{count}{outcome} {key} in {seconds:.1f} s")
        return seconds

    def running(self) -> list[str]:
        """Return the notebooks started and not ended."""
        with self._lock:
            return sorted(self._running)

    def started_ever(self) -> set[str]:
        """Return the notebooks that started (running or ended)."""
        with self._lock:
            return set(self._started)

    def ended_with(self, outcome: str) -> list[str]:
        """Return the notebooks that ended with ``outcome`` (``"stopped"``, ``"done"``...)."""
        with self._lock:
            return sorted(k for k, o in self._outcomes.items() if o == outcome)
