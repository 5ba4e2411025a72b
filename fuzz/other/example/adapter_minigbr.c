/*
 * adapter_minigbr.c - the adapter of the example implementation (minigbr.c):
 * what an implementer writes for their own library. It answers the two
 * operations minigbr has, with exact error classes and columns, mapping
 * minigbr's own error numbers to the class names of spec/gbr.md §9.2.
 */
#include <string.h>

#include "adapter.h"
#include "minigbr.h"

const char *const *adapter_operations(void)
{
    static const char *const operations[] = {"material", "fen-material", NULL};
    return operations;
}

int adapter_errors(void)
{
    return ADAPTER_ERRORS_EXACT;
}

static const char *class_name(enum mini_error e)
{
    switch (e) {
    case MINI_EMPTY: return "empty";
    case MINI_TRUNCATED: return "truncated";
    case MINI_TRAILING: return "trailing";
    case MINI_DIGIT: return "expected-digit";
    case MINI_PAWN_DIGIT: return "pawn-count";
    case MINI_POINT: return "expected-point";
    case MINI_PROMOTIONS: return "promotions";
    case MINI_TOO_MANY_PAWNS: return "too-many-pawns";
    case MINI_PAWN_RANK: return "pawn-rank";
    case MINI_PIECE: return "fen-piece";
    case MINI_RANK: return "fen-rank";
    case MINI_KINGS: return "fen-kings";
    case MINI_FIELD: return "fen-field";
    case MINI_OK: break;
    }
    return NULL; /* not a class: the harness reports the broken contract */
}

int adapter_answer(const char *operation, const uint8_t *src, size_t len, adapter_result *out)
{
    char code[8];
    size_t column = 0;
    enum mini_error e = strcmp(operation, "material") == 0
                            ? gbr_material_canonical((const char *)src, len, code, &column)
                            : gbr_fen_to_material((const char *)src, len, code, &column);
    if (e != MINI_OK) {
        out->error = class_name(e);
        out->column = column;
        return ADAPTER_REJECTED;
    }
    memcpy(out->text, code, 7);
    out->length = 7;
    return ADAPTER_ACCEPTED;
}
