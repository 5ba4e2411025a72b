# CTest fast_tables_current: regenerate the tables and compare them with the
# committed src/fast/fast_tables.h.
#   cmake -DGENERATOR=<gen_tables> -DCOMMITTED=<fast_tables.h> -DOUTPUT=<scratch> -P check_current.cmake
execute_process(COMMAND ${GENERATOR} OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gen_tables failed (${status})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${COMMITTED} RESULT_VARIABLE differ)
if(NOT differ EQUAL 0)
  message(FATAL_ERROR "src/fast/fast_tables.h is stale; regenerate it with\n"
                      "  cmake --build <build> --target gbr_fast_gen_tables && <build>/ci/gen_tables > src/fast/fast_tables.h")
endif()
message(STATUS "src/fast/fast_tables.h matches its generator")
