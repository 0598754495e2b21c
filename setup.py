"""Packaging beyond what pyproject.toml can say: the top-level `assets/` folder ships inside the
package as `hexgames.assets`, so a wheel or `pipx install` carries the theme, translations, rules help
and maps, while the repository keeps `assets/` at the top where people look for it.

(pyproject.toml's `packages.find` cannot add a package that lives outside `hexgames/`, hence this file.)
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["hexgames", "hexgames.*"]) + ["hexgames.assets"],
    package_dir={"hexgames.assets": "assets"},
    # every file under assets/, at any depth: new games' rules and translations ship without edits here
    package_data={"hexgames.assets": ["*", "**/*"]},
    zip_safe=False,  # pygame_gui and the map loader need real files on disk
)
