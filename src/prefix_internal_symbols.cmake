# prefix_internal_symbols.cmake - renames, in every member of a static
# libgbr, the global symbols compiled hidden (everything but the GBR_API
# functions: the rules of chess, the PGN reader, the replay, util's and the
# codecs' internals) to gbr_internal_NAME, definitions and references alike,
# so that a program's own chess_ or pgn_reader_new cannot clash with them.
# Members stay apart, so a program still links only the ones it uses.
#   cmake -DARCHIVE=libgbr.a -DREADELF=readelf -DOBJCOPY=objcopy -P prefix_internal_symbols.cmake
cmake_minimum_required(VERSION 3.16)
execute_process(COMMAND ${READELF} -sW ${ARCHIVE} OUTPUT_VARIABLE table RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "prefix_internal_symbols: ${READELF} -sW ${ARCHIVE} failed")
endif()
string(REPLACE "\n" ";" lines "${table}")
set(map "")
set(seen "")
foreach(line IN LISTS lines)
  # a definition (its section's number; UND is a reference), global and hidden
  if(line MATCHES " GLOBAL +HIDDEN +[0-9]+ +([A-Za-z_.$][A-Za-z0-9_.$]*)$")
    set(name ${CMAKE_MATCH_1})
    if(NOT name MATCHES "^gbr_internal_" AND NOT name IN_LIST seen)
      list(APPEND seen ${name})
      string(APPEND map "${name} gbr_internal_${name}\n")
    endif()
  endif()
endforeach()
if(map STREQUAL "")
  message(FATAL_ERROR "prefix_internal_symbols: no hidden global symbol in ${ARCHIVE} (readelf's format?)")
endif()
file(WRITE ${ARCHIVE}.symbols "${map}")
execute_process(COMMAND ${OBJCOPY} --redefine-syms=${ARCHIVE}.symbols ${ARCHIVE} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "prefix_internal_symbols: ${OBJCOPY} --redefine-syms failed on ${ARCHIVE}")
endif()
