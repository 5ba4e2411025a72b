/*
 * gbr vectors: writes the golden vectors (spec/gbr.md section 13) with the
 * reference codec.
 *
 * The cases are the tables and sweeps below; the expected outputs are never
 * written by hand: each is computed by conform_answer() over gbr_codec_ref().
 * What a case's author states is cross-checked instead: an invalid case names
 * the one error class it tests and a seed example names the output its source
 * text gives, and generation stops when the reference codec disagrees.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "conform_protocol.h"
#include "gen.h"

const char cmd_vectors_summary[] = "write the golden vectors (reference codec) and fuzz seeds";

static const char help[] =
    "vectors [--out DIR] [--cases FILE] [--fuzz-corpus DIR]\n"
    "\n"
    "Writes the golden vectors of spec/gbr.md section 13 into DIR (default\n"
    "spec/vectors): material.tsv, study.tsv, position.tsv, extensions.tsv, and\n"
    "the same cases as JSON in DIR/json/<level>.json (schema: spec/vectors/\n"
    "vectors.schema.json, spec/gbr.md section 13.1), written in the same run. The\n"
    "expected outputs always come from the reference codec, whatever --impl says.\n"
    "Besides its own tables, it reads the invalid cases of the expectation\n"
    "tables' cells (spec/gbr.md section 9.4) from FILE (default\n"
    "spec/vectors/cases/cells.tsv): id, level, operation, escaped input, error\n"
    "class, comment, tab-separated; each must get that error class. Last it\n"
    "adds, where the cases leave a place empty, those of the coverage of the\n"
    "operations (spec/gbr.md section 13.5): an invalid case of each operation\n"
    "for each error it can report, inputs of 0-2 bytes, and each material digit\n"
    "of each type through the operations that give a code.\n"
    "With --fuzz-corpus, also writes each case's input as a seed file\n"
    "DIR/<surface>/<id> for the fuzz harnesses <surface>_* (surfaces: material,\n"
    "study, position, fen, name): the input, then the two option bytes the\n"
    "harnesses read from the end of theirs (capacity 0xFF, then the FEN result\n"
    "option 0-2). It also writes 32 generated seeds a surface (gen-SURFACE-NN, the\n"
    "generator library's texts with a fixed seed, a third of them mutated).\n"
    "Exit status: 0 the files were written, 1 a case or a file failed, 2 usage\n"
    "error.\n";

enum level { LEVEL_MATERIAL, LEVEL_STUDY, LEVEL_POSITION, LEVEL_EXTENSIONS, LEVEL_COUNT };
static const char *const level_names[LEVEL_COUNT] = {"material", "study", "position", "extensions"};

/* A case as its author writes it. input is escaped as in the files. */
typedef struct spec_case {
    const char *id;        /* y_... valid, n_... invalid */
    const char *operation;
    const char *input;
    const char *fault;     /* an invalid case: the one error class it tests */
    const char *expect;    /* a seed example: the output its source states */
    const char *comment;
} spec_case;

#define VALID(id, op, in, comment) {"y_" id, op, in, NULL, NULL, comment}
#define SEED(id, op, in, out, comment) {"y_" id, op, in, NULL, out, comment}
#define INVALID(id, op, in, fault, comment) {"n_" id, op, in, fault, NULL, comment}

/* ---- Material level ------------------------------------------------------ */
static const spec_case material_cases[] = {
    /* The seeds' examples, as the seeds state them (short forms read as .00). */
    SEED("name_material_seed_two_knights_v_pawn", "name-material", "KNNvKP", "0002.01", "seeds: two white knights and one black pawn"),
    SEED("name_material_seed_queens_and_rook", "name-material", "KQRvKQ", "4100.00", "seeds: wQ bQ wR codes as 4100"),
    SEED("name_material_seed_bishops_v_knight", "name-material", "KBBvKN", "0023.00", "seeds: wBB vs bN codes as 0023"),
    SEED("name_material_seed_full_complement", "name-material", "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP", "4888.88", "seeds: all 32 men code as 4888.88"),
    SEED("material_seed_troitsky", "material", "0002.01", "0002.01", "seeds: two knights against pawn, class 0002.01"),
    SEED("material_seed_short_4100", "material", "4100", "4100.00", "seeds: short form 4100 means 4100.00"),
    SEED("material_seed_short_0023", "material", "0023", "0023.00", "seeds: short form 0023"),
    SEED("material_seed_full_complement", "material", "4888.88", "4888.88", "seeds: the full complement"),
    SEED("name_material_seed_kqk", "name-material", "KQvK", "1000.00", "seeds table: KQK 1000"),
    SEED("name_material_seed_krk", "name-material", "KRvK", "0100.00", "seeds table: KRK 0100"),
    SEED("name_material_seed_kbk", "name-material", "KBvK", "0010.00", "seeds table: KBK 0010"),
    SEED("name_material_seed_knk", "name-material", "KNvK", "0001.00", "seeds table: KNK 0001"),
    SEED("name_material_seed_knnk", "name-material", "KNNvK", "0002.00", "seeds table: KNNK 0002"),
    SEED("name_material_seed_kkn", "name-material", "KvKN", "0003.00", "seeds table: KKN 0003"),
    SEED("name_material_seed_knkn", "name-material", "KNvKN", "0004.00", "seeds table: KNKN 0004"),
    SEED("name_material_seed_knnkn", "name-material", "KNNvKN", "0005.00", "seeds table: KNNKN 0005"),
    SEED("name_material_seed_kknn", "name-material", "KvKNN", "0006.00", "seeds table: KKNN 0006"),
    SEED("name_material_seed_knknn", "name-material", "KNvKNN", "0007.00", "seeds table: KNKNN 0007"),
    SEED("name_material_seed_knnknn", "name-material", "KNNvKNN", "0008.00", "seeds table: KNNKNN 0008"),
    SEED("name_material_seed_knnnknn", "name-material", "KNNNvKNN", "0009.00", "seeds table: KNNNKNN 0009 (the 9 rule)"),
    SEED("name_material_seed_kpppkpp", "name-material", "KPPPvKPP", "0000.32", "seeds table: KPPPKPP 0000.32"),
    SEED("name_material_seed_kqkr", "name-material", "KQvKR", "1300.00", "seeds table: KQKR 1300"),
    SEED("name_material_seed_kqpkq", "name-material", "KQPvKQ", "4000.10", "seeds table: KQPKQ 4000.10"),
    SEED("name_material_seed_krpkr", "name-material", "KRPvKR", "0400.10", "seeds table: KRPKR 0400.10"),
    SEED("name_material_seed_krrpkrr", "name-material", "KRRPvKRR", "0800.10", "seeds table: KRRPKRR 0800.10"),
    SEED("name_material_seed_kbbpknn", "name-material", "KBBPvKNN", "0026.10", "seeds table: KBBPKNN 0026.10"),
    SEED("name_material_seed_kbbpkrnpp", "name-material", "KBBPvKRNPP", "0323.12", "seeds table: KBBPKRNPP 0323.12"),
    SEED("material_name_seed_decode_0002_01", "material-name", "0002.01", "KNNvKP", "seeds: decoding divides each digit by 3"),
    SEED("material_name_seed_decode_0323_12", "material-name", "0323.12", "KBBPvKRNPP", "seeds: the Kubbel study's material"),
    SEED("material_name_seed_decode_short", "material-name", "0023", "KBBvKN", "seeds: a short form decodes as .00"),

    /* The 9 rule is by count, not by sum. */
    VALID("name_material_two_queens_each", "name-material", "KQQvKQQ", "two queens a side is 8, not 9"),
    VALID("name_material_three_white_bishops", "name-material", "KBBBvK", "three white bishops and no black one is 9, not 3"),
    VALID("name_material_three_black_rooks", "name-material", "KvKRRR", "three black rooks is 9, not 9 by sum"),
    VALID("name_material_three_each_knights", "name-material", "KNNNvKNNN", "three knights each side is 9"),
    VALID("name_material_ten_rooks", "name-material", "KRRRRRRRRRRvK", "ten rooks: 8 promoted, no pawns"),
    VALID("name_material_nine_queens", "name-material", "KQQQQQQQQQvK", "nine queens: 8 promoted, no pawns"),
    VALID("name_material_kings_only", "name-material", "KvK", "no men besides the kings"),
    VALID("name_material_promoted_with_seven_pawns", "name-material", "KQQPPPPPPPvK", "one promoted queen, one pawn missing"),
    INVALID("name_material_promotions_white", "name-material", "KQQPPPPPPPPvK", "promotions", "a second queen with all 8 pawns"),
    INVALID("name_material_promotions_black", "name-material", "KvKQQPPPPPPPP", "promotions", "reported at Black's K"),
    INVALID("name_material_promotions_eleven_rooks", "name-material", "KRRRRRRRRRRRvK", "promotions", "eleven rooks: 9 promoted"),
    INVALID("name_material_promotions_ten_queens", "name-material", "KQQQQQQQQQQvK", "promotions", "ten queens: 9 promoted"),
    INVALID("name_material_empty", "name-material", "", "empty", "the empty text"),
    INVALID("name_material_lowercase_king", "name-material", "kvK", "name-syntax", "a side starts with K"),
    INVALID("name_material_truncated_after_king", "name-material", "K", "truncated", "the first side ends at v"),
    INVALID("name_material_truncated_after_v", "name-material", "KNv", "truncated", "the second side needs its K"),
    INVALID("name_material_order_rook_before_queen", "name-material", "KRQvK", "name-syntax", "Q after R on one side"),
    INVALID("name_material_order_pawn_before_knight", "name-material", "KvKPN", "name-syntax", "N after P on Black's side"),
    INVALID("name_material_uppercase_v", "name-material", "KNVK", "name-syntax", "the separator is a lower-case v"),
    INVALID("name_material_lowercase_piece", "name-material", "KnvK", "name-syntax", "piece letters are upper case"),
    INVALID("name_material_trailing", "name-material", "KNvKx", "name-syntax", "a character that is not a piece letter"),
    INVALID("name_material_two_separators", "name-material", "KvKvK", "name-syntax", "one v only"),
    INVALID("name_material_space", "name-material", "KN vK", "name-syntax", "no spaces in a name"),
    INVALID("name_material_king_twice", "name-material", "KKvK", "name-syntax", "one K a side"),

    /* Material codes: the grammar and section 9.3 one fault at a time. */
    VALID("material_all_zero", "material", "0000.00", "kings only"),
    VALID("material_short_all_zero", "material", "0000", "short form of kings only"),
    VALID("material_all_nines", "material", "9999.00", "every type in the overflow class"),
    VALID("material_nines_split_pawns", "material", "9999.56", "a 9 split: Q to Black (2), R B N to White (3)"),
    VALID("material_nine_knights_seven_pawns", "material", "0009.78", "section 2.4: the 9 goes to White, who lacks a pawn"),
    VALID("material_eight_queens_seven_pawns", "material", "8000.77", "two queens a side, one pawn missing each"),
    VALID("material_eight_and_nine", "material", "8009.67", "known promotions plus a 9 that fits on White"),
    VALID("material_two_queens_seven_pawns", "material", "2000.70", "one promoted white queen, one pawn missing"),
    INVALID("material_empty", "material", "", "empty", "the empty text"),
    INVALID("material_truncated_one_digit", "material", "0", "truncated", "four piece digits required"),
    INVALID("material_truncated_three_digits", "material", "000", "truncated", "four piece digits required"),
    INVALID("material_truncated_after_point", "material", "0002.", "truncated", "two pawn digits after the point"),
    INVALID("material_truncated_one_pawn_digit", "material", "0002.0", "truncated", "two pawn digits after the point"),
    INVALID("material_first_digit_letter", "material", "x002.01", "expected-digit", "a piece digit is 0-9"),
    INVALID("material_second_digit_letter", "material", "0x02.01", "expected-digit", "a piece digit is 0-9"),
    INVALID("material_third_digit_point", "material", "00.2.01", "expected-digit", "a point too early"),
    INVALID("material_fourth_digit_space", "material", "000 .01", "expected-digit", "a piece digit is 0-9"),
    INVALID("material_leading_space", "material", " 0002.01", "expected-digit", "no leading space"),
    INVALID("material_stipulation", "material", "+0002.01", "expected-digit", "a stipulation belongs to the study code"),
    INVALID("material_five_digits", "material", "00020.01", "expected-point", "a fifth digit where the point goes"),
    INVALID("material_comma", "material", "0002,01", "expected-point", "the separator is a full stop"),
    INVALID("material_white_pawn_letter", "material", "0002.x1", "expected-digit", "a pawn digit is 0-8"),
    INVALID("material_black_pawn_letter", "material", "0002.0x", "expected-digit", "a pawn digit is 0-8"),
    INVALID("material_trailing_digit", "material", "0002.011", "trailing", "seven characters at most"),
    INVALID("material_trailing_space", "material", "0002.01 ", "trailing", "nothing after the code"),
    INVALID("material_trailing_newline", "material", "0002.01\\x0a", "trailing", "the input is the exact bytes; a newline is a character"),
    INVALID("material_short_trailing_letter", "material", "0002x", "expected-point", "after four digits: the end or a point"),
    INVALID("material_nul_byte", "material", "00\\x0002.01", "expected-digit", "a NUL byte is a character like any other"),
    INVALID("material_high_byte", "material", "0002.0\\xff", "expected-digit", "a byte above 0x7e"),
    INVALID("material_promotions_two_queens_each_all_pawns", "material", "8000.88", "promotions", "section 2.4: each side has a promoted queen and all 8 pawns"),
    INVALID("material_promotions_nine_all_pawns", "material", "0009.88", "promotions", "section 2.4: neither side can have the three knights"),
    INVALID("material_promotions_white_queens", "material", "2000.80", "promotions", "a promoted white queen with 8 white pawns"),
    INVALID("material_promotions_black_queens", "material", "6000.08", "promotions", "a promoted black queen with 8 black pawns"),
    INVALID("material_promotions_nines_unsplittable", "material", "9999.66", "promotions", "2+1+1+1 promotions cannot split into 2 and 2"),
    INVALID("material_promotions_known_and_nine", "material", "8009.77", "promotions", "each side has one promotion; the 9 needs one more"),
    INVALID("material_promotions_rooks", "material", "0900.88", "promotions", "a third rook needs a missing pawn"),

    /* material-name: decoding. */
    VALID("material_name_full_complement", "material-name", "4888.88", "decodes all 32 men"),
    VALID("material_name_kings_only", "material-name", "0000", "KvK"),
    INVALID("material_name_two_nines", "material-name", "0990.00", "name-overflow", "reported at the first 9"),
    INVALID("material_name_invalid_code", "material-name", "0002.9", "pawn-count", "the code is checked first"),
    INVALID("material_name_promotions", "material-name", "8000.88", "promotions", "section 2.4 before naming"),
    INVALID("material_name_empty", "material-name", "", "empty", "the empty text"),

    /* material-order: the number abcdef. */
    VALID("material_order_nine_before_ten", "material-order", "0009.00|0010.00", "a 9 in knights sorts before a bishop"),
    VALID("material_order_short_equals_long", "material-order", "0002|0002.00", "the short form counts as .00"),
    VALID("material_order_short_before_pawns", "material-order", "0002|0002.01", "abcd00 < abcd01"),
    VALID("material_order_pawns_after_pieces", "material-order", "0001.88|0002.00", "pieces weigh more than pawns"),
    VALID("material_order_full_and_kings", "material-order", "4888.88|0000.00", "largest against smallest"),
    INVALID("material_order_second_invalid", "material-order", "0002.01|0002.9", "pawn-count", "columns count in the whole input"),
    INVALID("material_order_first_invalid", "material-order", "000x|0002", "expected-digit", "the first text is checked first"),
    INVALID("material_order_no_bar", "material-order", "0002.01", "truncated", "two texts separated by |"),
    INVALID("material_order_empty", "material-order", "", "empty", "A is read first: an empty input is an empty A (GBR 1.1)"),
    INVALID("material_order_no_bar_first_invalid", "material-order", "000x", "expected-digit",
            "A's own errors come before the missing | (GBR 1.1)"),

    /* check: recognising a form (section 10). */
    VALID("check_material", "check", "0002.01", "a material code"),
    VALID("check_material_short", "check", "4100", "a short form, written long"),
    VALID("check_name", "check", "KRPvKR", "a material name"),
    VALID("check_name_kings_only", "check", "KvK", "a material name"),
    INVALID("check_empty", "check", "", "empty", "the empty text"),
    INVALID("check_unknown_form", "check", "x", "unknown-form", "no form starts with x"),
    INVALID("check_unknown_form_space", "check", " 0002.01", "unknown-form", "no form starts with a space"),
    INVALID("check_material_bad_digit", "check", "00x2.01", "expected-digit", "a digit first and no a-h: a material code"),
    INVALID("check_name_bad", "check", "KQRvKx", "name-syntax", "K first: a material name"),
    /* Non-ASCII look-alike digits (UTF-8) at digit places: only the ASCII
     * digits are digits (a regular expression's \d may match these). */
    INVALID("material_fullwidth_zero", "material", "000\\xef\\xbc\\x90", "expected-digit", "a fullwidth 0 (U+FF10) as the knight digit"),
    INVALID("material_fullwidth_one_first", "material", "\\xef\\xbc\\x91000", "expected-digit", "a fullwidth 1 (U+FF11) as the queen digit"),
    INVALID("material_fullwidth_pawn_digit", "material", "0000.0\\xef\\xbc\\x91", "expected-digit", "a fullwidth 1 (U+FF11) as Black's pawn digit"),
    INVALID("material_arabic_indic_digit", "material", "\\xd9\\xa1000", "expected-digit", "an Arabic-Indic 1 (U+0661) as the queen digit"),
    INVALID("material_name_fullwidth_digit", "material-name", "00\\xef\\xbc\\x9200", "expected-digit", "a fullwidth 2 (U+FF12) as the bishop digit"),
    INVALID("check_material_fullwidth_digit", "check", "00\\xef\\xbc\\x9200.00", "expected-digit", "a fullwidth 2 (U+FF12) in a material code"),
};

