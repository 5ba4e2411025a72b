"""How the package's extensions are compiled, written once for setup.py and
for the checks that build them without setuptools (standard library only).

The C sources are read through ``csrc``, beside this file: in the
repository a link to ``src/``, in a source distribution a folder holding
just the files listed here. libgbr's files are those of
``src/libgbr_sources.txt``, the list CMake builds libgbr from.

    python3 gbr_build.py --check-sources SRC_DIR

checks that list against the folders it names (exit 1 when a .c or .h file
is missing from it or it names a file that is not there);
--check-sources-self-test SRC_DIR shows that check failing on a wrong list.
"""
import os
import sys
from typing import Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
CSRC = "csrc"  # relative to HERE: setuptools wants relative source paths
LIST = "libgbr_sources.txt"
# What gbr._collection compiles besides libgbr: the PGN reader, the
# collection's tag choice and encoding, the audit rule, the names file, and what they use.
# (The reader itself is libgbr's, with the replayer, and so are util's
# growing arrays and messages.)
COLLECTION_SOURCES = (
    "collection/game_tags.c",
    "collection/text_encoding.c",
    "collection/code_check.c",
    "collection/composer_names.c",
)
COLLECTION_HEADERS = (
    "collection/game_tags.h",
    "collection/text_encoding.h",
    "collection/code_check.h",
    "collection/composer_names.h",
)
COLLECTION_INCLUDE_DIRS = ("pgn", "util", "collection")
# What gbr._census compiles besides libgbr: the census (tally, reader,
# writers, JSON), the input layer (plain and compressed streams, byte
# ranges), the replay's reports and util's sink. Not util's output.c: the
# module defines the report calls itself, collecting them per census
# (gbr/_census.c says why). The input layer decodes with Debian's libzstd,
# zlib and libbz2 on a thread of its own.
CENSUS_SOURCES = (
    "census/census_tally.c",
    "census/census_reader.c",
    "census/census_write.c",
    "census/census_json.c",
    "input/input_stream.c",
    "input/input_parallel.c",
    "input/input_progress.c",
    "input/pgn_input.c",
    "input/input_reports.c",
    "replay/replay_report.c",
    "util/sink.c",
)
CENSUS_HEADERS = (
    "census/census.h",
    "census/census_internal.h",
    "input/input_stream.h",
    "input/input_parallel.h",
    "input/input_progress.h",
    "input/pgn_input.h",
    "input/input_reports.h",
    "util/sink.h",
    "util/output.h",
    "util/exit_status.h",
)
CENSUS_INCLUDE_DIRS = ("census", "input", "replay", "pgn", "util")
CENSUS_LIBRARIES = ("zstd", "z", "bz2", "pthread")
# The parts an extension compiles besides libgbr: name -> (sources,
# headers, include directories, libraries linked), relative to src/.
PARTS: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...], Tuple[str, ...], Tuple[str, ...]]] = {
    "collection": (COLLECTION_SOURCES, COLLECTION_HEADERS, COLLECTION_INCLUDE_DIRS, ()),
    "census": (CENSUS_SOURCES, CENSUS_HEADERS, CENSUS_INCLUDE_DIRS, CENSUS_LIBRARIES),
}
# The extensions: module name -> its own C file (relative to HERE) and the
# part it compiles besides libgbr (None: libgbr alone).
EXTENSIONS: Dict[str, Tuple[str, Optional[str]]] = {
    "gbr._gbr": ("gbr/_gbr.c", None),
    "gbr._collection": ("gbr/_collection.c", "collection"),
    "gbr._census": ("gbr/_census.c", "census"),
}

# libgbr and the reader are compiled with hidden visibility and without
# semantic interposition, so that calls between their functions are direct
# and can be inlined (this costs the composed FEN conversions near half their
# rate otherwise). The modules' own files are compiled without
# -fvisibility=hidden: before Python 3.9, PyMODINIT_FUNC carries no
# visibility attribute, and a hidden PyInit_ function could not be
# exported. The link's version script exports PyInit_<name> alone.
LIBRARY_ARGS = ["-std=c11", "-fvisibility=hidden", "-fno-semantic-interposition"]
MODULE_ARGS = ["-std=c11"]
# Stripped: no debug sections or symbol table in the installed extension
# (GBR_KEEP_SYMBOLS=1 keeps them, as the ASan build does for its reports).
STRIP_ARGS = ["-Wl,--strip-all"]


def listed_files(src: str) -> List[str]:
    """The paths of libgbr_sources.txt, relative to src (the folder it is in)."""
    with open(os.path.join(src, LIST), encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.lstrip().startswith("#")]


def libgbr_sources(src: str = CSRC) -> List[str]:
    return [os.path.join(src, p) for p in listed_files(os.path.join(HERE, src)) if p.endswith(".c")]


