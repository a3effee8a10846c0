# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     notebook_metadata_filter: kernelspec,jupytext,-jupytext.text_representation
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The five notions on your own table, in one call — the US census as the example
#
# The notebooks `compare/01_census` and `compare/02_heart` build the comparison step by
# step: a joint $p(s,x)$, every method's sweep, every notion with its bootstrap interval,
# the tables and the figures. `nsp.papers.compare.compare_table` does all of it on any table
# of records — a pandas DataFrame, a CSV or Parquet file, or (with `engine="dask"`) files
# beyond memory — given the column of the secret S and the public columns whose
# combinations are X. From a terminal, the same call is
#
# ```
# nsp compare records.csv --secret income --public age,sex,education --out results/
# ```
#
# Here the table is the census (Adult, 48,842 records) with its columns coded as in
# `compare/01_census`: income, age decade, sex, education level (`census_table`). The joint
# the call counts is exactly the census joint of that notebook, so its tables are that
# notebook's tables, with `n_boot` replicates. Its outputs — the count table, the
# diagnostics, the methods that ran, every evaluation, the best methods with their
# statuses, the winner shares, the reversals, the undefined pairs, one frontier figure per
# utility loss and `report.md` — are written into `figures/compare/` with the prefix
# `table_census_`.
#
# Every rule on the input is checked before anything runs, and each broken one is an error
# naming the column: an unknown column, a missing value (nothing is dropped silently), a
# secret with one value, a column with more than `max_values` (200) distinct values — bin
# it first.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sweeps
ci: float = 0.95  # confidence level of the bootstrap intervals [> 0] [< 1]
n_boot: int = 50  # bootstrap replicates, each refitting every fitted method [>= 10]
n_jobs: int = 2  # processes that share the refits (the result does not depend on it) [>= 1]
min_margin: float = 0.001  # least lead (bit) that counts as a win [>= 0]
seed: int = 0  # seed of the resampling [>= 0]

# %%
from IPython.display import Image, Markdown, display

from nsp.papers.compare import census_table, compare_table
from nsp.paths import figures_dir

if quick:
    n_boot = min(n_boot, 10)
table = census_table()
table.head()

# %% [markdown]
# ## The one call
#
# It writes its tables and figures beside this project's figures, each name prefixed with
# `table_census_`: among them the frontier figures `compare/table_census_frontiers_information_loss`
# and `compare/table_census_frontiers_hamming_distortion`.

# %%
result = compare_table(
    table,
    secret="income",
    public=["age", "sex", "education"],
    out=figures_dir() / "compare",
    prefix="table_census_",
    name="census",
    ci=ci,
    n_boot=n_boot,
    seed=seed,
    min_margin=min_margin,
    n_jobs=n_jobs,
    quick=quick,
)
joint = result.joint
print(joint.n_records, "records;", joint.n_s, "values of S;", joint.n_x, "letters of X")
print(len(result.evaluations), "releases; written:", ", ".join(sorted(result.files)))

# %% [markdown]
# ## The report it wrote (`table_census_report.md`)

# %%
display(Markdown(result.report))

# %% [markdown]
# ## One of its figures: every method's frontier under every notion, information loss

# %%
display(Image(filename=str(result.files["table_census_frontiers_information_loss.png"])))

# %% [markdown]
# ## Differences from the paper
# * No single paper does this: each compares its method with its own baseline only. This
#   notebook runs the comparison of `compare/01_census` through the one call a user runs on
#   their own table; the differences from the papers listed there hold here (S = income
#   alone, X unordered, the k-ary randomized response for a non-binary X, Hamming
#   distortion for the Γ(D)-optimal sanitizer).
# * `n_boot` is 50 here (200 in `compare/01_census`), to keep the run short: every
#   replicate refits every fitted method (about 2 s of CPU on the census), so the
#   intervals, and so some statuses at the edge, differ slightly from that notebook's.
# * X is the combinations of the public columns the records take (here all 56 possible
#   ones): a combination no record has would not be a letter of X, as in
#   `census_income_joint`.
