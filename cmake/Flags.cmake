# Warning and option flags as interface targets, so no flag is global (cmake_template style).
add_library(seega_warnings INTERFACE)
target_compile_options(seega_warnings INTERFACE -Wall -Wextra -Wshadow)

add_library(seega_options INTERFACE)
# Bitboard code lives on popcount and count-trailing-zeros: without at least x86-64-v2 every popcount
# is a library call (measured: a third of perft time). x86-64-v2 runs on any x86 CPU since about 2009.
if(SEEGA_NATIVE)
  target_compile_options(seega_options INTERFACE -march=native)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  set(SEEGA_ARCH "x86-64-v2" CACHE STRING "x86 instruction set level for -march")
  target_compile_options(seega_options INTERFACE -march=${SEEGA_ARCH})
endif()

set(SEEGA_SANITIZE "" CACHE STRING "Sanitizers to build with, e.g. address,undefined or thread")
if(SEEGA_SANITIZE)
  target_compile_options(seega_options INTERFACE -fsanitize=${SEEGA_SANITIZE} -fno-omit-frame-pointer
                                                 -fno-sanitize-recover=all)
  target_link_options(seega_options INTERFACE -fsanitize=${SEEGA_SANITIZE})
endif()
