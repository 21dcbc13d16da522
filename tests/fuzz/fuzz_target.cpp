// The libFuzzer driver of one target, SEEGA_FUZZ_TARGET (a name from checks.cpp): each binary fuzz_<name>
// is this file compiled with its name (tests/fuzz/CMakeLists.txt). The rules layer's targets
// (SEEGA_FUZZ_RULES_ONLY) find theirs among rules_targets() and link seega::rules alone.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "checks.hpp"

// The inputs libFuzzer makes from a seed must depend on the seed alone. A check that writes a file's
// header (run_sim's, for one) writes its origin's date; the comparisons libFuzzer learns from then see the
// clock, and two runs of one seed made other inputs (run_sim reached cov 2700 in one, 2726 in another).
// The date is fixed: add_origin_key reads SOURCE_DATE_EPOCH.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("SOURCE_DATE_EPOCH", "0", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
#if SEEGA_FUZZ_RULES_ONLY
  static const seega::fuzz::Target& target = seega::fuzz::find_target(seega::fuzz::rules_targets(), SEEGA_FUZZ_TARGET);
#else
  static const seega::fuzz::Target& target = seega::fuzz::target(SEEGA_FUZZ_TARGET);
#endif
  seega::fuzz::run_check(target, {reinterpret_cast<const char*>(data), size});
  return 0;
}
