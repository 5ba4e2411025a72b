"""Builds the gbr package (pyproject.toml holds its metadata): the extensions
gbr._gbr, gbr._collection and gbr._census compiled from libgbr's own sources
and the collection reader's or the census's (gbr_build.py says which, through the link csrc to the
repository's src/), and the vectors' JSON files (gbr/vectors, a link to
spec/vectors/json) as package data.

    /usr/bin/python3 -m venv --system-site-packages VENV
    VENV/bin/pip install --no-build-isolation bindings/python

A source distribution (python3 -m build --no-isolation --sdist) carries the
files behind the links, so it builds alone. CFLAGS and LDFLAGS are honoured
as by any setuptools build (the ASan test passes the sanitizer flags there);
GBR_KEEP_SYMBOLS=1 leaves the extensions unstripped.
"""
import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gbr_build  # noqa: E402  (beside this file, in the sdist too)

if not os.path.isfile(os.path.join(HERE, gbr_build.CSRC, gbr_build.LIST)):
    sys.exit(f"setup.py: no libgbr sources at {os.path.join(HERE, gbr_build.CSRC)} (the link to src/ or the sdist's copy)")


class BuildExtensions(build_ext):
    """Compiles libgbr and each part (the collection reader, the census)
    once, with their own flags, and links each extension with the objects
    and libraries it needs and a version script that exports its PyInit_
    function alone."""

    def build_extensions(self):
        compile_args = dict(output_dir=self.build_temp, extra_postargs=gbr_build.LIBRARY_ARGS, debug=self.debug)
        libgbr = self.compiler.compile(gbr_build.libgbr_sources(), include_dirs=gbr_build.include_dirs(False),
                                       depends=gbr_build.libgbr_headers(), **compile_args)
        parts = {part: self.compiler.compile(gbr_build.part_sources(part), include_dirs=gbr_build.include_dirs(part),
                                             depends=gbr_build.libgbr_headers() + gbr_build.part_headers(part),
                                             **compile_args)
                 for part in gbr_build.PARTS}
        strip = [] if os.environ.get("GBR_KEEP_SYMBOLS") == "1" else gbr_build.STRIP_ARGS
        os.makedirs(self.build_temp, exist_ok=True)
        for ext in self.extensions:
            script = os.path.join(self.build_temp, ext.name + ".map")
            with open(script, "w", encoding="utf-8") as f:
                f.write(gbr_build.version_script(ext.name))
            part = gbr_build.EXTENSIONS[ext.name][1]
            ext.extra_objects = libgbr + (parts[part] if part else [])
            ext.extra_link_args = ["-Wl,--version-script=" + script] + strip
        super().build_extensions()


class SourceDistribution(sdist):
    """Carries the C files gbr_build.py names, read through the link csrc,
    so that the source distribution builds alone."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, sorted(set(files) | set(gbr_build.sdist_files())))


def extension(name):
    source, part = gbr_build.EXTENSIONS[name]
    headers = gbr_build.libgbr_headers() + gbr_build.part_headers(part)
    return Extension(name, sources=[source], include_dirs=gbr_build.include_dirs(part),
                     extra_compile_args=gbr_build.MODULE_ARGS, libraries=gbr_build.part_libraries(part),
                     # A change to libgbr rebuilds the extension.
                     depends=headers + gbr_build.libgbr_sources() + gbr_build.part_sources(part))


setup(
    version=gbr_build.header_version(),
    ext_modules=[extension(name) for name in gbr_build.EXTENSIONS],
    cmdclass={"build_ext": BuildExtensions, "sdist": SourceDistribution},
)
