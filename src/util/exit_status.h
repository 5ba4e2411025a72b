/* exit_status.h - the exit statuses of every gbr command, and of each
 * subsystem's entry that a command returns as its own. */
#ifndef GBR_UTIL_EXIT_STATUS_H
#define GBR_UTIL_EXIT_STATUS_H

enum {
    UTIL_EXIT_OK = 0,    /* every input was good */
    UTIL_EXIT_INPUT = 1, /* at least one input was bad (each one was reported) */
    UTIL_EXIT_USAGE = 2  /* bad options or arguments: nothing was processed */
};

#endif /* GBR_UTIL_EXIT_STATUS_H */
