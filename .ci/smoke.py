"""Smoke test of an installed nsp: one function per paper, one number each.

``make dist`` runs it in a fresh virtual environment holding only the built wheel and the
dependencies it declares (at the locked versions), from a folder outside the checkout, so that it
imports the wheel's ``nsp``.
It exits non-zero, naming the check, if a number is wrong or ``nsp`` is not the installed one.
"""

from __future__ import annotations

import math
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import numpy as np

import nsp
from nsp.clustering.funnel import greedy_privacy_funnel
from nsp.clustering.nonstochastic import merge_by_leakage
from nsp.noiseless import noiseless_epsilon
from nsp.privacy_channels import (
    ProductUniverse,
    individual_channel_capacity,
    randomized_response_channel,
)
from nsp.ratedistortion import hamming_distortion, max_equivocation


def _h(p: float) -> float:
    return -p * math.log2(p) - (1 - p) * math.log2(1 - p)


def check(name: str, got: float, want: float, tol: float = 1e-6) -> None:
    """Print one check; exit 1 if ``got`` is not ``want`` within ``tol``."""
    ok = abs(got - want) <= tol
    print(f"{'ok ' if ok else 'BAD'} {name}: {got:.9g} (expected {want:.9g})")
    if not ok:
        sys.exit(1)


def main() -> None:
    """Run the checks."""
    where = Path(nsp.__file__).resolve()
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    if site not in where.parents:
        sys.exit(f"BAD nsp is imported from {where}, not from the installed wheel in {site}")
    print(f"nsp {nsp.__version__} (nsp-privacy {metadata.version('nsp-privacy')}) from {where}")

    # agglomerative: Algorithm 1 on the range of Example 1 (U1, λ = 0.3), Example 2's first step
    mask = np.zeros((6, 7), dtype=bool)
    mask[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    res = merge_by_leakage(mask, 0.3)
    check("agglomerative: Example 2, first ΔL", res.history[1].delta, -0.5245, tol=5e-5)

    # noiseless: the sum of two bits reveals each bit given the other, 1 bit
    check("noiseless: ε of x1 + x2", noiseless_epsilon(lambda x: x[0] + x[1], [[0, 1], [0, 1]]), 1)

    # privacy_channels: Example 1 with randomized response p = 0.1, C_1 = 1 - h(0.1) bits
    universe = ProductUniverse([(0, 1, 2), (0, 1)])
    channel = randomized_response_channel(universe, lambda a, b: int(a == b), p=0.1)
    check("privacy_channels: C_1", individual_channel_capacity(channel).value, 1 - _h(0.1))

    # utility_privacy: Γ(D) of Remark 4's source, h(D) at D = 1/4
    p_src = np.zeros((4, 2))
    p_src[[0, 1], 0] = 0.25
    p_src[[2, 3], 1] = 0.25
    gamma = max_equivocation(p_src, hamming_distortion(4), 0.25).gamma
    check("utility_privacy: Γ(1/4)", gamma, _h(0.25))

    # privacy_funnel: S the parity of a uniform X: no leakage at one bit of disclosure
    funnel = greedy_privacy_funnel([[0.25, 0, 0.25, 0], [0, 0.25, 0, 0.25]], 1.0)
    check("privacy_funnel: leakage at 1 bit", funnel.leakage, 0.0)
    check("privacy_funnel: disclosure (utility)", funnel.utility, 1.0)


if __name__ == "__main__":
    main()
