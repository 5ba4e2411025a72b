/* line_limit.h - the longest input line every gbr command holds whole: no
 * GBR text comes near it, and it bounds what endless input without a newline
 * can cost. One definition, shared by the command line's line reader and the
 * PGN reader. */
#ifndef GBR_UTIL_LINE_LIMIT_H
#define GBR_UTIL_LINE_LIMIT_H

/* In bytes, the line's "\n" or "\r\n" not counted. */
#define UTIL_LINE_MAX ((size_t)1 << 24)

#endif /* GBR_UTIL_LINE_LIMIT_H */
