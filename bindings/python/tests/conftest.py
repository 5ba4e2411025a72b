"""Shared set-up of the binding's tests: which interpreter runs them (said
once, in the header of the pytest run) and where the vectors and the gbr
command are."""
import os
import sys

import gbr


def pytest_report_header(config):
    return [
        f"gbr binding: interpreter {sys.executable} (Python {sys.version.split()[0]})",
        f"gbr binding: package {os.path.dirname(gbr.__file__)}, libgbr {gbr.LIBGBR_VERSION}, {gbr.SPEC_VERSION}",
        f"gbr binding: gbr command {os.environ.get('GBR_BIN', '(GBR_BIN not set)')}",
    ]
