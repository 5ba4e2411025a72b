/*
 * directory_html.h - gbr directory's HTML writers: one page
 * (directory_format_html, in directory_entries.h), or with --split-by one
 * page per part beside an index page (directory_format_html_split). The
 * index page is the output (-o FILE); a part's page is FILE with "-KEY"
 * before its ".html" (or ".htm", or at its end): KEY the class's material
 * code (studies-0103.00.html) or the letter of the strongest man on the
 * board, Q, R, B, N, P, or K for bare kings (studies-Q.html). Each part's
 * classes are consecutive in directory order. The index lists the parts and
 * their classes with links into the parts, and the games that could not be
 * classified, with a filter of the classes. The pages' style and script are
 * FILE without its .html with .css and .js after it (studies.css,
 * studies.js), written first, once for all the pages.
 */
#ifndef GBR_DIRECTORY_HTML_H
#define GBR_DIRECTORY_HTML_H

#include "directory_entries.h"

enum { DIRECTORY_SPLIT_NONE, DIRECTORY_SPLIT_CLASS, DIRECTORY_SPLIT_LETTER };

/* The split writer's state: the totals' writer member points at it. */
typedef struct directory_html_parts {
    int by;                 /* DIRECTORY_SPLIT_CLASS or DIRECTORY_SPLIT_LETTER */
    const char *index_path; /* -o FILE */
    /* While writing: the open part, its key and path. */
    util_output_file part;
    int open;
    char key[GBR_MATERIAL_MAX + 1];
    char *path;
    int failed;             /* a part could not be written (reported) */
    char *assets;           /* the style's and script's path without .css, .js */
} directory_html_parts;

extern const directory_format directory_format_html_split;

/* How the page names the PGN files (--pgn-paths): relative to the working
 * directory (a path given relative is kept as given; an absolute one is
 * rewritten, with ../ steps where it lies outside), the file name alone, or
 * absolute (a relative path joined to the working directory). "-", standard
 * input, stays "-". A page is published: it names no absolute path unless
 * asked. */
enum { DIRECTORY_PATHS_RELATIVE, DIRECTORY_PATHS_NAME, DIRECTORY_PATHS_ABSOLUTE };

/* The names the page gives files[] (NULL-ended), each newly allocated, in
 * an array ended by NULL; NULL out of memory (reported). When the working
 * directory cannot be read, relative and absolute give the file name alone. */
char **directory_html_file_names(const char *const *files, int how);
void directory_html_file_names_free(char **names);

#endif /* GBR_DIRECTORY_HTML_H */
