/* The library's version at run time: a program built against one gbr.h and
 * run with another libgbr.so can compare this with GBR_VERSION_STRING. */
#include "gbr.h"

const char *gbr_version(void) { return GBR_VERSION_STRING; }
