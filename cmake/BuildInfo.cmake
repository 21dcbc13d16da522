# The build's commit, taken when CMake configures (every `make` target configures first): the short
# hash of HEAD with "-dirty" when tracked files differ from it, or "unknown" outside a git checkout (a
# source tarball). seega --version, every file header and every JSON summary carry it
# (lib/runs/io/build_info.hpp), so a figure that changed between builds can be traced to its commit.
set(SEEGA_BUILD "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${CMAKE_SOURCE_DIR} rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE seega_head OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE seega_rc)
  if(seega_rc EQUAL 0 AND seega_head)
    set(SEEGA_BUILD "${seega_head}")
    # Refresh the index first, so that a file touched but unchanged does not read as a change.
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${CMAKE_SOURCE_DIR} update-index -q --refresh
                    OUTPUT_QUIET ERROR_QUIET)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${CMAKE_SOURCE_DIR} diff-index --quiet HEAD --
                    RESULT_VARIABLE seega_dirty OUTPUT_QUIET ERROR_QUIET)
    if(NOT seega_dirty EQUAL 0)
      string(APPEND SEEGA_BUILD "-dirty")
    endif()
  endif()
endif()
message(STATUS "seega: build ${SEEGA_BUILD}")
