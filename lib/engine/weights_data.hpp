#pragma once
// The built-in weights that are kept as weights files (lib/engine/weights/), compiled into the library
// as their text (cmake/EmbedText.cmake): a pattern evaluation's tables are too large to write as code.
// eval.cpp parses them on first use, as it would read a weights= file.

#include <string_view>

namespace seega::embedded {

extern const std::string_view weights_5x5_standard;  // weights/5x5_standard.txt

}  // namespace seega::embedded
