/* line_limit.h - the longest input line every gbr command holds whole: no
 * GBR text comes near it, and it bounds what endless input without a newline
 * can cost. One definition, shared by the line reader (cli.c) and the PGN
 * reader (pgn_reader.c), which may not include each other's headers. */
#ifndef GBR_LINE_LIMIT_H
#define GBR_LINE_LIMIT_H

/* In bytes, the line's "\n" or "\r\n" not counted. */
#define CLI_LINE_MAX ((size_t)1 << 24)

#endif /* GBR_LINE_LIMIT_H */
