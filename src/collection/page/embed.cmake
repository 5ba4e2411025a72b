# Writes a page asset (a .css or .js file here) as the body of a C array
# initializer, for directory_html.c to #include; run at build time:
#   cmake -DINPUT=page/directory.css -DOUTPUT=directory.css.inc -P embed.cmake
# The notes of the file (a block comment on lines of its own that starts at
# column 0) are left out; every other byte is kept, and a 0 ends the array so
# that it is also a C string. An array, not a string literal: C11 compilers
# need not take a literal longer than 4,095 characters.
if(NOT DEFINED INPUT OR NOT DEFINED OUTPUT)
  message(FATAL_ERROR "usage: cmake -DINPUT=FILE -DOUTPUT=FILE.inc -P embed.cmake")
endif()
# file(READ) reads a CR LF line end as LF: a checkout with CR LF line ends
# embeds the same bytes.
file(READ "${INPUT}" text)
# One note is dropped at a time (each match takes the line end before and
# after it, so two notes in a row need two passes).
set(text "\n${text}")
set(before "")
while(NOT text STREQUAL before)
  set(before "${text}")
  string(REGEX REPLACE "\n/\\*([^*]|\\*+[^*/])*\\*+/\n" "\n" text "${text}")
endwhile()
string(SUBSTRING "${text}" 1 -1 text)

# file(READ ... HEX) reads bytes, so the text goes through a scratch file.
file(WRITE "${OUTPUT}.text" "${text}")
file(READ "${OUTPUT}.text" hex HEX)
file(REMOVE "${OUTPUT}.text")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# Sixteen bytes a line.
string(REPEAT "0x..," 16 line)
string(REGEX REPLACE "(${line})" "\\1\n" bytes "${bytes}")
get_filename_component(name "${INPUT}" NAME)
file(WRITE "${OUTPUT}" "/* Generated from src/collection/page/${name} by embed.cmake: do not edit. */\n${bytes}0x00\n")
