"""The app's data files (theme, translations, rules help, maps), installed as `hexgames.assets`.

This folder stays at the top of the repository; `setup.py` maps it into the package so a regular
install carries it. Code finds it through `hexgames.paths`, never by a path relative to a module.
"""
