# The extension gbr._collection (gbr/_collection.c); gbr/collection.py is its
# public face.
import os
from typing import List, Optional, Tuple, Union

_Tag = Tuple[str, str, int, int, bool]
_Code = Tuple[int, str, Optional[str], bool, int, int, Optional[str], Optional[str]]
_Problem = Tuple[int, int, str, str]
_Fields = Tuple[Optional[str], Optional[str], Optional[str], Optional[str]]
_Game = Tuple[int, int, int, List[_Tag], int, _Fields, _Fields, Tuple[str, ...], List[_Code], List[_Problem], bool]
_Diagnostic = Tuple[int, int, int, str]

START_FEN: str

def pgn_read(
    data: Union[bytes, bytearray, memoryview],
    composer_tags: Optional[str],
    source_tags: Optional[str],
    year_tags: Optional[str],
    reference_tags: Optional[str],
    encoding: str,
    names: Union[None, str, bytes, os.PathLike[str], os.PathLike[bytes]],
    /,
) -> Tuple[List[_Game], List[_Diagnostic]]: ...
