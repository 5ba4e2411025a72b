/* gbr: the command-line front end. Dispatches to the subcommands found in
 * src/cli/cmd_*.c through the generated table commands.inc. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "gbr.h"

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
#define GBR_COMMAND(name) {#name, cmd_##name, cmd_##name##_summary},
#include "commands.inc"
#undef GBR_COMMAND
    {NULL, NULL, NULL}};

static void print_usage(FILE *to)
{
    fprintf(to, "usage: gbr COMMAND [OPTIONS] [INPUT...]\n"
                "       gbr --help | --version\n"
                "\n"
                "GBR chess codes (" GBR_SPEC_VERSION "): material codes, study codes, position forms.\n"
                "\nCommands:\n");
    for (const struct command *c = commands; c->name; c++)
        fprintf(to, "  %-10s %s\n", c->name, c->summary);
    fprintf(to, "\nRun 'gbr COMMAND --help' for a command's options. With no INPUT arguments\n"
                "a command reads one input per line of standard input.\n"
                "Exit status: 0 every input was good, 1 some input was bad, 2 usage error.\n");
}

/* The codecs line lets scripts and tests see whether this build has the
 * optimised codec. */
static void print_version(void)
{
    printf("gbr %s (%s)\n", GBR_VERSION_STRING, GBR_SPEC_VERSION);
    printf("codecs: ref%s; default %s\n", gbr_codec_fast() ? " fast" : "", gbr_codec_default()->name);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return CLI_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_usage(stdout);
        return fflush(stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
    }
    if (strcmp(name, "--version") == 0) {
        print_version();
        return fflush(stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
    }
    for (const struct command *c = commands; c->name; c++) {
        if (strcmp(name, c->name) == 0) {
            int status = c->run(argc - 1, argv + 1);
            if (cli_flush() != 0 && status == CLI_EXIT_OK)
                status = CLI_EXIT_INPUT;
            return status;
        }
    }
    fprintf(stderr, "gbr: unknown command '%s'\nTry 'gbr --help'.\n", name);
    return CLI_EXIT_USAGE;
}
