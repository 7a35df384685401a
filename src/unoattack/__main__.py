"""``python -m unoattack``: the ``unoattack`` command, for an interpreter of one's choosing
(``scripts/bot_strength.py line`` runs its tournaments so)."""

import sys

from unoattack.cli import main

sys.exit(main())
