import sys

from hexgames.cli import main

sys.exit(main())
