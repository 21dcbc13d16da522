// Every file of every fuzz corpus (tests/fuzz/<target>/: the seeds, and each input fuzzing found)
// through its target's check, so that what libFuzzer found once is tested by every build.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "checks.hpp"

namespace seega::fuzz {
namespace {

namespace fs = std::filesystem;

class FuzzCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzCorpus, EveryFilePassesItsTargetsCheck) {
  const Target& t = target(GetParam());
  const fs::path dir = fs::path(SEEGA_FUZZ_CORPUS) / t.name;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty()) << dir << " holds no seed";
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    set_input_name(f.string());
    run_check(t, text.str());  // a finding aborts, naming the file
  }
}

std::vector<std::string> target_names() {
  std::vector<std::string> names;
  for (const auto& t : targets()) names.push_back(t.name);
  return names;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& target) { return target.param; }

INSTANTIATE_TEST_SUITE_P(EveryTarget, FuzzCorpus, ::testing::ValuesIn(target_names()), test_name);

}  // namespace
}  // namespace seega::fuzz
