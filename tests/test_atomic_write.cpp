// write_files_atomically: whole files put in place by a rename, so that a failure leaves the old file
// (or none) under the name and no temporary file beside it.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runs/io/atomic_write.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

namespace fs = std::filesystem;

using test::Scratch, test::slurp;

TEST(AtomicWrite, WritesNewFilesAndReplacesOldOnesLeavingNothingElse) {
  Scratch s;
  std::ofstream(s / "b.txt") << "the old text, longer than the new one\n";
  EXPECT_EQ(write_files_atomically({{s / "a.txt", "alpha\n"}, {s / "b.txt", "beta\n"}}), "");
  EXPECT_EQ(slurp(s / "a.txt"), "alpha\n");
  EXPECT_EQ(slurp(s / "b.txt"), "beta\n");
  EXPECT_EQ(s.names(), (std::vector<std::string>{"a.txt", "b.txt"}));
}

TEST(AtomicWrite, ANewFileHasTheOrdinaryPermissionsNotTheTemporaryFilesPrivateOnes) {
  Scratch s;
  const mode_t mask = umask(022);
  const std::string why = write_files_atomically({{s / "w.txt", "x"}});
  umask(mask);
  ASSERT_EQ(why, "");
  struct stat st {};
  ASSERT_EQ(stat((s / "w.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST(AtomicWrite, AFileThatCannotBeCreatedIsNamedAndNothingIsLeftBehind) {
  Scratch s;
  const std::string missing = s / "no/such/dir/w.txt";
  const std::string why = write_files_atomically({{s / "first.txt", "1"}, {missing, "2"}});
  EXPECT_EQ(why.rfind(missing + ": cannot create a file beside it: ", 0), 0u) << why;
  // The first file was written to a temporary file but never renamed: nothing of it remains.
  EXPECT_TRUE(s.names().empty());
}

TEST(AtomicWrite, ARenameThatFailsKeepsTheOldTargetAndRemovesTheTemporaryFiles) {
  Scratch s;
  // A directory under the name: its temporary file is written, but a file cannot be renamed over it.
  fs::create_directories(s / "taken");
  std::ofstream(s / "taken/inside.txt") << "kept\n";
  const std::string why = write_files_atomically({{s / "taken", "text"}, {s / "after.txt", "never"}});
  EXPECT_EQ(why.rfind(s / "taken" + ": cannot rename the new file into place: ", 0), 0u) << why;
  EXPECT_EQ(slurp(s / "taken/inside.txt"), "kept\n");
  EXPECT_EQ(s.names(), (std::vector<std::string>{"taken"}));
}

TEST(OutputFileProblem, RefusesADirectoryAndWhatIsNotARegularFileNamingTheOptionAndAcceptsTheRest) {
  Scratch s;
  EXPECT_EQ(output_file_problem("--out", s / "new.jsonl"), "") << "a missing file is made";
  std::ofstream(s / "old.jsonl") << "x\n";
  EXPECT_EQ(output_file_problem("--out", s / "old.jsonl"), "") << "an existing file is the caller's to judge";
  EXPECT_EQ(output_file_problem("--out", s.dir.string()),
            "--out " + s.dir.string() + " is a directory; give a file name");
  ASSERT_EQ(mkfifo((s / "fifo").c_str(), 0600), 0);
  EXPECT_EQ(output_file_problem("--data", s / "fifo"),
            "--data " + (s / "fifo") + " is not a regular file (a device, FIFO or socket); give a file name");
}

}  // namespace
}  // namespace seega
