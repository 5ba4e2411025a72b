# Builds the libFuzzer harnesses for fuzz_smoke in a nested build with clang,
# for builds whose own compiler is not clang (cmake -P).
# -DSOURCE_DIR=... -DBUILD_DIR=... -DCLANG=/usr/bin/clang -DHARNESSES=a,b
string(REPLACE "," ";" harnesses "${HARNESSES}")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BUILD_DIR} -DCMAKE_C_COMPILER=${CLANG}
                        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGBR_FUZZ_ENGINE=libfuzzer
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "configuring the libFuzzer build failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} -j2 --target ${harnesses} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "building the libFuzzer harnesses failed")
endif()
