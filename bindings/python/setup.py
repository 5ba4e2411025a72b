"""Builds the gbr package: the extension gbr._gbr compiled from libgbr's own
sources (src/lib, src/ref, src/fast, src/codec_interface, src/include of the
repository), and the vectors' JSON files (spec/vectors/json) as package data.

    /usr/bin/python3 -m venv --system-site-packages VENV
    VENV/bin/pip install --no-build-isolation bindings/python

GBR_SOURCE_DIR names the repository when this folder is built from a copy
(the CTest test does so, to keep the build out of the source tree); by
default it is the folder two levels up. CFLAGS and LDFLAGS are honoured as
by any setuptools build (the ASan test passes the sanitizer flags there).
"""
import glob
import os
import shutil
import sys

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.environ.get("GBR_SOURCE_DIR") or os.path.join(HERE, "..", ".."))
SRC = os.path.join(ROOT, "src")
if not os.path.isfile(os.path.join(SRC, "include", "gbr.h")):
    sys.exit(f"setup.py: no libgbr sources at {SRC} (set GBR_SOURCE_DIR to the repository)")

# libgbr is these three folders of sources (src/README.md, src/CMakeLists.txt).
LIBGBR_SOURCES = sorted(
    path for layer in ("lib", "ref", "fast") for path in glob.glob(os.path.join(SRC, layer, "*.c"))
)


def read_version():
    with open(os.path.join(SRC, "include", "gbr.h"), encoding="utf-8") as header:
        for line in header:
            if line.startswith("#define GBR_VERSION_STRING"):
                return line.split('"')[1]
    sys.exit("setup.py: GBR_VERSION_STRING not found in gbr.h")


class BuildWithVectors(build_py):
    """Copies spec/vectors/json/*.json into the package (gbr/vectors/)."""

    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "gbr", "vectors")
        os.makedirs(target, exist_ok=True)
        for path in sorted(glob.glob(os.path.join(ROOT, "spec", "vectors", "json", "*.json"))):
            shutil.copyfile(path, os.path.join(target, os.path.basename(path)))


setup(
    name="gbr",
    version=read_version(),
    description="The GBR code of chess endgame studies: libgbr for Python, with its conformance kit",
    license="See the repository's LICENSE",
    python_requires=">=3.8",
    packages=["gbr"],
    package_data={"gbr": ["py.typed", "*.pyi"]},
    ext_modules=[
        Extension(
            "gbr._gbr",
            sources=[os.path.join(HERE, "gbr", "_gbr.c")] + LIBGBR_SOURCES,
            include_dirs=[os.path.join(SRC, d) for d in ("include", "codec_interface", "ref", "fast", "lib")],
            # libgbr's functions are GBR_API (default visibility): in a
            # shared object each call between them would go through the PLT
            # and none could be inlined, which costs the composed FEN
            # conversions near half their rate. Only PyInit__gbr is exported.
            extra_compile_args=["-std=c11", "-fvisibility=hidden", "-fno-semantic-interposition"],
            extra_link_args=["-Wl,--version-script=" + os.path.join(HERE, "gbr", "_gbr.map")],
        )
    ],
    cmdclass={"build_py": BuildWithVectors},
    zip_safe=False,
)
