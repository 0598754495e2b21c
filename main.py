"""Entry point: `python main.py` opens the game-selection menu (see hexgames/cli.py for the flags)."""
import sys

from hexgames.cli import main

if __name__ == "__main__":
    sys.exit(main())
