"""Speed benchmarks of nsp (``make bench``); see ``benchmarks/_timing.py`` for the report format.

Progress bars are turned off here: the long runs timed would otherwise print bars into the
report (and the bars' own cost is not what is measured).
"""

import os

os.environ.setdefault("TQDM_DISABLE", "1")
