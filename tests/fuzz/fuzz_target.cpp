// The libFuzzer driver of one target, SEEGA_FUZZ_TARGET (a name from checks.cpp): each binary fuzz_<name>
// is this file compiled with its name (tests/fuzz/CMakeLists.txt). The rules layer's targets
// (SEEGA_FUZZ_RULES_ONLY) find theirs among rules_targets() and link seega::rules alone.
#include <cstddef>
#include <cstdint>

#include "checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
#if SEEGA_FUZZ_RULES_ONLY
  static const seega::fuzz::Target& target = seega::fuzz::find_target(seega::fuzz::rules_targets(), SEEGA_FUZZ_TARGET);
#else
  static const seega::fuzz::Target& target = seega::fuzz::target(SEEGA_FUZZ_TARGET);
#endif
  seega::fuzz::run_check(target, {reinterpret_cast<const char*>(data), size});
  return 0;
}
