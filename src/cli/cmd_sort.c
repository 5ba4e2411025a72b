/* gbr sort: order lines by the first GBR code each contains, the order of a
 * look-up directory (spec/gbr.md §8 and "Scanning text"). The options, the
 * inputs and the output are handled here; the sorting is sort_lines.h's. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h, close */

#include <unistd.h>

#include "cli.h"
#include "sort_lines.h"
#include "output_file.h"
#include "sort_runs.h"

const char cmd_sort_summary[] = "sort lines into look-up-directory order by their first GBR code";

static const char help[] =
    "sort [-o FILE] [--memory SIZE] [FILE...]\n"
    "\n"
    "Sorts lines by the first GBR code each contains (found as `gbr scan` finds\n"
    "them), in directory order: by material code; a material code alone before\n"
    "study codes and position forms of that material; these by white king, black\n"
    "king, then a study code before a position form; studies then by stipulation,\n"
    "positions by the rest of their order key. Equal lines keep their input\n"
    "order. Lines without a code come last, in input order, and their number is\n"
    "reported on standard error. Reads standard input when no FILE is given;\n"
    "several FILEs are one input, in order (opened one at a time). A UTF-8\n"
    "byte-order mark at the start of a FILE or standard input is skipped when\n"
    "looking for the code, as `gbr scan` does, and kept in the line's output.\n"
    "A line longer than 16 MiB (16777216 bytes, its line end not counted; the\n"
    "limit of every command) is reported as FILE:LINE:16777217 and not held,\n"
    "whatever --memory; since the output would lack it, nothing is written\n"
    "(exit status 1, an -o FILE left as it was).\n"
    "\n"
    "Options:\n"
    "  -o FILE        write to FILE atomically (a temporary file .gbr-XXXXXX in\n"
    "                 its directory, synced, then renamed over it), instead of\n"
    "                 standard output. An existing FILE keeps its permission\n"
    "                 bits, owner and group (refused when they cannot be kept);\n"
    "                 a symbolic link stays a link and the file it points to is\n"
    "                 replaced; an existing FILE that is not a regular file, or\n"
    "                 has more than one hard link, is refused (to keep the\n"
    "                 links, write elsewhere and copy the result over FILE).\n"
    "                 Every signal that ends the command and can be caught\n"
    "                 (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM,\n"
    "                 SIGUSR1, SIGXCPU, real-time...) removes the temporary\n"
    "                 file first; a write past `ulimit -f` is an output that\n"
    "                 cannot be written (SIGXFSZ is ignored). FILE is then\n"
    "                 untouched\n"
    "  --memory SIZE  memory for the lines held at once and their sort records,\n"
    "                 e.g. 64K, 256M, 1G (the default: about 10 million lines of\n"
    "                 35 bytes); larger inputs are sorted in runs spilled to\n"
    "                 temporary files in $TMPDIR (default /tmp; made without a\n"
    "                 name, so none is left behind, even by SIGKILL) and\n"
    "                 merged, 64 at a time: runs are merged as they pile up,\n"
    "                 so at most 191 are open whatever the input size.\n"
    "                 Buffers beyond SIZE: 1 MiB to write a run, and 256 KiB\n"
    "                 per run being merged (a line longer than that widens\n"
    "                 its run's buffer)\n"
    "Exit status: 0 done, 1 an input could not be read or the output written,\n"
    "2 usage error.\n";

int cmd_sort(int argc, char **argv)
{
    const char *output_path = NULL;
    unsigned long long memory = SORT_RUNS_MEMORY_DEFAULT;
    cli_option rows[] = {
        CLI_OUTPUT_OPTION(&output_path),
        CLI_MEMORY_OPTION(&memory),
    };
    static const cli_help usage = {{help}, 1};
    cli_args args;
    int parsed = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (parsed >= 0)
        return parsed;

    /* Try every input first, so that a missing one changes nothing; each is
     * opened again when its turn comes, so that one file is open at a time
     * however many are named. */
    int inputs;
    const char *const *files = cli_input_files(&args, &inputs);
    int status = UTIL_EXIT_OK;
    for (int i = 0; i < inputs; i++) {
        int fd = cli_open_input(files[i]);
        if (fd < 0)
            status = UTIL_EXIT_INPUT;
        else if (fd != STDIN_FILENO)
            close(fd);
    }

    sort_lines_options options = {args.codec, (size_t)memory};
    sort_lines *sorter = sort_lines_new(&options);
    if (!sorter)
        status = UTIL_EXIT_INPUT;
    for (int i = 0; i < inputs && status == UTIL_EXIT_OK; i++) {
        int fd = cli_open_input(files[i]);
        if (fd < 0 || sort_lines_read(sorter, fd, files[i]) != 0)
            status = UTIL_EXIT_INPUT;
        if (fd >= 0 && fd != STDIN_FILENO)
            close(fd);
    }

    if (status == UTIL_EXIT_OK) {
        util_output_file out;
        if (util_output_file_open(&out, output_path) != 0) {
            status = UTIL_EXIT_INPUT;
        } else if (sort_lines_write(sorter, &out.sink) != 0) {
            util_output_file_abandon(&out);
            status = UTIL_EXIT_INPUT;
        } else if (util_output_file_commit(&out) != 0) {
            status = UTIL_EXIT_INPUT;
        } else {
            sort_lines_report(sorter);
        }
    }
    sort_lines_free(sorter);
    return status;
}
