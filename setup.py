"""Build hook for the one compiled part: ``tieout._digitruns`` (everything else is in pyproject.toml).

The extension is optional: where no C compiler is found, tieout installs without it and
``figures.number_places`` reads digit runs in Python instead (same answers, slower).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("tieout._digitruns", ["tieout/_digitruns.c"], optional=True),
    ]
)
