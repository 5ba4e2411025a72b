/* replay_report.c - an outcome's problem reported through util, apart from
 * the replay, which writes nothing (the fuzz harnesses build it alone). */
#include "output.h"
#include "replay.h"

void replay_report(const char *source, const replay_outcome *outcome)
{
    if (outcome->line)
        util_report(source, outcome->line, outcome->column, "%s", outcome->message);
}
