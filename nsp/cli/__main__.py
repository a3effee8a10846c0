"""``python -m nsp.cli`` is the ``nsp`` command, as ``python -m nsp`` is."""

import sys

from nsp.cli import main

sys.exit(main())
