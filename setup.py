"""Builds the extension seega._seega with the project's CMake preset (release unless SEEGA_PRESET says
another) and installs the package CMake put together in build/<preset>/python/seega. SEEGA_PACKAGE_DIR
names a package already built instead (the install test, which must not rebuild the tree it tests). The
metadata is in pyproject.toml."""

import os
import pathlib
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

ROOT = pathlib.Path(__file__).resolve().parent


class BuildWithCMake(build_py):
    def run(self):
        built = os.environ.get("SEEGA_PACKAGE_DIR")
        if built:
            built = pathlib.Path(built)
        else:
            preset = os.environ.get("SEEGA_PRESET", "release")
            subprocess.check_call(["cmake", "--preset", preset], cwd=ROOT)
            subprocess.check_call(["cmake", "--build", "--preset", preset, "--target", "seega_python"], cwd=ROOT)
            built = ROOT / "build" / preset / "python" / "seega"
        if not any(built.glob("_seega*.so")):
            raise RuntimeError(f"{built}: no extension built (pybind11-dev and python3-dev: bash scripts/deps.sh)")
        target = pathlib.Path(self.build_lib) / "seega"
        target.mkdir(parents=True, exist_ok=True)
        for f in built.iterdir():
            shutil.copy2(f, target / f.name)


class BinaryDistribution(Distribution):
    """A wheel for this platform: the package holds a compiled extension."""

    def has_ext_modules(self):
        return True


setup(packages=["seega"], package_dir={"": "python"}, cmdclass={"build_py": BuildWithCMake},
      distclass=BinaryDistribution)
