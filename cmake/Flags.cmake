# Warning and option flags as interface targets, so no flag is global (cmake_template style).
add_library(seega_warnings INTERFACE)
target_compile_options(seega_warnings INTERFACE -Wall -Wextra -Wshadow)

add_library(seega_options INTERFACE)
if(SEEGA_NATIVE)
  target_compile_options(seega_options INTERFACE -march=native)
endif()

set(SEEGA_SANITIZE "" CACHE STRING "Sanitizers to build with, e.g. address,undefined or thread")
if(SEEGA_SANITIZE)
  target_compile_options(seega_options INTERFACE -fsanitize=${SEEGA_SANITIZE} -fno-omit-frame-pointer
                                                 -fno-sanitize-recover=all)
  target_link_options(seega_options INTERFACE -fsanitize=${SEEGA_SANITIZE})
endif()
