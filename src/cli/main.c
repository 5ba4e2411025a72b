/* gbr: the command-line front end. Dispatches to the subcommands found in
 * src/cli/cmd_*.c through the generated table commands.inc. */
#define _POSIX_C_SOURCE 200809L /* fcntl, open */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "gbr.h"

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
#define GBR_COMMAND(name) {#name, cmd_##name, cmd_##name##_summary},
#include "commands.inc"
#include "output.h"
#undef GBR_COMMAND
    {NULL, NULL, NULL}};

static void print_usage(int to_stderr)
{
    util_text(to_stderr, "usage: gbr COMMAND [OPTIONS] [INPUT...]\n"
                "       gbr --help | --version\n"
                "\n"
                "GBR chess codes (" GBR_SPEC_VERSION "): material codes, study codes, position forms.\n"
                "\nCommands:\n");
    for (const struct command *c = commands; c->name; c++)
        util_text(to_stderr, "  %-10s %s\n", c->name, c->summary);
    util_text(to_stderr, "\nRun 'gbr COMMAND --help' for a command's options. With no INPUT arguments\n"
                "a command reads one input per line of standard input.\n"
                "Exit status: 0 every input was good, 1 some input was bad, 2 usage error.\n");
}

/* The codecs line names both codecs and the default one. */
static void print_version(void)
{
    util_text(0, "gbr %s (%s)\n", gbr_version(), GBR_SPEC_VERSION);
    util_text(0, "codecs: %s %s; default %s\n", gbr_codec_name(gbr_codec_ref()), gbr_codec_name(gbr_codec_fast()),
           gbr_codec_name(gbr_codec_default()));
}

/* A descriptor 0-2 that the caller left closed would go to the next file
 * opened, and whatever the program then writes to stdout or stderr (reports,
 * help) would land in that file: a temporary output file, say, renamed over
 * its target. So each closed one gets /dev/null, opened the "wrong" way round
 * (stdin write-only, stdout and stderr read-only): using it fails with
 * EBADF, as it would have on the closed descriptor, and output that cannot
 * be written is still reported and gives a non-zero exit status. Returns
 * -1 when /dev/null cannot be had. */
static int occupy_closed_standard_descriptors(void)
{
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        /* open(2) gives the lowest free descriptor: this one. */
        int opened = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
        if (opened != fd) {
            if (opened >= 0)
                close(opened);
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (occupy_closed_standard_descriptors() != 0)
        return UTIL_EXIT_INPUT; /* nothing could report it safely */
    if (argc < 2) {
        print_usage(1);
        return UTIL_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_usage(0);
        return util_flush() == 0 ? UTIL_EXIT_OK : UTIL_EXIT_INPUT;
    }
    if (strcmp(name, "--version") == 0) {
        print_version();
        return util_flush() == 0 ? UTIL_EXIT_OK : UTIL_EXIT_INPUT;
    }
    for (const struct command *c = commands; c->name; c++) {
        if (strcmp(name, c->name) == 0) {
            int status = c->run(argc - 1, argv + 1);
            if (util_flush() != 0 && status == UTIL_EXIT_OK)
                status = UTIL_EXIT_INPUT;
            return status;
        }
    }
    util_message("gbr: unknown command '%s'\nTry 'gbr --help'.\n", name);
    return UTIL_EXIT_USAGE;
}