def libgbr_headers(src: str = CSRC) -> List[str]:
    return [os.path.join(src, p) for p in listed_files(os.path.join(HERE, src)) if p.endswith(".h")]


def part_sources(part: Optional[str], src: str = CSRC) -> List[str]:
    """The .c files a part compiles besides libgbr ([] for None)."""
    return [os.path.join(src, p) for p in PARTS[part][0]] if part else []


def part_headers(part: Optional[str], src: str = CSRC) -> List[str]:
    return [os.path.join(src, p) for p in PARTS[part][1]] if part else []


def part_libraries(part: Optional[str]) -> List[str]:
    """The system libraries an extension of the part links."""
    return list(PARTS[part][3]) if part else []


def collection_sources(src: str = CSRC) -> List[str]:
    return part_sources("collection", src)


def collection_headers(src: str = CSRC) -> List[str]:
    return part_headers("collection", src)


def sdist_files(src: str = CSRC) -> List[str]:
    """What a source distribution carries of src/: libgbr's list and files,
    and those of every part."""
    files = [os.path.join(src, LIST)] + libgbr_sources(src) + libgbr_headers(src)
    for part in PARTS:
        files += part_sources(part, src) + part_headers(part, src)
    return sorted(set(files))


def include_dirs(part: Optional[str], src: str = CSRC) -> List[str]:
    """libgbr's include directories (the folders of its listed headers), and
    the part's."""
    dirs: List[str] = []
    for header in libgbr_headers(src):
        d = os.path.dirname(header)
        if d not in dirs:
            dirs.append(d)
    if part:
        dirs += [os.path.join(src, d) for d in PARTS[part][2] if os.path.join(src, d) not in dirs]
    return dirs


def version_script(module: str) -> str:
    """The linker's version script of an extension: PyInit_<name> exported,
    everything else local."""
    return "{\n  global: PyInit_%s;\n  local: *;\n};\n" % module.rsplit(".", 1)[-1]


def header_version(src: str = CSRC) -> str:
    """GBR_VERSION_STRING of gbr.h: the package's version."""
    with open(os.path.join(HERE, src, "include", "gbr.h"), encoding="utf-8") as header:
        for line in header:
            if line.startswith("#define GBR_VERSION_STRING"):
                return line.split('"')[1]
    raise SystemExit("gbr_build: GBR_VERSION_STRING not found in gbr.h")


PART_OF = "# part of:"


def partial_folders(src: str) -> List[str]:
    """The folders of which libgbr takes some files: the list's "# part of:" line."""
    with open(os.path.join(src, LIST), encoding="utf-8") as f:
        return [name for line in f if line.startswith(PART_OF) for name in line[len(PART_OF):].split()]


def check_sources(src: str, listed: Optional[List[str]] = None) -> int:
    """The list (or `listed` instead) against its folders: every .c and .h
    of the folders it names (their tests/ and gen/ aside; the folders of its
    "# part of:" line aside, of which libgbr takes some files) is listed, and
    every listed file is there. Prints each difference; returns the number
    of differences."""
    if listed is None:
        listed = listed_files(src)
    folders = sorted({p.split("/")[0] for p in listed})
    partial = partial_folders(src)
    present = sorted(f"{d}/{n}" for d in folders for n in os.listdir(os.path.join(src, d))
                     if n.endswith((".c", ".h")) and os.path.isfile(os.path.join(src, d, n)))
    problems = 0
    for path in sorted(set(present) - set(listed) - {p for p in present if p.split("/")[0] in partial}):
        print(f"{src}/{LIST}: {path} is in libgbr's folders but not listed")
        problems += 1
    for path in sorted(set(listed) - set(present)):
        print(f"{src}/{LIST}: {path} is listed but not there")
        problems += 1
    if len(set(listed)) != len(listed):
        print(f"{src}/{LIST}: a file is listed twice")
        problems += 1
    print(f"{len(listed)} files listed in {len(folders)} folders ({', '.join(folders)}), {problems} problems")
    return problems


def check_sources_self_test(src: str) -> int:
    """The check must see a listed file left out and a file listed that is
    not there: 0 when it reports both."""
    listed = listed_files(src)
    wrong = [p for p in listed if p != "lib/errors.c"] + ["lib/no_such_file.c"]
    found = check_sources(src, wrong)
    print(f"self-test: a file left out and a file that is not there give {found} problems (2 expected)")
    return 0 if found == 2 else 1


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check-sources":
        sys.exit(1 if check_sources(sys.argv[2]) else 0)
    if len(sys.argv) == 3 and sys.argv[1] == "--check-sources-self-test":
        sys.exit(check_sources_self_test(sys.argv[2]))
    sys.exit(__doc__)
