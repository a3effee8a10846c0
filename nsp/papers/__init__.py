"""One module per paper: its instances, printed values, closed forms and table builders.

The general modules of :mod:`nsp` (measures, channels, solvers, clustering) hold no
paper-specific code; everything a paper's notebooks and tests need beyond them lives in
``nsp.papers.<key>``. The key is the same everywhere: notebook folder ``notebooks/<key>/``,
figure folder ``figures/<key>/``, module ``nsp.papers.<key>``.

======================  ==========================================================================
key                     paper
======================  ==========================================================================
``agglomerative``       N. Ding, F. Farokhi, *Developing non-stochastic privacy-preserving policies
                        using agglomerative clustering*, IEEE Trans. Inf. Forensics Security, 2020
``noiseless``           F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019
``privacy_channels``    G. Wu, *Constructing privacy channels from information channels*,
                        arXiv:1910.09235, 2019
``utility_privacy``     L. Sankar, S. R. Rajagopalan, H. V. Poor, *Utility-privacy tradeoff in
                        databases: an information-theoretic approach*, IEEE Trans. Inf. Forensics
                        Security 8(6), 2013, arXiv:1102.3751
``privacy_funnel``      A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, *From the information
                        bottleneck to the privacy funnel*, IEEE ITW 2014,
                        doi:10.1109/ITW.2014.6970882
``compare``             not a paper: every paper's method measured by every notion on the same
                        joints (:mod:`nsp.papers.compare`)
======================  ==========================================================================

:func:`paper_vs_ours` builds every "paper vs ours" table.
"""

from nsp.papers._tables import paper_vs_ours

__all__ = ["PAPERS", "paper_vs_ours"]

#: The keys of :mod:`nsp.papers`: the five papers, in the order of the README, then the
#: comparison (``compare``). Each is a module ``nsp.papers.<key>``, a notebook folder
#: ``notebooks/<key>/`` and a figure folder ``figures/<key>/``.
PAPERS: tuple[str, ...] = (
    "agglomerative",
    "noiseless",
    "privacy_channels",
    "utility_privacy",
    "privacy_funnel",
    "compare",
)
