/* Writes every command's table of options, one row a line:
 *     COMMAND<TAB>NAMES<TAB>flag|value
 * (NAMES: "-o, --output", as --help writes them). It is linked with the
 * commands in place of the real parser (src/cli/cli_options.c): its
 * cli_parse_options writes the rows it is given and ends the command, so
 * the tables are the ones the commands really parse with. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cli_parse_options(cli_args *args, int argc, char **argv, const cli_help *help, cli_option *rows, size_t n)
{
    (void)argc;
    (void)help;
    memset(args, 0, sizeof *args); /* nothing of it is read once the command ends */
    for (size_t i = 0; i < n; i++) {
        printf("%s\t", argv[0]);
        if (rows[i].letter)
            printf("-%c%s", rows[i].letter, rows[i].name ? ", " : "");
        printf("%s\t%s\n", rows[i].name ? rows[i].name : "", rows[i].kind == CLI_OPTION_FLAG ? "flag" : "value");
    }
    return UTIL_EXIT_OK; /* as after --help: the command ends here */
}

int main(void)
{
    /* Each command as `gbr NAME --help` would run it. */
#define GBR_COMMAND(name)                                   \
    {                                                       \
        char command[] = #name, help[] = "--help";          \
        char *argv[] = {command, help, NULL};               \
        printf("%s\t\t\n", command);                        \
        cmd_##name(2, argv);                                \
    }
#include "commands.inc"
#undef GBR_COMMAND
    return fflush(stdout) == 0 ? 0 : 1;
}
