"""Speed benchmarks of nsp (``make bench``); see ``benchmarks/_timing.py`` for the report format.

Progress bars are turned off here: the long runs timed would otherwise print bars into the
report (and the bars' own cost is not what is measured). BLAS runs on one thread, as in the
notebooks' kernels, unless ``OPENBLAS_NUM_THREADS`` says otherwise: on a shared 2-core machine
idle BLAS threads spin and bill 7–10 times the CPU of the work, and both sides of a row (nsp
and its anchor) then run alike. Only BLAS: ``OMP_NUM_THREADS`` would also cap Arrow's thread
pool, which the out-of-core benchmark measures.
"""

import os

os.environ.setdefault("TQDM_DISABLE", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
