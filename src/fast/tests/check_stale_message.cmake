# CTest fast_tables_stale_message: check_current.cmake run against tables
# that differ must fail and print a command that regenerates them: the
# program it names exists and writes what the generator writes, into the
# file that was compared.
#   cmake -DGENERATOR=<gen_tables> -DCHECK=<check_current.cmake> -DSCRATCH=<dir> -P check_stale_message.cmake
file(MAKE_DIRECTORY ${SCRATCH})
set(stale ${SCRATCH}/stale_tables.h)
file(WRITE ${stale} "/* not the generator's output */\n")
execute_process(COMMAND ${CMAKE_COMMAND} -DGENERATOR=${GENERATOR} -DCOMMITTED=${stale}
                        -DOUTPUT=${SCRATCH}/generated.h -P ${CHECK}
                RESULT_VARIABLE status ERROR_VARIABLE said OUTPUT_VARIABLE out)
if(status EQUAL 0)
  message(FATAL_ERROR "stale tables passed the check:\n${out}${said}")
endif()
if(NOT said MATCHES "regenerate it with\n[ \n]*([^ \n][^\n]*)\n")
  message(FATAL_ERROR "no command to regenerate the tables in:\n${said}")
endif()
set(command "${CMAKE_MATCH_1}")
if(NOT command MATCHES "^(.+) > (.+)$")
  message(FATAL_ERROR "not PROGRAM > FILE: ${command}")
endif()
set(program "${CMAKE_MATCH_1}")
set(target "${CMAKE_MATCH_2}")
if(NOT EXISTS "${program}" OR IS_DIRECTORY "${program}")
  message(FATAL_ERROR "the command names no program: ${program}")
endif()
if(NOT target STREQUAL stale)
  message(FATAL_ERROR "the command writes ${target}, not the tables compared (${stale})")
endif()
execute_process(COMMAND ${program} OUTPUT_FILE ${stale} RESULT_VARIABLE status)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${stale} ${SCRATCH}/generated.h RESULT_VARIABLE differ)
if(NOT status EQUAL 0 OR NOT differ EQUAL 0)
  message(FATAL_ERROR "the command named (${command}) does not regenerate the tables")
endif()
message(STATUS "the stale-tables message names a command that regenerates them: ${command}")
