# SPDX-License-Identifier: Apache-2.0
"""`pip install ./python`: builds the module with the project's CMake (no
download: pybind11 and every library come from Debian, scripts/install-deps.sh)
for the interpreter running pip, and installs the package `pith`.

    python3 -m pip install --no-build-isolation ./python

--no-build-isolation makes pip use the installed setuptools and wheel
(python3-setuptools, python3-wheel) instead of fetching them from PyPI.
PITH_JOBS sets the build's parallel jobs (default 2); `pip install -v` shows
CMake's progress (pip hides a build backend's output otherwise). The CLI is
built too and bundled as pith/_bin/pith, which the `pith` console script runs.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as fh:
        return re.search(r"project\(pith VERSION ([0-9.]+)", fh.read()).group(1)


class CMakeBuild(build_ext):
    """Configures the whole project (tests and bench off) and builds the module
    and the CLI."""

    def build_extension(self, ext):
        build_dir = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        subprocess.check_call([
            "cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
            "-DPython_EXECUTABLE=" + sys.executable, "-DPITH_PYTHON=ON",
            "-DPITH_BUILD_TESTS=OFF", "-DPITH_BUILD_BENCH=OFF"])
        subprocess.check_call(["cmake", "--build", build_dir, "--target", "pith_python", "pith_cli",
                               "-j", os.environ.get("PITH_JOBS", "2")])
        built = glob.glob(os.path.join(build_dir, "python", "pith", "_pith*.so"))
        if not built:
            raise RuntimeError("pith: the CMake build made no module; is pybind11 installed "
                               "(scripts/install-deps.sh)? See its configure output above.")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)
        cli = os.path.join(os.path.dirname(target), "_bin", "pith")
        os.makedirs(os.path.dirname(cli), exist_ok=True)
        shutil.copy2(os.path.join(build_dir, "pith"), cli)


setup(
    name="pith",
    version=project_version(),
    description="Main-content extraction from web pages (Python binding of the pith C++ library)",
    packages=["pith"],
    package_data={"pith": ["py.typed", "_pith.pyi"]},
    entry_points={"console_scripts": ["pith = pith._cli:main"]},
    classifiers=[
        "License :: OSI Approved :: Apache Software License",
        "Programming Language :: Python :: 3",
        "Programming Language :: C++",
        "Operating System :: POSIX :: Linux",
        "Topic :: Text Processing :: Markup :: HTML",
        "Topic :: Internet :: WWW/HTTP :: Indexing/Search",
        "Typing :: Typed",
    ],
    ext_modules=[Extension("pith._pith", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
    license="Apache-2.0",
    license_files=["LICENSE", "NOTICE"],
    zip_safe=False,
)
