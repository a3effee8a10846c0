"""``python -m nsp`` is the ``nsp`` command."""

import sys

from nsp.cli import main

sys.exit(main())
