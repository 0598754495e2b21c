"""A game's layout and input are pure: they run in a fresh interpreter that never opens a display,
never starts pygame's fonts and never loads pygame_gui. One check, shared by every game's layout test."""
from __future__ import annotations

import subprocess
import sys


def assert_runs_without_display(code: str) -> None:
    """Run `code` (pygame already imported as `pygame`) in a fresh interpreter, then check that no
    display, no font system and no pygame_gui came up."""
    probe = ("import sys, pygame\n" + code +
             "\nprint(pygame.display.get_init(), 'pygame_gui' in sys.modules, pygame.font.get_init())\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         env={"PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""})
    assert out.stdout.split() == ["False", "False", "False"]
