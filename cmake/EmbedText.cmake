# Text files compiled into a library, so that a binary carries its data and needs no file beside it (the
# built-in weights of lib/engine/weights/). Two ways in:
#   include(EmbedText.cmake), then seega_embed_text(INPUT OUTPUT NAME): OUTPUT is a C++ source defining
#     `const std::string_view seega::embedded::NAME` with INPUT's text, written again whenever INPUT
#     changes; list OUTPUT among a library's sources and declare NAME in a header;
#   cmake -DINPUT=... -DOUTPUT=... -DNAME=... -P EmbedText.cmake: what the build runs.
# The text goes in as one raw string literal, byte for byte. OUTPUT is replaced only when its text changes.

set(SEEGA_EMBED_TEXT_SCRIPT ${CMAKE_CURRENT_LIST_FILE})

function(seega_embed_text input output name)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${output} -DNAME=${name} -P ${SEEGA_EMBED_TEXT_SCRIPT}
    DEPENDS ${input} ${SEEGA_EMBED_TEXT_SCRIPT}
    COMMENT "Embedding ${input}"
    VERBATIM)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE)
  file(READ "${INPUT}" text)
  set(delimiter "seega_text")
  string(FIND "${text}" ")${delimiter}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${INPUT} holds ')${delimiter}\"', which would end its raw string literal early")
  endif()
  file(WRITE "${OUTPUT}.part"
       "// Written by cmake/EmbedText.cmake from ${INPUT}: edit that file, not this one.\n"
       "#include <string_view>\n\n"
       "namespace seega::embedded {\n"
       "extern const std::string_view ${NAME};\n"
       "const std::string_view ${NAME} = R\"${delimiter}(${text})${delimiter}\";\n"
       "}  // namespace seega::embedded\n")
  file(COPY_FILE "${OUTPUT}.part" "${OUTPUT}" ONLY_IF_DIFFERENT)
  file(REMOVE "${OUTPUT}.part")
endif()
