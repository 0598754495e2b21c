"""hexgames: five tile-and-board games behind one rules protocol."""

__version__ = "0.1.0"
