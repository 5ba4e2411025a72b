/* Error class names and messages: the one table both codecs and the command share. */
#include "gbr.h"

static const struct {
    const char *name;
    const char *message;
} error_table[GBR_ERROR_COUNT] = {
    [GBR_OK] = {"ok", "no error"},
    [GBR_E_EMPTY] = {"empty", "the input is empty"},
    [GBR_E_TRUNCATED] = {"truncated", "the input ended where more was required"},
    [GBR_E_TRAILING] = {"trailing", "unexpected characters after the end of the form"},
    [GBR_E_EXPECTED_DIGIT] = {"expected-digit", "expected a material digit 0-9"},
    [GBR_E_PAWN_COUNT] = {"pawn-count", "a pawn count must be 0-8"},
    [GBR_E_EXPECTED_POINT] = {"expected-point", "expected '.'"},
    [GBR_E_EXPECTED_SPACE] = {"expected-space", "expected a space"},
    [GBR_E_EXPECTED_SLASH] = {"expected-slash", "expected '/'"},
    [GBR_E_EXPECTED_CLOSE] = {"expected-close", "expected the closing ']' or ')'"},
    [GBR_E_EXPECTED_SQUARE] = {"expected-square", "expected a square (file a-h, rank 1-8)"},
    [GBR_E_SQUARE_COUNT] = {"square-count", "more or fewer squares than the material code says"},
    [GBR_E_DUPLICATE_SQUARE] = {"duplicate-square", "a square is used twice"},
    [GBR_E_SQUARE_ORDER] = {"square-order", "squares of one colour and type are not in ascending order"},
    [GBR_E_PAWN_RANK] = {"pawn-rank", "a pawn on rank 1 or 8"},
    [GBR_E_TOO_MANY_PAWNS] = {"too-many-pawns", "more than 8 pawns on one side"},
    [GBR_E_PROMOTIONS] = {"promotions", "more promoted pieces than missing pawns"},
    [GBR_E_MEN_COUNT] = {"men-count", "the men count W/B is malformed"},
    [GBR_E_MEN_MISMATCH] = {"men-mismatch", "the men count disagrees with the men listed"},
    [GBR_E_INDICATOR] = {"indicator", "malformed indicator (expected +, =, -+, -=, WTM or BTM)"},
    [GBR_E_OVERFLOW_GROUP] = {"overflow-group", "a {white/black} group is missing, misplaced or malformed"},
    [GBR_E_FEN_PIECE] = {"fen-piece", "not a FEN piece letter, digit 1-8 or '/'"},
    [GBR_E_FEN_RANK] = {"fen-rank", "a FEN rank must cover 8 files, and there must be 8 ranks"},
    [GBR_E_FEN_KINGS] = {"fen-kings", "a FEN needs exactly one king a side"},
    [GBR_E_FEN_FIELD] = {"fen-field", "malformed FEN side, castling, en passant or clock field"},
    [GBR_E_NAME_SYNTAX] = {"name-syntax", "malformed material name (expected e.g. KRPvKR)"},
    [GBR_E_NAME_OVERFLOW] = {"name-overflow", "a material code with a 9 has no single name"},
    [GBR_E_UNKNOWN_FORM] = {"unknown-form", "not a GBR material code, study code, position form, FEN or name"},
    [GBR_E_BUFFER_TOO_SMALL] = {"buffer-too-small", "the output buffer is too small"},
    [GBR_E_ARGUMENT] = {"argument", "invalid argument"},
};

const char *gbr_error_name(gbr_error e)
{
    if ((unsigned)e >= GBR_ERROR_COUNT)
        return "unknown";
    return error_table[e].name;
}

const char *gbr_error_message(gbr_error e)
{
    if ((unsigned)e >= GBR_ERROR_COUNT)
        return "unknown error";
    return error_table[e].message;
}
