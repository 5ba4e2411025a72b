/*
 * gbr vectors: the command line of the golden-vectors writer (spec/gbr.md
 * section 13.5): its options and one call into src/kit (vectors_writer).
 */
#include "cli.h"
#include "vectors_writer.h"

const char cmd_vectors_summary[] = "write the golden vectors (reference codec) and fuzz seeds";

static const char help[] =
    "vectors [--out DIR] [--cases CASES] [--fuzz-corpus DIR]\n"
    "\n"
    "Writes the golden vectors of spec/gbr.md section 13 into DIR (default\n"
    "spec/vectors): material.tsv, study.tsv, position.tsv, extensions.tsv, and\n"
    "the same cases as JSON in DIR/json/<level>.json (schema: spec/vectors/\n"
    "vectors.schema.json, spec/gbr.md section 13.1), written in the same run. The\n"
    "expected outputs always come from the reference codec, whatever --impl says.\n"
    "The cases are read from every .tsv file of the folder CASES (default\n"
    "DIR/cases): one case a line, tab-separated: id (y_ valid, n_ invalid), level,\n"
    "operation, input (escaped as in section 13.1), what the case states (an\n"
    "invalid case: the error class it tests, or its whole `error CLASS COLUMN`; a\n"
    "valid one: the output its source states, or nothing), comment; '#' starts\n"
    "a comment line. <level>.tsv holds that level's cases and is read first, then\n"
    "the level's computed sweeps, then\n"
    "the other files in name order (cells.tsv: the cells of the expectation\n"
    "tables, section 9.4), then the coverage of the operations (section 13.5):\n"
    "where the cases leave a place empty, an invalid case of each operation for\n"
    "each error it can report, inputs of 0-2 bytes, and each material digit of\n"
    "each type through the operations that give a code; then coverage.tsv, the\n"
    "cases of the FEN field variants and the material rule's boundaries (read\n"
    "after the computed cases so that adding one removes no id); last\n"
    "examples.tsv, the checked examples of section 12 (y_ex_<section>_<n>,\n"
    "n_ex_...), each of\n"
    "which must get the output its example states. A line that is not a case is\n"
    "reported as FILE:LINE:COLUMN, and a case the reference codec contradicts\n"
    "stops the run; either exits 1 and writes nothing.\n"
    "With --fuzz-corpus, also writes each case's input as a seed file\n"
    "DIR/<surface>/<id> for the fuzz harnesses <surface>_* (surfaces: material,\n"
    "study, position, fen, name): the input, then the two option bytes the\n"
    "harnesses read from the end of theirs (capacity 0xFF, then the FEN result\n"
    "option 0-2). It also writes 32 generated seeds a surface (gen-SURFACE-NN, the\n"
    "generator library's texts with a fixed seed, a third of them mutated).\n"
    "Exit status: 0 the files were written, 1 a case or a file failed, 2 usage\n"
    "error.\n";

int cmd_vectors(int argc, char **argv)
{
    static const cli_help usage = {{help}, 1};
    cli_args args;
    vectors_options opt = {.out_dir = "spec/vectors", .cases_dir = NULL, .fuzz_dir = NULL};
    cli_option rows[] = {
        CLI_STRING("--out", 0, &opt.out_dir),
        CLI_STRING("--cases", 0, &opt.cases_dir),
        CLI_STRING("--fuzz-corpus", 0, &opt.fuzz_dir),
    };
    int status = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (status >= 0)
        return status;
    if (args.next < args.argc)
        return cli_usage_error(&args, "unexpected argument '%s'", args.argv[args.next]);
    return vectors_write(&opt);
}
