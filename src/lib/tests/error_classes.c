/* The error list of gbr.h (GBR_ERROR_LIST) against the table of spec §9.2:
 * the same classes, with the same pinned numbers and names, in the same
 * order; every class has a message, and no two share a name.
 * usage: lib_error_classes SPEC.md */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gbr.h"

/* A row "| N | `name` | meaning |": its number and name; 0 for any other line. */
static int parse_row(const char *line, unsigned *number, char *name, size_t name_cap)
{
    char *end;
    if (strncmp(line, "| ", 2) != 0 || line[2] < '0' || line[2] > '9')
        return 0;
    unsigned long n = strtoul(line + 2, &end, 10);
    if (strncmp(end, " | `", 4) != 0)
        return 0;
    const char *start = end + 4, *close = strchr(start, '`');
    if (!close || (size_t)(close - start) >= name_cap)
        return 0;
    memcpy(name, start, (size_t)(close - start));
    name[close - start] = '\0';
    *number = (unsigned)n;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: lib_error_classes SPEC.md\n");
        return 2;
    }
    FILE *spec = fopen(argv[1], "r");
    if (!spec) {
        perror(argv[1]);
        return 1;
    }
    char line[1024], name[64];
    int in_section = 0, sections = 0;
    unsigned rows = 0, number;
    while (fgets(line, sizeof line, spec)) {
        if (strncmp(line, "### ", 4) == 0) {
            in_section = strncmp(line, "### 9.2 Error classes", 21) == 0;
            sections += in_section;
            continue;
        }
        if (!in_section || !parse_row(line, &number, name, sizeof name))
            continue;
        rows++;
        /* The spec lists every class but ok (0), numbered from 1 in order. */
        CHECK(number == rows, "spec row %u is numbered %u", rows, number);
        CHECK(number < GBR_ERROR_COUNT, "spec class %u `%s`: gbr.h has only %d classes", number, name,
              GBR_ERROR_COUNT);
        if (number < GBR_ERROR_COUNT)
            CHECK(strcmp(gbr_error_name((gbr_error)number), name) == 0, "class %u: spec says `%s`, gbr.h \"%s\"",
                  number, name, gbr_error_name((gbr_error)number));
    }
    fclose(spec);
    CHECK(sections == 1, "%d sections headed \"### 9.2 Error classes\" in %s", sections, argv[1]);
    CHECK(rows == GBR_ERROR_COUNT - 1, "the spec's table has %u classes, gbr.h %d besides ok", rows,
          GBR_ERROR_COUNT - 1);
    CHECK(strcmp(gbr_error_name(GBR_OK), "ok") == 0, "class 0 is \"%s\", not ok", gbr_error_name(GBR_OK));
    for (int a = 0; a < GBR_ERROR_COUNT; a++) {
        const char *message = gbr_error_message((gbr_error)a);
        CHECK(message && message[0] && strcmp(message, "unknown error") != 0, "class %d has no message", a);
        for (int b = 0; b < a; b++)
            CHECK(strcmp(gbr_error_name((gbr_error)a), gbr_error_name((gbr_error)b)) != 0,
                  "classes %d and %d share the name \"%s\"", b, a, gbr_error_name((gbr_error)a));
    }
    CHECK(strcmp(gbr_error_name((gbr_error)GBR_ERROR_COUNT), "unknown") == 0, "past the list is not \"unknown\"");
    printf("lib_error_classes: %u classes of spec §9.2 against gbr.h, %d failure(s)\n", rows, failures);
    return failures ? 1 : 0;
}