/* ---- Study level --------------------------------------------------------- */
static const spec_case study_cases[] = {
    SEED("study_seed_eg", "study", "[+0020.42c1a1]", "+0020.42c1a1", "seeds: EG's bracketed form; the wrapper is not canonical"),
    SEED("study_seed_win", "study", "+0020.42c1a1", "+0020.42c1a1", "seeds: White wins"),
    SEED("study_seed_kubbel", "study", "=0323.12g3g1", "=0323.12g3g1", "seeds: Kubbel 1925, White draws"),
    SEED("study_seed_van_der_heijden", "study", "(+0016.32d4g7)", "+0016.32d4g7", "section 3: the PGN Black tag form"),
    SEED("study_seed_short", "study", "+0020c1a1", "+0020.00c1a1", "section 3: the short form inside a study code"),
    VALID("study_no_stipulation", "study", "0002.01e1e8", "the stipulation may be absent"),
    VALID("study_corners", "study", "0000.00a1h8", "kings on a1 and h8"),
    VALID("study_corners_other", "study", "0000.00h1a8", "kings on h1 and a8"),
    VALID("study_nine", "study", "+9000.00e1e8", "a 9 in a study code"),
    VALID("study_full_complement", "study", "=4888.88e1e8", "all 32 men"),
    VALID("study_adjacent_kings", "study", "0000.00e4e5", "GBR does not check adjacent kings"),
    INVALID("study_empty", "study", "", "empty", "the empty text"),
    INVALID("study_stipulation_minus", "study", "-0020.42c1a1", "expected-digit", "only + and = are stipulations"),
    INVALID("study_stipulation_comma", "study", ",0020.42c1a1", "expected-digit", "a character between + and = is no stipulation"),
    INVALID("study_five_digits", "study", "00020.42c1a1", "expected-square", "a digit is no stipulation: five digits"),
    INVALID("study_double_stipulation", "study", "++0020.42c1a1", "expected-digit", "one stipulation"),
    INVALID("study_truncated_after_stipulation", "study", "+", "truncated", "the material code is required"),
    INVALID("study_digit_letter", "study", "+00x0.42c1a1", "expected-digit", "a piece digit is 0-9"),
    INVALID("study_pawn_count_nine", "study", "+0020.92c1a1", "pawn-count", "a pawn digit is 0-8"),
    INVALID("study_pawn_digit_letter", "study", "+0020.4xc1a1", "expected-digit", "a pawn digit is 0-8"),
    INVALID("study_short_form_bad_king", "study", "+0020x1a1", "expected-square", "after four digits: a point or a file letter"),
    INVALID("study_king_rank_nine", "study", "+0020.42c9a1", "expected-square", "a rank digit is 1-8, reported at the digit"),
    INVALID("study_king_rank_zero", "study", "+0020.42c0a1", "expected-square", "a rank digit is 1-8"),
    INVALID("study_king_upper_case", "study", "+0020.42C1a1", "expected-square", "files are lower case"),
    INVALID("study_black_king_bad_file", "study", "+0020.42c1i1", "expected-square", "files are a-h"),
    INVALID("study_kings_equal", "study", "+0020.42c1c1", "duplicate-square", "the kings must differ"),
    INVALID("study_truncated_black_king", "study", "+0020.42c1", "truncated", "two king squares"),
    INVALID("study_truncated_rank", "study", "+0020.42c1a", "truncated", "a square is two characters"),
    INVALID("study_trailing", "study", "+0020.42c1a1x", "trailing", "nothing after the kings"),
    INVALID("study_trailing_space", "study", "+0020.42c1a1 ", "trailing", "nothing after the kings"),
    INVALID("study_bracket_unclosed", "study", "[+0020.42c1a1", "truncated", "the wrapper must close"),
    INVALID("study_bracket_closed_by_paren", "study", "[+0020.42c1a1)", "expected-close", "the other closer counts as wrong"),
    INVALID("study_paren_closed_by_bracket", "study", "(+0020.42c1a1]", "expected-close", "the other closer counts as wrong"),
    INVALID("study_bracket_other_character", "study", "[+0020.42c1a1x", "expected-close", "the closer is required"),
    INVALID("study_close_without_open", "study", "+0020.42c1a1]", "trailing", "no wrapper was opened"),
    INVALID("study_trailing_after_close", "study", "[+0020.42c1a1]x", "trailing", "nothing after the wrapper"),
    INVALID("study_space_inside_wrapper", "study", "[ +0020.42c1a1]", "expected-digit", "no spaces inside"),
    INVALID("study_double_wrapper", "study", "[[+0020.42c1a1]]", "expected-digit", "one wrapper"),
    INVALID("study_promotions", "study", "+8000.88c1a1", "promotions", "section 2.4, at the material's first column"),
    INVALID("study_promotions_black", "study", "=6000.08c1a1", "promotions", "a promoted black queen with 8 black pawns"),
    VALID("study_order_by_material", "study-order", "0001.00e1e8|0002.00a1a2", "material first"),
    VALID("study_order_by_white_king", "study-order", "0002.00a8h8|0002.00b1h8", "then White's king: a8 < b1 in GBR order"),
    VALID("study_order_by_black_king", "study-order", "0002.00e1a2|0002.00e1a1", "then Black's king"),
    VALID("study_order_none_before_win", "study-order", "0002.00e1e8|+0002.00e1e8", "none < +"),
    VALID("study_order_win_before_draw", "study-order", "+0002.00e1e8|=0002.00e1e8", "+ < ="),
    VALID("study_order_draw_after_none", "study-order", "=0002.00e1e8|0002.00e1e8", "= > none"),
    VALID("study_order_stipulation_last", "study-order", "=0002.00e1e7|+0002.00e1e8", "kings before the stipulation"),
    VALID("study_order_wrapped_equal", "study-order", "[+0002e1e8]|+0002.00e1e8", "wrapper and short form do not count"),
    INVALID("study_order_second_invalid", "study-order", "+0002.00e1e8|+0002.00e1e1", "duplicate-square", "columns count in the whole input"),
    INVALID("study_order_empty", "study-order", "", "empty", "A is read first: an empty input is an empty A (GBR 1.1)"),
    VALID("check_study", "check", "+0020c1a1", "starts with +: a study code"),
    VALID("check_study_bracket", "check", "[=0323.12g3g1]", "starts with [: a study code"),
    VALID("check_study_digit_first", "check", "0002.01e1e8", "a digit first and a letter a-h: a study code"),
    INVALID("check_study_bad", "check", "(+0020c1a1]", "expected-close", "starts with (: a study code"),
    /* Non-ASCII look-alike digits (UTF-8) at digit places. */
    INVALID("study_fullwidth_digit", "study", "+002\\xef\\xbc\\x90.42c1a1", "expected-digit", "a fullwidth 0 (U+FF10) as the knight digit"),
    INVALID("study_fullwidth_rank_digit", "study", "+0020.42c\\xef\\xbc\\x91a1", "expected-square", "a fullwidth 1 (U+FF11) as a king's rank"),
};

