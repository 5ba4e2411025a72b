/* gbr scan, the command line: find the GBR codes embedded in text (spec/gbr.md,
 * "Scanning text"). Options, help and the inputs; the scanning is
 * src/collection/scan_stream.c's and the printing scan_print.c's. */
#include <string.h>

#include "cli.h"
#include "scan_print.h"
#include "scan_stream.h"

const char cmd_scan_summary[] = "find material codes, study codes and position forms in text";

static const char help[] =
    "scan [--json] [--form material,study,position] [--buffer SIZE] [FILE...]\n"
    "\n"
    "Finds every material code (long form abcd.ef only), study code and position\n"
    "form embedded in text (PGN, mail, HTML, books) and prints, for each,\n"
    "  FILE:LINE:COLUMN: FORM: CANONICAL\n"
    "or with --json one object a line:\n"
    "  {\"file\":FILE,\"line\":N,\"column\":N,\"form\":FORM,\"code\":CANONICAL}\n"
    "Reads standard input (named \"-\") when no FILE is given. A regular file is\n"
    "mapped into memory (one that shrinks while searched is reported, exit 1),\n"
    "other input of any size is read in fixed-size buffers;\n"
    "a leading byte-order mark is skipped (and not counted in columns), CRLF and\n"
    "non-UTF-8 bytes are fine. What counts as a match is defined in\n"
    "spec/gbr.md, \"Scanning text\".\n"
    "\n"
    "Options:\n"
    "  --json           JSON lines instead of text\n"
    "  --form LIST      report only these forms (comma-separated, no empty item)\n"
    "  --buffer SIZE    read every input, also a regular file, in buffers of SIZE\n"
    "                   bytes (at least 512; 262144 for input that is not mapped)\n"
    "Exit status: 0 done, 1 an input could not be read, 2 usage error.\n";

/* "material,study" -> bits; 0 on an unknown or empty name (an empty list,
 * or a comma at either end or doubled). */
static unsigned parse_forms(const char *list)
{
    unsigned forms = 0;
    for (;;) {
        size_t n = strcspn(list, ",");
        if (n == 8 && strncmp(list, "material", n) == 0)
            forms |= SCAN_MATERIAL;
        else if (n == 5 && strncmp(list, "study", n) == 0)
            forms |= SCAN_STUDY;
        else if (n == 8 && strncmp(list, "position", n) == 0)
            forms |= SCAN_POSITION;
        else
            return 0;
        list += n;
        if (*list == '\0')
            return forms;
        list++; /* past the comma: a name must follow */
    }
}

static int parse_form_list(cli_args *args, const char *value, void *forms)
{
    (void)args;
    *(unsigned *)forms = parse_forms(value);
    return *(unsigned *)forms ? 0 : -1;
}

int cmd_scan(int argc, char **argv)
{
    scan_options opt = {NULL, SCAN_ALL_FORMS, 0, 0};
    unsigned long long buffer = 0; /* --buffer */
    cli_option rows[] = {
        CLI_FLAG("--json", 0, &opt.json),
        CLI_CALL("--form", 0, parse_form_list, &opt.forms,
                 "bad --form '%s' (expected a list of material, study, position)"),
        CLI_COUNT("--buffer", 0, &buffer, SCAN_MIN_BUFFER, (size_t)1 << 30,
                  "bad --buffer '%s' (bytes, 512 to 1073741824)"),
    };
    static const cli_help usage = {{help}, 1};
    cli_args args;
    int parsed = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (parsed >= 0)
        return parsed;
    opt.buffer_size = (size_t)buffer; /* 0 unless given */

    opt.codec = args.codec;
    scan_printer printer = {opt, NULL, 0};
    int status =
        cli_for_each_file(argc, argv, args.next, scan_print_file, &printer) != 0 ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
    if (util_flush() != 0)
        status = UTIL_EXIT_INPUT;
    return status;
}
