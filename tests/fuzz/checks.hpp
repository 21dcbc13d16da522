#pragma once
// What the fuzz targets check, one function per parser of user text, shared by the two drivers: the
// libFuzzer binaries (fuzz_target.cpp, preset fuzz) and the corpus replay in seega_tests
// (tests/test_fuzz_corpus.cpp), which runs every file of tests/fuzz/<target>/ through the same check
// so that whatever fuzzing found stays a test. A check takes any bytes: a parser refusing them with its
// error value is fine; a crash, an exception, a sanitizer report or a failed round trip is a finding,
// and the check prints it and aborts.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace seega::fuzz {

struct Target {
  std::string name;  // the corpus folder tests/fuzz/<name>/ and the binary fuzz_<name>
  void (*check)(std::string_view input);
};

// The targets of the rules layer's parsers (checks_rules.cpp), which need seega::rules alone.
const std::vector<Target>& rules_targets();
// Every target, in the order make fuzz runs them: rules_targets(), then the others (checks.cpp).
const std::vector<Target>& targets();
// The target of that name among list, or among targets(). Precondition: there is one.
const Target& find_target(const std::vector<Target>& list, std::string_view name);
const Target& target(std::string_view name);

// Runs target's check on input (the way both drivers call it, so that a finding names the target).
void run_check(const Target& target, std::string_view input);

// For the checks: a finding (what failed, for which input), printed; abort() so that libFuzzer keeps
// the input and a test fails.
[[noreturn]] void finding(const std::string& what);
// The text up to the first newline, and the rest after it.
std::pair<std::string_view, std::string_view> first_line(std::string_view text);

// The input a finding is reported for (a corpus file's path); the bytes themselves are printed too.
void set_input_name(std::string name);

}  // namespace seega::fuzz
