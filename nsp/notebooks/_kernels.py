"""The kernels of the running notebooks: started quiet, stopped on demand.

jupyter_client starts every kernel in a session of its own, so the terminal's Ctrl-C never
reaches it: a run that only raised ``KeyboardInterrupt`` in the parent waited for the running
notebooks to finish. Every kernel started here is registered, so that :func:`stop_kernels`
(called on Ctrl-C or SIGTERM) can interrupt and then kill them all at once, and every kernel
writes its own log lines through a filter that drops what is noise to the user: ipykernel's
warning about unencrypted TCP on a loopback address it alone can reach, the
``KeyboardInterrupt caught in kernel`` line that every normal shutdown causes (jupyter_client
interrupts a kernel before it asks it to shut down), and everything a kernel says while it is
being stopped (``zmq`` tracebacks of its closing sockets).
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from typing import IO, Any

#: Kernel log lines that carry nothing for the user (substrings).
NOISE = (
    "Kernel is running over TCP without encryption",
    "KeyboardInterrupt caught in kernel",
)


def _quiet_while_stopping(record: logging.LogRecord) -> bool:
    """Drop papermill's log records about kernels dying while they are being stopped."""
    return not _STOPPING.is_set()


_LOCK = threading.Lock()
_LIVE: dict[int, subprocess.Popen[bytes]] = {}
_STOPPING = threading.Event()
logging.getLogger("papermill").addFilter(_quiet_while_stopping)


def stopping() -> bool:
    """Return whether :func:`stop_kernels` was called since the last :func:`reset`."""
    return _STOPPING.is_set()


def reset() -> None:
    """Forget an earlier stop (a new run in the same process starts clean)."""
    _STOPPING.clear()


def _pump(stream: IO[bytes], sink: Any) -> None:
    """Copy a kernel's output lines to ``sink``, without the noise, until the kernel exits."""
    for raw in iter(stream.readline, b""):
        line = raw.decode("utf-8", "replace")
        if _STOPPING.is_set() or any(n in line for n in NOISE):
            continue
        try:
            sink.write(line)
            sink.flush()
        except (OSError, ValueError):  # the terminal is gone: keep draining the pipe
            pass
    stream.close()


def kernel_manager(env: Mapping[str, str]) -> type:
    """Return a kernel manager class: ``env`` added, output filtered, kernel registered."""
    from jupyter_client.manager import AsyncKernelManager  # noqa: PLC0415  (optional dependency: notebooks)

    extra = dict(env)

    class _Manager(AsyncKernelManager):
        async def start_kernel(self, **kw: Any) -> None:  # type: ignore[override]
            if _STOPPING.is_set():
                raise KeyboardInterrupt("the run was interrupted before this kernel started")
            kw["env"] = {**(kw.get("env") or os.environ), **extra}
            kw["stdout"] = kw["stderr"] = subprocess.PIPE
            await super().start_kernel(**kw)
            process = getattr(self.provisioner, "process", None)
            if process is None:
                return
            with _LOCK:
                _LIVE[process.pid] = process
            for stream, sink in ((process.stdout, sys.stdout), (process.stderr, sys.stderr)):
                if stream is not None:
                    threading.Thread(target=_pump, args=(stream, sink), daemon=True).start()
            if _STOPPING.is_set():  # the interrupt came while this kernel was starting
                _kill(process, signal.SIGKILL)

        async def _async_cleanup_resources(self, restart: bool = False) -> None:
            process = getattr(self.provisioner, "process", None)
            await super()._async_cleanup_resources(restart=restart)
            if process is not None:
                with _LOCK:
                    _LIVE.pop(process.pid, None)

    return _Manager


def _kill(process: subprocess.Popen[bytes], sig: int) -> None:
    """Send ``sig`` to the kernel's process group (the kernel and whatever it started)."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, sig)
    except (ProcessLookupError, PermissionError):
        try:
            process.send_signal(sig)
        except ProcessLookupError:
            pass


def stop_kernels(*, grace: float = 0.3, wait: float = 3.0) -> int:
    """Interrupt every running kernel, then kill it, and wait until each has exited.

    The interrupt lets the running cell abandon the file it is writing (the atomic writers delete
    their temporary file); the kill follows after ``grace`` seconds, so that no cell goes on.

    Parameters
    ----------
    grace : float
        Seconds between the interrupt and the kill.
    wait : float
        Seconds to wait, at most, for the killed kernels to exit.

    Returns
    -------
    int
        The number of kernels stopped.
    """
    _STOPPING.set()
    with _LOCK:
        processes = list(_LIVE.values())
    running = [p for p in processes if p.poll() is None]
    for process in running:
        _kill(process, signal.SIGINT)
    if running:
        time.sleep(grace)
    for process in running:
        _kill(process, signal.SIGKILL)
    deadline = time.monotonic() + wait
    for process in running:
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
    return len(running)