/* ---- Position level ------------------------------------------------------ */
#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define START_POSITION "e1e8 4888.88 d1d8a1h1a8h8c1f1c8f8b1g1b8g8.a2b2c2d2e2f2g2h2a7b7c7d7e7f7g7h7 16/16"
static const spec_case position_cases[] = {
    SEED("position_seed_223_move_win", "position", "a7d3 0116.00 b2b3c6d6 3/3+.", "a7d3 0116.00 b2b3c6d6 3/3+.", "seeds: wR wB bN bN, White wins"),
    SEED("position_seed_pawns_only", "position", "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.", "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.", "seeds: pawns and no pieces"),
    VALID("position_kings_only", "position", "e1e8 0000.00 1/1.", "section 4: no square field; the counts include the kings"),
    VALID("position_full_complement", "position", START_POSITION ".", "all 32 men, two-digit counts"),
    VALID("position_pieces_and_pawns", "position", "e1e8 1000.10 d1.e2 3/1.", "pieces, then . and pawns"),
    VALID("position_black_pawns_only", "position", "e1e8 0000.01 .e7 1/2.", "a pawn field with only Black's pawn"),
    VALID("position_adjacent_kings", "position", "e4e5 0000.00 1/1.", "GBR does not check adjacent kings"),
    INVALID("position_empty", "position", "", "empty", "the empty text"),
    INVALID("position_king_bad_file", "position", "i7d3 0116.00 b2b3c6d6 3/3+.", "expected-square", "files are a-h"),
    INVALID("position_king_bad_rank", "position", "a9d3 0116.00 b2b3c6d6 3/3+.", "expected-square", "ranks are 1-8, reported at the digit"),
    INVALID("position_kings_equal", "position", "a7a7 0116.00 b2b3c6d6 3/3+.", "duplicate-square", "the kings must differ"),
    INVALID("position_truncated_after_kings", "position", "a7d3", "truncated", "the material code is required"),
    INVALID("position_missing_space_after_kings", "position", "a7d30116.00 b2b3c6d6 3/3+.", "expected-space", "a space after the kings"),
    INVALID("position_tab_for_space", "position", "a7d3\\x090116.00 b2b3c6d6 3/3+.", "expected-space", "a tab is not a space"),
    INVALID("position_short_material", "position", "a7d3 0116 b2b3c6d6 3/3+.", "expected-point", "section 2.2: no short form in a position"),
    INVALID("position_material_bad_digit", "position", "a7d3 01x6.00 b2b3c6d6 3/3+.", "expected-digit", "a piece digit is 0-9"),
    INVALID("position_pawn_digit_nine", "position", "e1e8 0000.90 .a2 2/1.", "pawn-count", "a pawn digit is 0-8"),
    INVALID("position_promotions", "position", "e1e8 8000.88 a1 2/1.", "promotions", "section 2.4 at the material's first column"),
    INVALID("position_missing_square_field", "position", "a7d3 0116.00 3/3+.", "square-count",
            "the square field is required when there are men (GBR 1.1: square-count, was expected-square)"),
    INVALID("position_square_count_too_few", "position", "a7d3 0116.00 b2b3c6 3/3+.", "square-count", "a space where a square is expected"),
    INVALID("position_square_count_too_many", "position", "a7d3 0116.00 b2b3c6d6e6 3/3+.", "square-count", "a file letter where the space is expected"),
    INVALID("position_square_count_kings_only", "position", "e1e8 0000.00 a2 2/2.", "square-count", "kings only: a square where the count is expected"),
    INVALID("position_square_count_kings_only_point", "position", "e1e8 0000.00 .a2 2/2.", "square-count", "kings only: a point where the count is expected"),
    INVALID("position_square_count_point_for_piece", "position", "a7d3 0116.00 b2b3c6.d6 3/3+.", "square-count", "a point where a piece square is expected"),
    INVALID("position_square_count_pawns_missing_point", "position", "a2c4 0000.32 d4e3f2e4f3 4/3 WTM.", "square-count", "pawns need the point: a file letter where . is expected"),
    INVALID("position_square_count_pawn_too_many", "position", "e1e8 1000.10 d1e2 3/1.", "square-count", "a pawn square where the point is expected"),
    INVALID("position_square_count_pawns_too_few", "position", "a2c4 0000.32 .d4e3f2e4 4/3 WTM.", "square-count", "a space where a pawn square is expected"),
    INVALID("position_square_count_pawns_too_many", "position", "a2c4 0000.32 .d4e3f2e4f3g3 4/3 WTM.", "square-count", "a sixth pawn square"),
    INVALID("position_point_without_pawns", "position", "a7d3 0116.00 b2b3c6d6. 3/3+.", "square-count",
            "no pawns: the space follows the pieces (GBR 1.1: square-count, was expected-space)"),
    INVALID("position_missing_point_before_pawns", "position", "e1e8 1000.10 d1 e2 3/1.", "square-count",
            "pawns: the point follows the pieces (GBR 1.1: square-count, was expected-point)"),
    INVALID("position_square_bad_file", "position", "a7d3 0116.00 b2b3c6x6 3/3+.", "expected-square", "files are a-h"),
    INVALID("position_square_bad_rank", "position", "a7d3 0116.00 b2b3c6d9 3/3+.", "expected-square", "ranks are 1-8"),
    INVALID("position_square_upper_case", "position", "a7d3 0116.00 B2b3c6d6 3/3+.", "expected-square", "squares are lower case"),
    INVALID("position_group_without_nine", "position", "a7d3 0116.00 {b2/}b3c6d6 3/3+.", "overflow-group", "section 5: a group only for a digit 9"),
    INVALID("position_group_kings_only", "position", "e1e8 0000.00 {/} 2/2.", "overflow-group", "kings only: a group where the count is expected"),
    INVALID("position_duplicate_square_king", "position", "a7d3 0116.00 a7b3c6d6 3/3+.", "duplicate-square", "a man on a king's square"),
    INVALID("position_duplicate_square_men", "position", "a7d3 0116.00 b2b2c6d6 3/3+.", "duplicate-square", "a square used twice is reported before order"),
    INVALID("position_duplicate_square_pawn", "position", "e1e8 1000.10 d2.d2 3/1.", "duplicate-square", "a pawn on the queen's square"),
    INVALID("position_square_order", "position", "a7d3 0116.00 b2b3d6c6 3/3+.", "square-order", "black knights d6 then c6"),
    INVALID("position_square_order_file_major", "position", "e1e8 0002.00 b1a8 3/1.", "square-order", "GBR order is file-major: a8 < b1"),
    INVALID("position_square_order_pawns", "position", "a2c4 0000.32 .e3d4f2e4f3 4/3 WTM.", "square-order", "white pawns e3 then d4"),
    INVALID("position_pawn_rank_1", "position", "a2c4 0000.32 .d1e3f2e4f3 4/3 WTM.", "pawn-rank", "a white pawn on rank 1"),
    INVALID("position_pawn_rank_8", "position", "a2c4 0000.32 .d4e3f2e4f8 4/3 WTM.", "pawn-rank", "a black pawn on rank 8"),
    INVALID("position_men_mismatch_white", "position", "a7d3 0116.00 b2b3c6d6 4/3+.", "men-mismatch", "White has 3 men"),
    INVALID("position_men_mismatch_black", "position", "a7d3 0116.00 b2b3c6d6 3/4+.", "men-mismatch", "Black has 3 men"),
    INVALID("position_men_mismatch_kings_only", "position", "e1e8 0000.00 2/1.", "men-mismatch", "the kings count"),
    INVALID("position_men_count_leading_zero", "position", "a7d3 0116.00 b2b3c6d6 03/3+.", "men-count", "no leading zeros"),
    INVALID("position_men_count_zero", "position", "e1e8 0000.00 0/2.", "men-count", "a count starts with 1-9"),
    INVALID("position_men_count_three_digits", "position", "e1e8 0000.00 1/100.", "men-count", "at most two digits"),
    INVALID("position_men_count_letter", "position", "a7d3 0116.00 b2b3c6d6 x/3+.", "men-count", "a count is decimal"),
    INVALID("position_men_count_missing_slash", "position", "a7d3 0116.00 b2b3c6d6 3-3+.", "expected-slash", "W/B"),
    INVALID("position_men_count_black_missing", "position", "a7d3 0116.00 b2b3c6d6 3/+.", "men-count", "Black's count is required"),
    INVALID("position_missing_space_before_count", "position", "a7d3 0116.00 b2b3c6d63/3+.", "expected-space", "a space before the count"),
    INVALID("position_missing_final_point", "position", "a7d3 0116.00 b2b3c6d6 3/3+", "truncated", "the full stop is obligatory"),
    INVALID("position_missing_final_point_no_indicator", "position", "e1e8 0000.00 1/1", "truncated", "the full stop is obligatory"),
    INVALID("position_trailing", "position", "a7d3 0116.00 b2b3c6d6 3/3+. ", "trailing", "nothing after the full stop"),
    INVALID("position_indicator_minus_bad", "position", "a7d3 0116.00 b2b3c6d6 3/3-x.", "indicator", "- is followed by + or ="),
    INVALID("position_indicator_wtm_lower_case", "position", "a7d3 0116.00 b2b3c6d6 3/3 wtm.", "indicator", "WTM is upper case"),
    INVALID("position_indicator_space_only", "position", "a7d3 0116.00 b2b3c6d6 3/3 .", "indicator", "a space starts WTM or BTM"),
    INVALID("position_indicator_wtb", "position", "a7d3 0116.00 b2b3c6d6 3/3 WTB.", "indicator", "WTM or BTM exactly"),
    INVALID("position_indicator_unknown", "position", "a7d3 0116.00 b2b3c6d6 3/3#.", "expected-point", "not an indicator"),
    INVALID("position_indicator_double", "position", "a7d3 0116.00 b2b3c6d6 3/3++.", "expected-point", "one indicator"),
    INVALID("position_indicator_wtm_without_space", "position", "a7d3 0116.00 b2b3c6d6 3/3WTM.", "expected-point", "WTM follows a space"),
    INVALID("position_indicator_plus_minus", "position", "a7d3 0116.00 b2b3c6d6 3/3+-.", "expected-point", "+- is not an indicator"),

    VALID("position_fen_start", "position-fen", START_POSITION ".", "the start position as FEN"),
    VALID("position_fen_seed", "position-fen", "a7d3 0116.00 b2b3c6d6 3/3+.", "the seed position as FEN"),
    VALID("position_fen_pawns_only", "position-fen", "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.", "runs of empty squares as single digits"),
    VALID("position_fen_corner_kings", "position-fen", "a1h8 0000.00 1/1.", "the corners"),
    INVALID("position_fen_invalid", "position-fen", "a7d3 0116.00 b2b3c6 3/3+.", "square-count", "the position form is checked first"),

    SEED("fen_material_start", "fen-material", START_FEN, "4888.88", "seeds: the full complement"),
    VALID("fen_study_start", "fen-study", START_FEN, "no result: no stipulation"),
    VALID("fen_study_win", "fen-study-win", START_FEN, "win: +"),
    VALID("fen_study_draw", "fen-study-draw", START_FEN, "draw: ="),
    VALID("fen_study_black_to_move", "fen-study-win", "4k3/8/8/8/8/8/8/4K2R b - - 0 1", "the side to move is not carried"),
    VALID("fen_position_start", "fen-position", START_FEN, "White to move, no result: WTM"),
    VALID("fen_position_placement_and_side", "fen-position", "4k3/8/8/8/8/8/8/4K2R w", "castling and the rest are optional"),
    VALID("fen_position_without_clocks", "fen-position", "4k3/8/8/8/8/8/8/4K2R w K -", "the clocks are optional"),
    VALID("fen_position_long_clocks", "fen-position", "4k3/8/8/8/8/8/8/4K2R w K - 12345 99999", "clocks of five digits"),
    VALID("fen_position_castling_subset", "fen-position", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "a subsequence of KQkq"),
    VALID("fen_position_en_passant", "fen-position", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "an en-passant square on rank 6"),
    VALID("fen_position_en_passant_rank_3", "fen-position", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "an en-passant square on rank 3"),
    VALID("fen_position_consecutive_digits", "fen-position", "4k3/44/8/8/8/8/8/4K3 w - - 0 1", "consecutive digits covering 8 files"),
    VALID("fen_position_promoted_queens", "fen-position", "4k3/8/8/8/8/8/1PPPPPPP/QQ2K3 w - - 0 1", "one promoted queen, one pawn missing"),
    INVALID("fen_empty", "fen-position", "", "empty", "the empty text"),
    INVALID("fen_seven_ranks", "fen-position", "4k3/8/8/8/8/8/4K3 w - - 0 1", "fen-rank", "a space before the eighth rank"),
    INVALID("fen_nine_ranks", "fen-position", "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", "fen-rank", "a / after the eighth rank"),
    INVALID("fen_rank_short", "fen-position", "4k2/8/8/8/8/8/8/4K3 w - - 0 1", "fen-rank", "a / before 8 files"),
    INVALID("fen_rank_long_piece", "fen-position", "4k3p/8/8/8/8/8/8/4K3 w - - 0 1", "fen-rank", "a piece past the eighth file"),
    INVALID("fen_rank_long_digits", "fen-position", "4k3/45/8/8/8/8/8/4K3 w - - 0 1", "fen-rank", "digits past the eighth file"),
    INVALID("fen_digit_nine", "fen-position", "4k3/9/8/8/8/8/8/4K3 w - - 0 1", "fen-piece", "runs are 1-8"),
    INVALID("fen_digit_zero", "fen-position", "4k3/08/8/8/8/8/8/4K3 w - - 0 1", "fen-piece", "runs are 1-8"),
    INVALID("fen_bad_piece", "fen-position", "4k3/8/8/8/8/8/8/4K2X w - - 0 1", "fen-piece", "not a piece letter"),
    INVALID("fen_pawn_rank_8", "fen-position", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn-rank", "a white pawn on rank 8"),
    INVALID("fen_pawn_rank_1", "fen-position", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn-rank", "a black pawn on rank 1"),
    INVALID("fen_two_white_kings", "fen-position", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "fen-kings", "reported at the second king"),
    INVALID("fen_no_black_king", "fen-position", "8/8/8/8/8/8/8/4K3 w - - 0 1", "fen-kings", "reported at column 1"),
    INVALID("fen_no_white_king", "fen-position", "4k3/8/8/8/8/8/8/8 w - - 0 1", "fen-kings", "reported at column 1"),
    INVALID("fen_ninth_pawn", "fen-position", "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "too-many-pawns", "reported at the ninth pawn"),
    INVALID("fen_promotions", "fen-position", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "promotions", "a second queen with all 8 pawns"),
    INVALID("fen_truncated_side", "fen-position", "4k3/8/8/8/8/8/8/4K3", "truncated", "the side to move is required"),
    INVALID("fen_bad_side", "fen-position", "4k3/8/8/8/8/8/8/4K3 W - - 0 1", "fen-field", "the side is w or b"),
    INVALID("fen_castling_order", "fen-position", "4k3/8/8/8/8/8/8/4K3 w QK - 0 1", "fen-field", "castling in KQkq order"),
    INVALID("fen_castling_repeated", "fen-position", "4k3/8/8/8/8/8/8/4K3 w KK - 0 1", "fen-field", "each castling letter once"),
    INVALID("fen_truncated_after_castling", "fen-position", "4k3/8/8/8/8/8/8/4K3 w -", "truncated", "castling needs en passant"),
    INVALID("fen_en_passant_rank_4", "fen-position", "4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "fen-field", "en passant on rank 3 or 6"),
    INVALID("fen_clock_letter", "fen-position", "4k3/8/8/8/8/8/8/4K3 w - - x 1", "fen-field", "clocks are digits"),
    INVALID("fen_clock_six_digits", "fen-position", "4k3/8/8/8/8/8/8/4K3 w - - 123456 1", "fen-field", "clocks have 1-5 digits"),
    INVALID("fen_truncated_fullmove", "fen-position", "4k3/8/8/8/8/8/8/4K3 w - - 0", "truncated", "two clocks or none"),
    INVALID("fen_trailing", "fen-position", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", "trailing", "nothing after the fullmove clock"),
    INVALID("fen_double_space", "fen-position", "4k3/8/8/8/8/8/8/4K3  w - - 0 1", "fen-field", "one space between fields"),
    INVALID("fen_material_promotions", "fen-material", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "promotions", "the FEN is checked first"),
    INVALID("fen_study_kings", "fen-study-win", "8/8/8/8/8/8/8/4K3 w - - 0 1", "fen-kings", "the FEN is checked first"),

    VALID("position_order_by_material", "position-order", "e1e8 0000.00 1/1.|e1e8 0000.10 .e2 2/1.", "material first"),
    VALID("position_order_by_white_king", "position-order", "a8h8 0000.00 1/1.|b1h8 0000.00 1/1.", "White's king: a8 < b1"),
    VALID("position_order_by_black_king", "position-order", "e1e8 0000.00 1/1.|e1e7 0000.00 1/1.", "Black's king"),
    VALID("position_order_by_square", "position-order", "e1e8 0001.00 a3 2/1.|e1e8 0001.00 b3 2/1.", "squares in written order"),
    VALID("position_order_by_square_file_major", "position-order", "e1e8 0001.00 b1 2/1.|e1e8 0001.00 a8 2/1.", "b1 > a8"),
    VALID("position_order_by_pawn_square", "position-order", "e1e8 0000.10 .a3 2/1.|e1e8 0000.10 .a2 2/1.", "pawn squares count too"),
    VALID("position_order_equal", "position-order", "a7d3 0116.00 b2b3c6d6 3/3+.|a7d3 0116.00 b2b3c6d6 3/3+.", "the same position"),
    VALID("position_order_none_before_win", "position-order", "e1e8 0000.00 1/1.|e1e8 0000.00 1/1+.", "none < +"),
    VALID("position_order_win_before_draw", "position-order", "e1e8 0000.00 1/1+.|e1e8 0000.00 1/1=.", "+ < ="),
    VALID("position_order_draw_before_black_win", "position-order", "e1e8 0000.00 1/1=.|e1e8 0000.00 1/1-+.", "= < -+"),
    VALID("position_order_black_win_before_black_draw", "position-order", "e1e8 0000.00 1/1-+.|e1e8 0000.00 1/1-=.", "-+ < -="),
    VALID("position_order_black_draw_before_wtm", "position-order", "e1e8 0000.00 1/1-=.|e1e8 0000.00 1/1 WTM.", "-= < WTM"),
    VALID("position_order_wtm_before_btm", "position-order", "e1e8 0000.00 1/1 WTM.|e1e8 0000.00 1/1 BTM.", "WTM < BTM"),
    VALID("position_order_btm_after_none", "position-order", "e1e8 0000.00 1/1 BTM.|e1e8 0000.00 1/1.", "BTM > none"),
    VALID("position_order_square_before_indicator", "position-order", "e1e8 0001.00 a3 2/1.|e1e8 0001.00 a2 2/1+.", "squares before the indicator"),
    INVALID("position_order_empty", "position-order", "", "empty", "A is read first: an empty input is an empty A (GBR 1.1)"),
    INVALID("position_order_no_bar_first_invalid", "position-order", "e1e8 0000.00 1/1x.", "expected-point",
            "A's own errors come before the missing | (GBR 1.1)"),

    VALID("check_position", "check", "a7d3 0116.00 b2b3c6d6 3/3+.", "a file letter first: a position form"),
    VALID("check_fen", "check", START_FEN, "a / in the first token: a FEN"),
    VALID("check_fen_placement_and_side", "check", "4k3/8/8/8/8/8/8/4K2R b", "written back with - - 0 1"),
    INVALID("check_position_bad", "check", "a7d3 0116 b2b3c6d6 3/3+.", "expected-point", "a position form"),
    INVALID("check_fen_bad", "check", "4k3/8/8/8/8/8/8/4K2R x", "fen-field", "a FEN"),
    /* FENs of placement and side only (§6: the other fields are optional)
     * through every FEN operation, not fen-position alone. */
    VALID("fen_material_placement_and_side", "fen-material", "4k3/8/8/8/8/8/8/4K2R w", "placement and side only"),
    VALID("fen_material_placement_and_side_black", "fen-material", "4k3/8/8/8/8/8/8/4K2R b", "placement and side only, Black to move"),
    VALID("fen_study_placement_and_side", "fen-study", "4k3/8/8/8/8/8/8/4K2R w", "placement and side only"),
    VALID("fen_study_draw_placement_and_side", "fen-study-draw", "4k3/8/8/8/8/8/8/4K2R b", "placement and side only"),
    VALID("fen_position_win_placement_and_side_black", "fen-position-win", "4k3/8/8/8/8/8/8/4K2R b", "placement and side only: -+"),
    /* Non-ASCII look-alike digits (UTF-8) at digit places. */
    INVALID("fen_fullwidth_run_digit", "fen-position", "4k\\xef\\xbc\\x93/8/8/8/8/8/8/4K3 w - - 0 1", "fen-piece", "a fullwidth 3 (U+FF13) as a run of empty squares"),
    INVALID("fen_material_fullwidth_run_digit", "fen-material", "4k3/8/8/8/8/8/8/4K\\xef\\xbc\\x93 w", "fen-piece", "a fullwidth 3 (U+FF13) as a run of empty squares"),
    INVALID("position_fullwidth_men_count", "position", "a1h8 0000.00 1/\\xef\\xbc\\x91.", "men-count", "a fullwidth 1 (U+FF11) as Black's men count"),
};

/* ---- Extensions level: section 5 groups ----------------------------------------- */
static const spec_case extension_cases[] = {
    VALID("position_group_three_white_knights", "position", "e1e8 0009.00 {b1c1d1/f6} 4/2.", "three white knights and one black knight"),
    VALID("position_group_black_empty", "position", "e1e8 0009.00 {b1c1d1/} 4/1.", "an empty black list"),
    VALID("position_group_white_empty", "position", "e1e8 0009.00 {/f6g6h6} 1/4.", "an empty white list"),
    VALID("position_group_queens", "position", "e1e8 9000.00 {a3b3c3/} 4/1.", "three white queens"),
    VALID("position_group_rooks", "position", "e1e8 0900.00 {/a6b6c6} 1/4.", "three black rooks"),
    VALID("position_group_bishops_both", "position", "e1e8 0090.00 {a3b3c3/a6b6c6} 4/4.", "three bishops a side"),
    VALID("position_group_then_squares", "position", "e1e8 0091.00 {a3b3c3/}h3 5/1.", "a group, then ordinary squares"),
    VALID("position_squares_then_group", "position", "e1e8 0109.00 a1{b1c1d1/} 5/1.", "ordinary squares, then a group"),
    VALID("position_two_groups", "position", "e1e8 0099.00 {a3b3c3/}{/a6b6c6} 4/4.", "two groups"),
    VALID("position_group_with_pawns", "position", "e1e8 0009.71 {a1b1c1/}.a2b2c2d2e2f2g2h7 11/2.", "a group, then pawns"),
    VALID("position_group_ten_knights", "position", "e1e8 0009.00 {a1a2a3a4a5a6a7a8b1b2/} 11/1.", "ten knights: 8 promoted"),
    INVALID("position_group_missing", "position", "e1e8 0009.00 b1c1d1f6 5/2.", "overflow-group", "a digit 9 needs a group"),
    INVALID("position_group_too_small", "position", "e1e8 0009.00 {b1c1/f6g6} 5/3.", "overflow-group", "a group needs three on one side"),
    INVALID("position_group_missing_slash", "position", "e1e8 0009.00 {b1c1d1} 4/1.", "overflow-group", "white/black"),
    INVALID("position_group_unclosed", "position", "e1e8 0009.00 {b1c1d1/f6 5/2.", "overflow-group", "the group closes with }"),
    INVALID("position_group_bad_square", "position", "e1e8 0009.00 {b1c1d9/f6} 5/2.", "expected-square", "a bad rank inside a group"),
    INVALID("position_group_order", "position", "e1e8 0009.00 {c1b1d1/f6} 5/2.", "square-order", "ascending inside each list"),
    INVALID("position_group_duplicate", "position", "e1e8 0009.00 {b1c1d1/d1} 5/2.", "duplicate-square", "a square used twice"),
    INVALID("position_group_on_king", "position", "e1e8 0009.00 {b1c1e1/f6} 5/2.", "duplicate-square", "a knight on the king's square"),
    INVALID("position_group_men_mismatch", "position", "e1e8 0009.00 {b1c1d1/f6} 5/2.", "men-mismatch", "the count includes the group's men"),
    INVALID("position_group_promotions", "position", "e1e8 9000.80 {a3b3c3/}.a2b2c2d2e2f2g2h2 12/1.", "promotions", "exact counts: three white queens and 8 white pawns"),
    INVALID("position_group_eleven_knights", "position", "e1e8 0009.00 {a1a2a3a4a5a6a7a8b1b2b3/} 12/1.", "promotions", "eleven knights: 9 promoted"),
    VALID("position_fen_group", "position-fen", "e1e8 0009.00 {b1c1d1/f6} 4/2.", "a group back to FEN"),
    VALID("position_fen_two_groups", "position-fen", "e1e8 0099.00 {a3b3c3/}{/a6b6c6} 4/4 BTM.", "two groups, Black to move"),
    VALID("fen_position_three_knights", "fen-position", "4k3/8/5n2/8/8/8/8/1NNNK3 w - - 0 1", "three white knights: a group"),
    VALID("fen_position_three_black_queens", "fen-position-draw", "qqq1k3/8/8/8/8/8/8/4K3 b - - 0 1", "three black queens, Black to move, draw"),
    VALID("fen_position_group_win", "fen-position-win", "4k3/8/8/8/8/8/8/RRRRK3 w - - 0 1", "four white rooks, win"),
    VALID("position_order_group_white_count", "position-order", "e1e8 0009.00 {b1c1d1/f6} 4/2.|e1e8 0009.00 {b1/c6d6f6} 2/4.", "fewer white men of a 9-type first"),
    VALID("position_order_group_squares", "position-order", "e1e8 0009.00 {b1c1d1/} 4/1.|e1e8 0009.00 {b1c1d2/} 4/1.", "then the squares"),
    VALID("check_position_group", "check", "e1e8 0009.00 {b1c1d1/f6} 4/2.", "a position form with a group"),
    /* Three or more men of a type on one side through every FEN operation: the
     * 9 rule, not min(white + 3 x black, 9), which gives 3 for three white men. */
    VALID("fen_material_three_white_bishops", "fen-material", "4k3/8/8/8/8/8/8/BBB1K3 w - - 0 1", "three white bishops: 9, not 3"),
    VALID("fen_material_three_black_knights", "fen-material", "nnn1k3/8/8/8/8/8/8/4K3 w - - 0 1", "three black knights: 9"),
    VALID("fen_material_three_white_rooks_one_black", "fen-material", "4k2r/8/8/8/8/8/8/RRR1K3 w", "three white rooks and a black one: 9, not 6"),
    VALID("fen_material_three_white_queens", "fen-material", "4k3/8/8/8/8/8/PPPPPP2/QQQ1K3 w - - 0 1", "three white queens, two promoted: 9"),
    VALID("fen_study_win_three_white_bishops", "fen-study-win", "4k3/8/8/8/8/8/8/BBB1K3 w - - 0 1", "three white bishops: 9 in the study code"),
    VALID("fen_study_three_white_rooks_one_black", "fen-study", "4k2r/8/8/8/8/8/8/RRR1K3 b", "three white rooks and a black one: 9"),
    VALID("fen_position_three_white_bishops", "fen-position", "4k3/8/8/8/8/8/8/BBB1K3 w - - 0 1", "three white bishops: a group"),
    VALID("fen_position_draw_three_black_knights", "fen-position-draw", "nnn1k3/8/8/8/8/8/8/4K3 b", "three black knights: a group"),
    VALID("check_fen_three_white_bishops", "check", "4k3/8/8/8/8/8/8/BBB1K3 w - - 0 1", "three white bishops in a FEN"),
};

/* ==== Collecting the cases ================================================ */

typedef struct vector {
    char *id, *operation, *input, *fault, *expect, *comment; /* input escaped */
    enum level level;
} vector;

typedef struct vector_list {
    vector *items;
    size_t count, cap;
    int failed; /* out of memory */
} vector_list;

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static void add_case(vector_list *list, enum level level, const char *id, const char *op, const char *input,
                     const char *fault, const char *expect, const char *comment)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 512;
        vector *bigger = realloc(list->items, cap * sizeof *bigger);
        if (!bigger) {
            list->failed = 1;
            return;
        }
        list->items = bigger;
        list->cap = cap;
    }
    vector v = {strdup(id), strdup(op), strdup(input), dup_or_null(fault), dup_or_null(expect), strdup(comment), level};
    if (!v.id || !v.operation || !v.input || !v.comment)
        list->failed = 1;
    list->items[list->count++] = v;
}

static void add_table(vector_list *list, enum level level, const spec_case *table, size_t n)
{
    for (size_t i = 0; i < n; i++)
        add_case(list, level, table[i].id, table[i].operation, table[i].input, table[i].fault, table[i].expect,
                 table[i].comment);
}

/* The cases of a case file (spec/vectors/cases/cells.tsv): one invalid case
 * a line, six tab-separated fields, '#' comment lines. Returns -1 after
 * saying what is wrong. */
static int add_case_file(vector_list *list, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gbr vectors: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    unsigned long number = 0;
    int bad = 0;
    while (!bad && getline(&line, &cap, f) >= 0) {
        number++;
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *field[6];
        int n = 0;
        for (char *at = line; n < 6 && at; n++) {
            field[n] = at;
            at = strchr(at, '\t');
            if (at)
                *at++ = '\0';
            else if (n < 5)
                n = 6; /* too few fields: fails the test below */
        }
        enum level level = LEVEL_COUNT;
        for (int k = 0; k < LEVEL_COUNT && n == 6; k++)
            if (strcmp(field[1], level_names[k]) == 0)
                level = (enum level)k;
        if (n != 6 || strchr(field[5], '\t') || level == LEVEL_COUNT || strncmp(field[0], "n_", 2) != 0) {
            fprintf(stderr, "gbr vectors: %s:%lu: not an invalid case of six fields with a known level\n", path,
                    number);
            bad = 1;
            break;
        }
        add_case(list, level, field[0], field[2], field[3], field[4], NULL, field[5]);
    }
    free(line);
    if (ferror(f))
        bad = 1;
    fclose(f);
    return bad ? -1 : 0;
}

static const char type_letters[] = "QRBNP";
static const char *const type_words[] = {"queen", "rook", "bishop", "knight", "pawn"};

/* printf into a fixed buffer (sweeps build short texts). */
static const char *fmt(char *buf, size_t cap, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static const char *fmt(char *buf, size_t cap, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vsnprintf(buf, cap, format, ap);
    va_end(ap);
    return buf;
}

/* A name with `white` and `black` men of one type (and the kings). */
static void name_of(char *out, int type, int white, int black)
{
    size_t n = 0;
    out[n++] = 'K';
    for (int i = 0; i < white; i++)
        out[n++] = type_letters[type];
    out[n++] = 'v';
    out[n++] = 'K';
    for (int i = 0; i < black; i++)
        out[n++] = type_letters[type];
    out[n] = '\0';
}

/* Boundary sweeps of the material level: every digit on every type, every
 * split 0-3 against 0-3, every pawn count, a ninth pawn on either side. */
static void add_material_sweeps(vector_list *list)
{
    char id[96], input[64], comment[128];
    for (int type = 0; type < 4; type++) {
        for (int digit = 0; digit <= 9; digit++) {
            char code[8] = "0000.00";
            code[type] = (char)('0' + digit);
            add_case(list, LEVEL_MATERIAL, fmt(id, sizeof id, "y_material_%s_digit_%d", type_words[type], digit),
                     "material", code, NULL, NULL,
                     fmt(comment, sizeof comment, "digit %d on %ss", digit, type_words[type]));
            if (digit < 9)
                add_case(list, LEVEL_MATERIAL,
                         fmt(id, sizeof id, "y_material_name_%s_digit_%d", type_words[type], digit), "material-name",
                         code, NULL, NULL,
                         fmt(comment, sizeof comment, "decoding: %d = %d white + 3 x %d black", digit, digit % 3,
                             digit / 3));
            else
                add_case(list, LEVEL_MATERIAL, fmt(id, sizeof id, "n_material_name_%s_overflow", type_words[type]),
                         "material-name", code, "name-overflow", NULL,
                         fmt(comment, sizeof comment, "a 9 on %ss has no single split", type_words[type]));
        }
        for (int white = 0; white <= 3; white++)
            for (int black = 0; black <= 3; black++) {
                name_of(input, type, white, black);
                add_case(list, LEVEL_MATERIAL,
                         fmt(id, sizeof id, "y_name_material_%s_w%d_b%d", type_words[type], white, black),
                         "name-material", input, NULL, NULL,
                         fmt(comment, sizeof comment, "%d white and %d black %ss%s", white, black, type_words[type],
                             white >= 3 || black >= 3 ? ": the 9 rule" : ""));
            }
    }
    for (int side = 0; side < 2; side++) {
        const char *colour = side ? "black" : "white";
        for (int pawns = 0; pawns <= 9; pawns++) {
            char code[8] = "0000.00";
            code[5 + side] = (char)('0' + pawns);
            if (pawns == 9)
                add_case(list, LEVEL_MATERIAL, fmt(id, sizeof id, "n_material_%s_pawns_9", colour), "material", code,
                         "pawn-count", NULL, fmt(comment, sizeof comment, "a 9 as %s's pawn count", colour));
            else if (pawns > 0 || side == 0)
                add_case(list, LEVEL_MATERIAL, fmt(id, sizeof id, "y_material_%s_pawns_%d", colour, pawns),
                         "material", code, NULL, NULL,
                         fmt(comment, sizeof comment, "%d %s pawns", pawns, colour));
            name_of(input, GBR_PAWN, side ? 0 : pawns, side ? pawns : 0);
            if (pawns == 9)
                add_case(list, LEVEL_MATERIAL, fmt(id, sizeof id, "n_name_material_%s_ninth_pawn", colour),
                         "name-material", input, "too-many-pawns", NULL,
                         fmt(comment, sizeof comment, "a ninth %s pawn, reported at it", colour));
            else if (pawns > 0)
                add_case(list, LEVEL_MATERIAL, fmt(id, sizeof id, "y_name_material_%s_pawns_%d", colour, pawns),
                         "name-material", input, NULL, NULL,
                         fmt(comment, sizeof comment, "%d %s pawns", pawns, colour));
        }
    }
    /* A count kept in 8 bits would wrap: 257 queens would read as 1. */
    char many[300];
    many[0] = 'K';
    memset(many + 1, 'Q', 257);
    memcpy(many + 258, "vK", 3);
    add_case(list, LEVEL_MATERIAL, "n_name_material_promotions_257_queens", "name-material", many, "promotions", NULL,
             "257 queens: a count kept in 8 bits would wrap to 1");
    /* Order: one step up in each of the six places of abcdef, both ways. */
    for (int place = 0; place < 6; place++) {
        char low[8] = "3333.33", high[8] = "3333.33";
        int at = place < 4 ? place : place + 1;
        high[at] = '4';
        add_case(list, LEVEL_MATERIAL, fmt(id, sizeof id, "y_material_order_place_%d_less", place + 1),
                 "material-order", fmt(input, sizeof input, "%s|%s", low, high), NULL, NULL,
                 fmt(comment, sizeof comment, "one step up in place %d of abcdef", place + 1));
        add_case(list, LEVEL_MATERIAL, fmt(id, sizeof id, "y_material_order_place_%d_greater", place + 1),
                 "material-order", fmt(input, sizeof input, "%s|%s", high, low), NULL, NULL,
                 fmt(comment, sizeof comment, "one step down in place %d of abcdef", place + 1));
    }
}

/* Study sweeps: each stipulation with each wrapper, long and short. */
static void add_study_sweeps(vector_list *list)
{
    static const char *const stipulations[] = {"", "+", "="};
    static const char *const stipulation_words[] = {"none", "win", "draw"};
    static const char *const opens[] = {"", "[", "("}, *const closes[] = {"", "]", ")"};
    static const char *const wrapper_words[] = {"bare", "brackets", "parentheses"};
    char id[96], input[64], comment[128];
    for (int s = 0; s < 3; s++)
        for (int w = 0; w < 3; w++)
            for (int shortened = 0; shortened < 2; shortened++) {
                add_case(list, LEVEL_STUDY,
                         fmt(id, sizeof id, "y_study_%s_%s_%s", stipulation_words[s], wrapper_words[w],
                             shortened ? "short" : "long"),
                         "study",
                         fmt(input, sizeof input, "%s%s0013%sh8a1%s", opens[w], stipulations[s],
                             shortened ? "" : ".21", closes[w]),
                         NULL, NULL,
                         fmt(comment, sizeof comment, "stipulation %s, %s, %s form", stipulation_words[s],
                             wrapper_words[w], shortened ? "short" : "long"));
            }
}

/* Position sweeps: each digit 0-8 on each type as squares, each pawn count,
 * each indicator, each FEN side with each result. */
static void add_position_sweeps(vector_list *list)
{
    static const char *const files = "abcdefgh";
    char id[96], input[256], comment[128];
    for (int type = 0; type < 4; type++)
        for (int digit = 0; digit <= 8; digit++) {
            int white = digit % 3, black = digit / 3;
            char code[8] = "0000.00", field[32] = "";
            code[type] = (char)('0' + digit);
            size_t n = 0;
            for (int i = 0; i < white; i++)
                n += (size_t)snprintf(field + n, sizeof field - n, "%c3", files[i]);
            for (int i = 0; i < black; i++)
                n += (size_t)snprintf(field + n, sizeof field - n, "%c6", files[i]);
            fmt(input, sizeof input, "e1e8 %s%s%s %d/%d.", code, n ? " " : "", field, 1 + white, 1 + black);
            add_case(list, LEVEL_POSITION, fmt(id, sizeof id, "y_position_%s_digit_%d", type_words[type], digit),
                     "position", input, NULL, NULL,
                     fmt(comment, sizeof comment, "%d white and %d black %ss", white, black, type_words[type]));
            add_case(list, LEVEL_POSITION, fmt(id, sizeof id, "y_position_fen_%s_digit_%d", type_words[type], digit),
                     "position-fen", input, NULL, NULL,
                     fmt(comment, sizeof comment, "%d white and %d black %ss to FEN", white, black, type_words[type]));
        }
    for (int side = 0; side < 2; side++) {
        const char *colour = side ? "black" : "white";
        for (int pawns = 1; pawns <= 8; pawns++) {
            char code[8] = "0000.00", field[40] = ".";
            code[5 + side] = (char)('0' + pawns);
            for (int i = 0; i < pawns; i++)
                snprintf(field + 1 + 2 * i, sizeof field - 1 - 2 * (size_t)i, "%c%c", files[i], side ? '7' : '2');
            fmt(input, sizeof input, "d1d8 %s %s %d/%d.", code, field, 1 + (side ? 0 : pawns), 1 + (side ? pawns : 0));
            add_case(list, LEVEL_POSITION, fmt(id, sizeof id, "y_position_%s_pawns_%d", colour, pawns), "position",
                     input, NULL, NULL, fmt(comment, sizeof comment, "%d %s pawns", pawns, colour));
        }
    }
    static const char *const indicators[] = {"", "+", "=", "-+", "-=", " WTM", " BTM"};
    static const char *const indicator_words[] = {"none", "win", "draw", "black_win", "black_draw", "wtm", "btm"};
    for (int i = 0; i < 7; i++) {
        fmt(input, sizeof input, "a7d3 0116.00 b2b3c6d6 3/3%s.", indicators[i]);
        add_case(list, LEVEL_POSITION, fmt(id, sizeof id, "y_position_indicator_%s", indicator_words[i]), "position",
                 input, NULL, NULL, fmt(comment, sizeof comment, "indicator \"%s\"", indicators[i]));
        add_case(list, LEVEL_POSITION, fmt(id, sizeof id, "y_position_fen_indicator_%s", indicator_words[i]),
                 "position-fen", input, NULL, NULL,
                 fmt(comment, sizeof comment, "indicator \"%s\" gives the side to move", indicators[i]));
    }
    static const char *const results[] = {"", "-win", "-draw"};
    for (int side = 0; side < 2; side++)
        for (int r = 0; r < 3; r++) {
            fmt(input, sizeof input, "1r2k3/8/8/8/8/8/8/R3K3 %c - - 0 1", side ? 'b' : 'w');
            char op[32];
            fmt(op, sizeof op, "fen-position%s", results[r]);
            add_case(list, LEVEL_POSITION,
                     fmt(id, sizeof id, "y_fen_position_%s_%s", side ? "black" : "white", r ? results[r] + 1 : "none"),
                     op, input, NULL, NULL,
                     fmt(comment, sizeof comment, "%s to move, result %s", side ? "Black" : "White",
                         r ? results[r] + 1 : "none"));
        }
}

/* ==== Coverage sweeps (spec/gbr.md section 13.5) ========================== *
 * Run after every other case is in: each adds a case only where the cases so
 * far leave a place of the coverage rule empty, taking its input from a case
 * that is already there, so a new case has a stable id and the cases written
 * by hand stay the ones that count. The error class and output of a new case
 * come from the reference codec, like every expected output. */

/* The reference codec's answer to op on an escaped input with a raw prefix;
 * returns the status, or -1 when the escape is malformed. */
static int reference_answer(const char *op, const char *prefix, const char *escaped, char *answer)
{
    size_t plen = strlen(prefix);
    char *raw = malloc(plen + strlen(escaped) + 1);
    long len = raw ? conform_unescape(escaped, raw + plen) : -1;
    if (len < 0) {
        free(raw);
        return -1;
    }
    memcpy(raw, prefix, plen);
    int status = conform_answer(gbr_codec_ref(), op, raw, plen + (size_t)len, answer);
    free(raw);
    return status;
}

/* The error class of an "error NAME COLUMN" answer, as a NUL-ended copy. */
static const char *fault_of(const char *answer, char *out, size_t cap)
{
    size_t n = strcspn(answer + 6, " ");
    snprintf(out, cap, "%.*s", (int)n, answer + 6);
    return out;
}

static void underscored(char *out, size_t cap, const char *text)
{
    snprintf(out, cap, "%s", text);
    for (char *c = out; *c; c++)
        if (*c == '-')
            *c = '_';
}

static int has_fault_case(const vector_list *list, const char *op, const char *fault)
{
    for (size_t i = 0; i < list->count; i++)
        if (list->items[i].fault && strcmp(list->items[i].operation, op) == 0 &&
            strcmp(list->items[i].fault, fault) == 0)
            return 1;
    return 0;
}

/* Every error class an operation can report has an invalid case (the list
 * is spec section 13.2's; here it is what the base operations' cases reach).
 * An operation borrows the inputs of a base operation that reads the same
 * forms; an order operation puts the borrowed text as B after a valid A, so
 * that A's own end (a '|') does not change the error. */
static void add_error_sweeps(vector_list *list)
{
    static const struct {
        const char *op, *base, *order_a;
    } borrow[] = {
        {"material-name", "material", ""},
        {"material-order", "material", "0002.01|"},
        {"study-order", "study", "+0020.42c1a1|"},
        {"position-fen", "position", ""},
        {"position-order", "position", "e1e8 0000.00 1/1.|"},
        {"fen-material", "fen-position", ""},
        {"fen-study", "fen-position", ""},
        {"fen-study-win", "fen-position", ""},
        {"fen-study-draw", "fen-position", ""},
        {"fen-position-win", "fen-position", ""},
        {"fen-position-draw", "fen-position", ""},
        {"check", "material", ""},
        {"check", "name-material", ""},
        {"check", "study", ""},
        {"check", "position", ""},
        {"check", "fen-position", ""},
    };
    char answer[CONFORM_ANSWER_MAX + 1], fault[64], want[64], id[160], op_id[64], fault_id[64], comment[256];
    for (size_t b = 0; b < sizeof borrow / sizeof borrow[0]; b++) {
        size_t count = list->count; /* not the cases this loop adds */
        for (size_t i = 0; i < count; i++) {
            const vector *base = &list->items[i];
            if (!base->fault || strcmp(base->operation, borrow[b].base) != 0 ||
                has_fault_case(list, borrow[b].op, base->fault))
                continue;
            snprintf(want, sizeof want, "%s", base->fault);
            /* The first case of the base operation with this fault that keeps it. */
            for (size_t j = i; j < count; j++) {
                const vector *v = &list->items[j];
                if (!v->fault || strcmp(v->operation, borrow[b].base) != 0 || strcmp(v->fault, want) != 0 ||
                    strchr(v->input, '|') ||
                    reference_answer(borrow[b].op, borrow[b].order_a, v->input, answer) != CONFORM_REJECTED ||
                    strcmp(fault_of(answer, fault, sizeof fault), want) != 0)
                    continue;
                size_t alen = strlen(borrow[b].order_a);
                char *input = malloc(alen + strlen(v->input) + 1);
                if (!input) {
                    list->failed = 1;
                    return;
                }
                memcpy(input, borrow[b].order_a, alen);
                strcpy(input + alen, v->input);
                underscored(op_id, sizeof op_id, borrow[b].op);
                underscored(fault_id, sizeof fault_id, want);
                add_case(list, v->level, fmt(id, sizeof id, "n_%s_reports_%s", op_id, fault_id), borrow[b].op,
                         input, want, NULL,
                         fmt(comment, sizeof comment, "%s reports %s: the input of %s%s", borrow[b].op, want, v->id,
                             alen ? " as B" : ""));
                free(input);
                break;
            }
        }
    }
}

static size_t raw_length(const char *escaped)
{
    size_t n = 0;
    for (const char *c = escaped; *c; n++)
        c += c[0] == '\\' ? (c[1] == 'x' ? 4 : 2) : 1;
    return n;
}

/* Inputs of 0, 1 and 2 bytes for every operation: the first bytes of a
 * valid input. */
static void add_length_sweeps(vector_list *list)
{
    static const struct {
        const char *op, *valid;
        enum level level;
    } ops[] = {
        {"material", "0116.00", LEVEL_MATERIAL},
        {"name-material", "KRPvKR", LEVEL_MATERIAL},
        {"material-name", "0116.00", LEVEL_MATERIAL},
        {"material-order", "0002.01|0002.00", LEVEL_MATERIAL},
        {"study", "+0020.42c1a1", LEVEL_STUDY},
        {"study-order", "+0020.42c1a1|=0020.42c1a1", LEVEL_STUDY},
        {"position", "a7d3 0116.00 b2b3c6d6 3/3+.", LEVEL_POSITION},
        {"position-fen", "a7d3 0116.00 b2b3c6d6 3/3+.", LEVEL_POSITION},
        {"position-order", "e1e8 0000.00 1/1.|e1e8 0000.00 1/1.", LEVEL_POSITION},
        {"fen-material", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", LEVEL_POSITION},
        {"fen-study", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", LEVEL_POSITION},
        {"fen-study-win", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", LEVEL_POSITION},
        {"fen-study-draw", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", LEVEL_POSITION},
        {"fen-position", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", LEVEL_POSITION},
        {"fen-position-win", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", LEVEL_POSITION},
        {"fen-position-draw", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", LEVEL_POSITION},
        {"check", "0116.00", LEVEL_MATERIAL},
    };
    char answer[CONFORM_ANSWER_MAX + 1], fault[64], id[160], op_id[64], input[4], comment[160];
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        for (size_t length = 0; length <= 2; length++) {
            int found = 0;
            for (size_t i = 0; i < list->count && !found; i++)
                found = strcmp(list->items[i].operation, ops[o].op) == 0 && raw_length(list->items[i].input) == length;
            if (found)
                continue;
            snprintf(input, sizeof input, "%.*s", (int)length, ops[o].valid);
            int status = reference_answer(ops[o].op, "", input, answer);
            underscored(op_id, sizeof op_id, ops[o].op);
            add_case(list, ops[o].level,
                     fmt(id, sizeof id, "%c_%s_length_%zu", status == CONFORM_REJECTED ? 'n' : 'y', op_id, length),
                     ops[o].op, input, status == CONFORM_REJECTED ? fault_of(answer, fault, sizeof fault) : NULL, NULL,
                     fmt(comment, sizeof comment, "%zu bytes: the start of %s", length, ops[o].valid));
        }
}

/* Does a valid case of op have an output whose material code carries digit
 * on type? (The first "dddd.dd" of the output: the code of every form.) */
static int digit_covered(const vector_list *list, char (*answers)[CONFORM_ANSWER_MAX + 1], size_t answered,
                         const char *op, int type, int digit)
{
    for (size_t i = 0; i < answered; i++) {
        if (list->items[i].fault || strcmp(list->items[i].operation, op) != 0)
            continue;
        const char *a = answers[i];
        for (size_t k = 0; a[k]; k++) {
            size_t d = 0;
            while (d < 7 && a[k + d] && (d == 4 ? a[k + d] == '.' : a[k + d] >= '0' && a[k + d] <= '9'))
                d++;
            if (d == 7 && (k == 0 || a[k - 1] < '0' || a[k - 1] > '9')) {
                if (a[k + (size_t)type] == '0' + digit)
                    return 1;
                break;
            }
        }
    }
    return 0;
}

/* Each material digit 0-9 of each type through every operation that gives
 * a material code: a name, a FEN or (check) a material code with that
 * many men (white + 3 x black, or three white for 9). */
static void add_digit_sweeps(vector_list *list)
{
    static const char *const ops[] = {"name-material", "check", "fen-material", "fen-study", "fen-study-win",
                                      "fen-study-draw", "fen-position", "fen-position-win", "fen-position-draw"};
    /* Which digits already pass through each operation: the answers so far. */
    size_t answered = list->count;
    char (*answers)[CONFORM_ANSWER_MAX + 1] = calloc(answered ? answered : 1, sizeof *answers);
    if (!answers) {
        list->failed = 1;
        return;
    }
    for (size_t i = 0; i < answered; i++)
        if (reference_answer(list->items[i].operation, "", list->items[i].input, answers[i]) != CONFORM_ACCEPTED)
            answers[i][0] = '\0';
    char id[160], op_id[64], input[96], comment[160];
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        for (int type = 0; type < 4; type++)
            for (int digit = 0; digit <= 9; digit++) {
                if (digit_covered(list, answers, answered, ops[o], type, digit))
                    continue;
                int white = digit == 9 ? 3 : digit % 3, black = digit == 9 ? 0 : digit / 3;
                enum level level = LEVEL_MATERIAL;
                if (strcmp(ops[o], "name-material") == 0) {
                    name_of(input, type, white, black);
                } else if (strcmp(ops[o], "check") == 0) {
                    snprintf(input, sizeof input, "0000.00");
                    input[type] = (char)('0' + digit);
                } else { /* a FEN: white men on rank 2 from a2, black on rank 7 from a7 */
                    char rank2[9], rank7[9], upper = type_letters[type], lower = (char)(upper - 'A' + 'a');
                    snprintf(rank2, sizeof rank2, "%.*s%d", white, (char[]){upper, upper, upper, 0}, 8 - white);
                    snprintf(rank7, sizeof rank7, "%.*s%d", black, (char[]){lower, lower, lower, 0}, 8 - black);
                    snprintf(input, sizeof input, "4k3/%s/8/8/8/8/%s/4K3 w - - 0 1", rank7, rank2);
                    level = digit == 9 ? LEVEL_EXTENSIONS : LEVEL_POSITION;
                }
                underscored(op_id, sizeof op_id, ops[o]);
                add_case(list, level, fmt(id, sizeof id, "y_%s_%s_digit_%d", op_id, type_words[type], digit), ops[o],
                         input, NULL, NULL,
                         fmt(comment, sizeof comment, "digit %d on %ss: %d white, %d black", digit, type_words[type],
                             white, black));
            }
    free(answers);
}

/* ==== Computing and checking ============================================== */

static int checked_answer(const vector *v, char *answer, int *status)
{
    size_t cap = strlen(v->input) + 1;
    char *raw = malloc(cap);
    long len = raw ? conform_unescape(v->input, raw) : -1;
    if (len < 0) {
        fprintf(stderr, "gbr vectors: %s: malformed input escape\n", v->id);
        free(raw);
        return -1;
    }
    *status = conform_answer(gbr_codec_ref(), v->operation, raw, (size_t)len, answer);
    free(raw);
    if (*status == CONFORM_UNKNOWN_OP) {
        fprintf(stderr, "gbr vectors: %s: unknown operation %s\n", v->id, v->operation);
        return -1;
    }
    int invalid_id = strncmp(v->id, "n_", 2) == 0;
    if (!invalid_id && strncmp(v->id, "y_", 2) != 0) {
        fprintf(stderr, "gbr vectors: %s: an id starts with y_ or n_\n", v->id);
        return -1;
    }
    if ((v->fault != NULL) != invalid_id) {
        fprintf(stderr, "gbr vectors: %s: an n_ case names its fault, a y_ case none\n", v->id);
        return -1;
    }
    if (invalid_id != (*status == CONFORM_REJECTED)) {
        fprintf(stderr, "gbr vectors: %s: the reference codec %s %s (%s)\n", v->id,
                *status == CONFORM_REJECTED ? "rejects" : "accepts", v->input, answer);
        return -1;
    }
    if (invalid_id) {
        size_t n = strlen(v->fault);
        if (strncmp(answer + 6, v->fault, n) != 0 || answer[6 + n] != ' ') {
            fprintf(stderr, "gbr vectors: %s: the case tests %s, the reference codec says %s\n", v->id, v->fault,
                    answer);
            return -1;
        }
    }
    if (v->expect && strcmp(v->expect, answer) != 0) {
        fprintf(stderr, "gbr vectors: %s: the source says %s, the reference codec says %s\n", v->id, v->expect,
                answer);
        return -1;
    }
    return 0;
}

static const char *const how_chosen[LEVEL_COUNT] = {
    "# How the cases were chosen: every example of the seeds' texts as they state it\n"
    "# (y_*_seed_*); every digit 0-9 on every type, encoded and decoded; every split\n"
    "# of 0-3 white against 0-3 black men of each type (the 9 rule by count); every\n"
    "# pawn count 0-8 and a 9 from either side; short and long forms; the section 2.4\n"
    "# promotion boundaries; one step in each place of the order number; and one\n"
    "# invalid case (n_) for each fault section 9.3 names for material codes and names.\n",
    "# How the cases were chosen: the seeds' study codes; each stipulation with each\n"
    "# wrapper in short and long form; kings at the corners; the study order's keys\n"
    "# one at a time; and one invalid case (n_) for each fault section 9.3 names for study\n"
    "# codes, including the characters between '+' and '=' that are no stipulation.\n",
    "# How the cases were chosen: the seeds' position forms; every digit 0-8 on every\n"
    "# type as squares and as FEN; every pawn count; every indicator both ways; each\n"
    "# side to move with each result from FEN; the FEN fields' boundaries; the\n"
    "# position order's keys one at a time; and one invalid case (n_) for each fault\n"
    "# section 9.3 names for position forms and FEN.\n",
    "# How the cases were chosen: section 5's example; a group for each type, with empty\n"
    "# lists on either side, before and after ordinary squares, two groups, with\n"
    "# pawns; FEN with three or more of a type both ways; the order of 9-types; and\n"
    "# one invalid case (n_) for each fault section 9.3 names for groups.\n",
};

/* The header lines every level shares, after its own. */
static const char how_chosen_all[] =
    "# And n_cell_*: an invalid case for each error a cell of the section 9.4 expectation\n"
    "# tables names (spec/vectors/cases/cells.tsv). And where the cases above leave a place\n"
    "# of section 13.5's coverage of the operations empty: n_OP_reports_ERROR for each\n"
    "# error an operation can report, [yn]_OP_length_N for inputs of 0-2 bytes, and\n"
    "# y_OP_TYPE_digit_D for each digit of each type through the operations giving a code.\n";

static int write_level(const char *dir, enum level level, const vector_list *list, char (*answers)[CONFORM_ANSWER_MAX + 1])
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.tsv", dir, level_names[level]);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "gbr vectors: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    unsigned long valid = 0, invalid = 0;
    for (size_t i = 0; i < list->count; i++)
        if (list->items[i].level == level)
            *(list->items[i].fault ? &invalid : &valid) += 1;
    fprintf(f, "# GBR 1.1 golden vectors, level %s. Written by `gbr vectors` (src/cli/cmd_vectors.c)\n"
               "# with the reference codec: do not edit; regenerate with `gbr vectors --out spec/vectors`.\n"
               "# Format and protocol: spec/gbr.md section 13. One case a line, 7 tab-separated fields:\n"
               "# id, level, result, operation, input, expected, comment. In input and expected, bytes\n"
               "# outside 0x20-0x7e are written \\xHH and a backslash is written \\\\.\n",
            level_names[level]);
    fputs(how_chosen[level], f);
    fputs(how_chosen_all, f);
    fprintf(f, "# Cases: %lu (valid %lu, invalid %lu, implementation-defined 0).\n", valid + invalid, valid, invalid);
    char escaped[4 * (CONFORM_ANSWER_MAX + 1) + 1];
    for (size_t i = 0; i < list->count; i++) {
        const vector *v = &list->items[i];
        if (v->level != level)
            continue;
        conform_escape(answers[i], strlen(answers[i]), escaped);
        fprintf(f, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v->id, level_names[level], v->fault ? "invalid" : "valid",
                v->operation, v->input, escaped, v->comment);
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "gbr vectors: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

/* ==== The JSON form of a level (spec/gbr.md section 13.1) ================= */

/* A JSON string in the one spelling every --json output uses (cli_json_byte). */
static void put_json_string(FILE *f, const char *s, size_t len)
{
    char spelled[6];
    fputc('"', f);
    for (size_t i = 0; i < len; i++)
        fwrite(spelled, 1, cli_json_byte((unsigned char)s[i], spelled), f);
    fputc('"', f);
}

static void put_json_text(FILE *f, const char *s) { put_json_string(f, s, strlen(s)); }

/* The flags a case carries, besides its error class (spec section 13.1 lists
 * them; notes[] is their description in the file). */
static const char *const flag_notes[][2] = {
    {"order", "an order operation: two texts A|B"},
    {"empty", "the input is empty (0 bytes)"},
    {"control", "the input holds a control byte (0x00-0x1f or 0x7f)"},
    {"non-ascii", "the input holds a byte 0x80-0xff"},
    {"cell", "an n_cell_ case: an error named by a cell of the section 9.4 expectation tables"},
    {"seed", "the expected output is the one its source text states"},
};

static int has_byte(const char *raw, size_t len, int (*pick)(unsigned char))
{
    for (size_t i = 0; i < len; i++)
        if (pick((unsigned char)raw[i]))
            return 1;
    return 0;
}
static int is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }
static int is_high(unsigned char c) { return c >= 0x80; }

static int write_level_json(const char *dir, enum level level, const vector_list *list,
                            char (*answers)[CONFORM_ANSWER_MAX + 1], unsigned long tests)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/json/%s.json", dir, level_names[level]);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "gbr vectors: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "{\n  \"$schema\": \"../vectors.schema.json\",\n  \"format\": \"GBR vectors\",\n"
               "  \"specVersion\": \"1.1\",\n  \"level\": \"%s\",\n"
               "  \"generatedBy\": \"gbr vectors (src/cli/cmd_vectors.c) with the reference codec, in the same run "
               "as %s.tsv: do not edit\",\n  \"numberOfTests\": %lu,\n  \"header\": [",
            level_names[level], level_names[level], tests);
    /* The TSV header's "How the cases were chosen" lines, without the "# ". */
    const char *const texts[] = {how_chosen[level], how_chosen_all};
    int first = 1;
    for (size_t t = 0; t < 2; t++)
        for (const char *line = texts[t]; *line; first = 0) {
            const char *end = strchr(line, '\n');
            fputs(first ? "\n    " : ",\n    ", f);
            put_json_string(f, line + 2, (size_t)(end - line - 2));
            line = end + 1;
        }
    fputs("\n  ],\n  \"notes\": {\n"
          "    \"error:NAME\": \"an invalid case: NAME is the error class of its expected output (section 9.2)\"",
          f);
    for (size_t n = 0; n < sizeof flag_notes / sizeof flag_notes[0]; n++) {
        fprintf(f, ",\n    \"%s\": ", flag_notes[n][0]);
        put_json_text(f, flag_notes[n][1]);
    }
    fputs("\n  },\n  \"tests\": [", f);
    static const char hex[] = "0123456789abcdef";
    char escaped[4 * (CONFORM_ANSWER_MAX + 1) + 1];
    int bad = 0;
    first = 1;
    for (size_t i = 0; i < list->count; i++) {
        const vector *v = &list->items[i];
        if (v->level != level)
            continue;
        char *raw = malloc(strlen(v->input) + 1);
        long len = raw ? conform_unescape(v->input, raw) : -1;
        if (len < 0) { /* checked_answer has read every input already */
            free(raw);
            bad = 1;
            break;
        }
        fputs(first ? "\n    {\"id\": " : ",\n    {\"id\": ", f);
        first = 0;
        put_json_text(f, v->id);
        fprintf(f, ", \"result\": \"%s\", \"operation\": ", v->fault ? "invalid" : "valid");
        put_json_text(f, v->operation);
        fputs(", \"input\": ", f);
        put_json_text(f, v->input);
        fputs(", \"inputHex\": \"", f);
        for (long b = 0; b < len; b++)
            fputc(hex[(unsigned char)raw[b] >> 4], f), fputc(hex[(unsigned char)raw[b] & 15u], f);
        fputs("\", \"expected\": ", f);
        conform_escape(answers[i], strlen(answers[i]), escaped);
        put_json_text(f, escaped);
        fputs(", \"comment\": ", f);
        put_json_text(f, v->comment);
        fputs(", \"flags\": [", f);
        const char *sep = "";
        if (v->fault) { /* "error NAME COLUMN": the class checked_answer compared with the fault */
            fputs("\"error:", f);
            fwrite(answers[i] + 6, 1, strcspn(answers[i] + 6, " "), f);
            fputc('"', f);
            sep = ", ";
        }
        const int flagged[] = {
            strlen(v->operation) > 6 && strcmp(v->operation + strlen(v->operation) - 6, "-order") == 0,
            len == 0,
            has_byte(raw, (size_t)len, is_control),
            has_byte(raw, (size_t)len, is_high),
            strncmp(v->id, "n_cell_", 7) == 0,
            v->expect != NULL,
        };
        for (size_t n = 0; n < sizeof flagged / sizeof flagged[0]; n++)
            if (flagged[n]) {
                fprintf(f, "%s\"%s\"", sep, flag_notes[n][0]);
                sep = ", ";
            }
        fputs("]}", f);
        free(raw);
    }
    fputs("\n  ]\n}\n", f);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "gbr vectors: cannot write %s\n", path);
        return -1;
    }
    return 0;
}

/* The fuzz harness surface an operation's input feeds. */
static const char *surface_of(const char *operation, const char *raw, size_t len)
{
    if (strcmp(operation, "check") == 0) {
        switch (gbr_detect_form(raw, len)) {
        case GBR_FORM_STUDY: return "study";
        case GBR_FORM_POSITION: return "position";
        case GBR_FORM_FEN: return "fen";
        case GBR_FORM_NAME: return "name";
        default: return "material";
        }
    }
    if (strncmp(operation, "fen-", 4) == 0)
        return "fen";
    if (strncmp(operation, "name-", 5) == 0)
        return "name";
    if (strncmp(operation, "study", 5) == 0)
        return "study";
    if (strncmp(operation, "position", 8) == 0)
        return "position";
    return "material";
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "gbr vectors: cannot create %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* A seed ends with the two option bytes every fuzz harness reads from the
 * end of its input (fuzz/fuzz_data.h): a capacity byte (0xFF: as often as
 * not room enough), then the options byte, whose low bits % 3 are the FEN
 * result option. */
static int write_seed(const char *dir, const char *surface, const char *name, const char *raw, size_t len,
                      const char *operation)
{
    const unsigned char options[2] = {0xFF, (unsigned char)conform_result_option(operation)};
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, surface);
    if (make_dir(path) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/%s/%s", dir, surface, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(raw, 1, len, f) != len || fwrite(options, 1, 2, f) != 2 || fclose(f) != 0) {
        fprintf(stderr, "gbr vectors: cannot write %s\n", path);
        if (f)
            fclose(f);
        return -1;
    }
    return 0;
}

/* Generated seeds of each surface from the generator library (src/gen),
 * with a fixed seed so the files are the same on every run: half written by
 * hand from counts that may break the rules, half through the reference
 * codec (valid variants), a third of each mutated. */
#define GENERATED_SEEDS 32

static int write_generated_seeds(const char *dir)
{
    static const struct {
        const char *surface, *operation;
        gen_form form;
    } surfaces[] = {{"material", "material", GEN_MATERIAL}, {"study", "study", GEN_STUDY},
                    {"position", "position", GEN_POSITION}, {"fen", "fen-position-win", GEN_FEN},
                    {"name", "name-material", GEN_NAME}};
    gen_rng rng;
    gen_seed(&rng, 0x6762722d73656564u);
    for (size_t s = 0; s < sizeof surfaces / sizeof surfaces[0]; s++) {
        for (int k = 0; k < GENERATED_SEEDS; k++) {
            gen_bytes t = {0, {0}};
            if (k % 2 == 0) {
                gbr_counts c;
                gbr_position p;
                gen_any_counts(&rng, &c, gen_below(&rng, 4) ? 6 : 14);
                switch (surfaces[s].form) {
                case GEN_MATERIAL: gen_write_material(&rng, &t, &c); break;
                case GEN_STUDY: gen_write_study(&rng, &t, &c); break;
                case GEN_NAME: gen_write_name(&t, &c); break;
                default:
                    if (!gen_board(&rng, &p, &c))
                        break;
                    if (surfaces[s].form == GEN_FEN)
                        gen_write_fen(&rng, &t, &p);
                    else
                        gen_write_position(&t, &p);
                    break;
                }
            } else {
                t.len = gen_valid_text(&rng, gbr_codec_ref(), surfaces[s].form, (char *)t.data);
            }
            if (k % 3 == 2)
                gen_mutate(&rng, &t);
            char name[64];
            snprintf(name, sizeof name, "gen-%s-%02d", surfaces[s].surface, k);
            if (write_seed(dir, surfaces[s].surface, name, (const char *)t.data, t.len, surfaces[s].operation) != 0)
                return -1;
        }
    }
    return 0;
}

static int write_fuzz_corpus(const char *dir, const vector_list *list)
{
    if (make_dir(dir) != 0)
        return -1;
    for (size_t i = 0; i < list->count; i++) {
        const vector *v = &list->items[i];
        char *raw = malloc(strlen(v->input) + 1);
        long len = raw ? conform_unescape(v->input, raw) : -1;
        int status = len < 0 ? -1 : 0;
        const char *bar = len > 0 && strstr(v->operation, "-order") ? memchr(raw, '|', (size_t)len) : NULL;
        if (status == 0 && bar) { /* an order case: each text is a seed */
            char name[160];
            size_t first = (size_t)(bar - raw);
            const char *surface = surface_of(v->operation, raw, first);
            snprintf(name, sizeof name, "%s.1", v->id);
            status = write_seed(dir, surface, name, raw, first, v->operation);
            snprintf(name, sizeof name, "%s.2", v->id);
            if (status == 0)
                status = write_seed(dir, surface, name, bar + 1, (size_t)len - first - 1, v->operation);
        } else if (status == 0) {
            status = write_seed(dir, surface_of(v->operation, raw, (size_t)len), v->id, raw, (size_t)len, v->operation);
        }
        free(raw);
        if (status != 0)
            return -1;
    }
    return write_generated_seeds(dir);
}

static void free_list(vector_list *list)
{
    for (size_t i = 0; i < list->count; i++) {
        vector *v = &list->items[i];
        free(v->id), free(v->operation), free(v->input), free(v->fault), free(v->expect), free(v->comment);
    }
    free(list->items);
}

int cmd_vectors(int argc, char **argv)
{
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    args.line_inputs = 0; /* its help says what it reads and its exit status */
    const char *out_dir = "spec/vectors", *fuzz_dir = NULL, *cases_file = "spec/vectors/cases/cells.tsv";
    while (cli_next_option(&args)) {
        if (cli_option_is(&args, "--out")) {
            if ((out_dir = cli_option_value(&args)) == NULL)
                break;
        } else if (cli_option_is(&args, "--cases")) {
            if ((cases_file = cli_option_value(&args)) == NULL)
                break;
        } else if (cli_option_is(&args, "--fuzz-corpus")) {
            if ((fuzz_dir = cli_option_value(&args)) == NULL)
                break;
        } else {
            return cli_unknown_option(&args);
        }
    }
    if (args.exit_status >= 0)
        return args.exit_status;
    if (args.next < args.argc)
        return cli_usage_error(&args, "unexpected argument '%s'", args.argv[args.next]);

    vector_list list = {NULL, 0, 0, 0};
    add_table(&list, LEVEL_MATERIAL, material_cases, sizeof material_cases / sizeof material_cases[0]);
    add_material_sweeps(&list);
    add_table(&list, LEVEL_STUDY, study_cases, sizeof study_cases / sizeof study_cases[0]);
    add_study_sweeps(&list);
    add_table(&list, LEVEL_POSITION, position_cases, sizeof position_cases / sizeof position_cases[0]);
    add_position_sweeps(&list);
    add_table(&list, LEVEL_EXTENSIONS, extension_cases, sizeof extension_cases / sizeof extension_cases[0]);
    if (add_case_file(&list, cases_file) != 0) {
        free_list(&list);
        return CLI_EXIT_INPUT;
    }
    add_error_sweeps(&list);
    add_length_sweeps(&list);
    add_digit_sweeps(&list);
    char (*answers)[CONFORM_ANSWER_MAX + 1] = list.failed ? NULL : calloc(list.count, sizeof *answers);
    if (!answers) {
        fprintf(stderr, "gbr vectors: out of memory\n");
        free_list(&list);
        return CLI_EXIT_INPUT;
    }
    int bad = 0;
    for (size_t i = 0; i < list.count; i++) {
        for (size_t j = 0; j < i; j++)
            if (strcmp(list.items[i].id, list.items[j].id) == 0) {
                fprintf(stderr, "gbr vectors: duplicate id %s\n", list.items[i].id);
                bad = 1;
            }
        int status;
        if (checked_answer(&list.items[i], answers[i], &status) != 0)
            bad = 1;
    }
    if (!bad && make_dir(out_dir) != 0)
        bad = 1;
    char json_dir[4096];
    snprintf(json_dir, sizeof json_dir, "%s/json", out_dir);
    if (!bad && make_dir(json_dir) != 0)
        bad = 1;
    /* Both forms of a level from the same cases and answers, in this run. */
    for (int level = 0; level < LEVEL_COUNT && !bad; level++) {
        unsigned long tests = 0;
        for (size_t i = 0; i < list.count; i++)
            tests += list.items[i].level == (enum level)level;
        if (write_level(out_dir, (enum level)level, &list, answers) != 0 ||
            write_level_json(out_dir, (enum level)level, &list, answers, tests) != 0)
            bad = 1;
    }
    if (!bad && fuzz_dir && write_fuzz_corpus(fuzz_dir, &list) != 0)
        bad = 1;
    free(answers);
    free_list(&list);
    return bad ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}
