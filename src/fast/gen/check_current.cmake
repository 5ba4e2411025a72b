# CTest fast_tables_current: regenerate the tables and compare them with the
# committed src/fast/fast_tables.h.
#   cmake -DGENERATOR=<gen_tables> -DCOMMITTED=<fast_tables.h> -DOUTPUT=<scratch> -P check_current.cmake
execute_process(COMMAND ${GENERATOR} OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gen_tables failed (${status})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${COMMITTED} RESULT_VARIABLE differ)
if(NOT differ EQUAL 0)
  # The paths this run used, so the command can be pasted as it is (the
  # generator is built: it has just run).
  message(FATAL_ERROR "${COMMITTED} is stale; regenerate it with\n"
                      "  ${GENERATOR} > ${COMMITTED}")
endif()
message(STATUS "${COMMITTED} matches its generator")
