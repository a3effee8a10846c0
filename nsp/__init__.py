"""nsp: privacy measured with information — measures, algorithms and reproducible figures of five papers.

Modules
-------
info            Shannon measures on pmf arrays (entropy, mutual information, divergences, leakages)
uncertain       non-stochastic (range-based) measures: H0, I0, L0, maximin information, k-anonymity
channels        channels, capacity, differential-privacy epsilon
ratedistortion  rate-distortion and the utility-privacy tradeoff
clustering      merge-based algorithms (agglomerative non-stochastic privacy, privacy funnel)
datasets        the data registry, fetching and loaders
plotting        style and deterministic figure saving
"""

__version__ = "0.1.0"
