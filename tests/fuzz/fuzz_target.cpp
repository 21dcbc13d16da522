// The libFuzzer driver of one target, SEEGA_FUZZ_TARGET (a name from checks.cpp): each binary fuzz_<name>
// is this file compiled with its name (tests/fuzz/CMakeLists.txt).
#include <cstddef>
#include <cstdint>

#include "checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const seega::fuzz::Target& target = seega::fuzz::target(SEEGA_FUZZ_TARGET);
  seega::fuzz::run_check(target, {reinterpret_cast<const char*>(data), size});
  return 0;
}
