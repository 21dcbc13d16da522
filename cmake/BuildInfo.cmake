# The build's commit: the short hash of HEAD with "-dirty" when tracked files differ from it, or "unknown"
# outside a git checkout (a source tarball). seega --version, every file header and every JSON summary
# carry it (lib/runs/io/build_info.hpp), so a figure that changed between builds can be traced to its
# commit.
#
# It is taken at every build, not only when CMake configures: a commit made after the last configure would
# otherwise leave the binaries naming the commit before it, and every results file they write too. Two
# ways in:
#   include(BuildInfo.cmake), then seega_build_info(TEMPLATE OUTPUT TARGET): writes OUTPUT now and adds
#     TARGET, which writes it again before every build of what depends on it;
#   cmake -DSOURCE_DIR=... -DTEMPLATE=... -DOUTPUT=... -DPROJECT_VERSION=... -P BuildInfo.cmake: what
#     TARGET runs.
# configure_file writes OUTPUT only when its text changes, so a build on the same commit recompiles nothing.

function(seega_build_commit source_dir out_var)
  set(build "unknown")
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${source_dir} rev-parse --short=12 HEAD
                    OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
    if(rc EQUAL 0 AND head)
      set(build "${head}")
      # Refresh the index first, so that a file touched but unchanged does not read as a change.
      execute_process(COMMAND ${GIT_EXECUTABLE} -C ${source_dir} update-index -q --refresh OUTPUT_QUIET ERROR_QUIET)
      execute_process(COMMAND ${GIT_EXECUTABLE} -C ${source_dir} diff-index --quiet HEAD --
                      RESULT_VARIABLE dirty OUTPUT_QUIET ERROR_QUIET)
      if(NOT dirty EQUAL 0)
        string(APPEND build "-dirty")
      endif()
    endif()
  endif()
  set(${out_var} "${build}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE)
  seega_build_commit("${SOURCE_DIR}" SEEGA_BUILD)
  configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY)
  return()
endif()

function(seega_build_info template output target)
  seega_build_commit("${PROJECT_SOURCE_DIR}" SEEGA_BUILD)
  message(STATUS "seega: build ${SEEGA_BUILD} (taken again at every build)")
  configure_file("${template}" "${output}" @ONLY)
  add_custom_target(${target}
                    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DTEMPLATE=${template}
                            -DOUTPUT=${output} -DPROJECT_VERSION=${PROJECT_VERSION} -P ${CMAKE_CURRENT_FUNCTION_LIST_FILE}
                    BYPRODUCTS ${output}
                    COMMENT "The build's commit"
                    VERBATIM)
endfunction()
