#pragma once
// The life of an output file that a run appends to and a resume reads back: a header line, then one
// flushed line (or a few) per finished item: a results file's games, a run-sim file's runs, a positions
// file's rows. The formats live with their records (results_file, run_sim, training_data); this is
// only the file: opening and locking it, refusing what would lose results, dropping what a cut write
// left at its end, appending.

#include <cstdio>
#include <memory>
#include <string>

#include "rules/types.hpp"

namespace seega {

class AppendFile {
 public:
  // Opens path for appending. A new (or empty) file gets header_line. With resume, an existing file's
  // text is handed to read(text), which returns the length of its good part or an error; what lies
  // beyond it (a cut last line, a game's rows that may be cut) is removed from the file. `holds` names
  // what the file holds ("results", "positions") in the refusal of an existing file without resume.
  // Refused, with a message naming the option and the path:
  // a directory or any other file that is not a regular one (a device, a FIFO: reading /dev/full or
  // opening a FIFO never ends), a file another process has open for writing (an exclusive flock held
  // while the writer lives, so two runs cannot interleave their lines), an existing file without
  // resume, and a file read() rejects.
  template <typename Read>
  static Parsed<AppendFile> open(const std::string& option, const std::string& path, const std::string& header_line,
                                 bool resume, Read&& read, const std::string& holds = "results");
  AppendFile() = default;

  // Appends text (one or more whole lines, each ending in a newline) and flushes it. After a failed
  // write (a full disk) nothing more is written and failed() says so; the caller's results are
  // unaffected.
  void write(const std::string& text);
  bool failed() const { return failed_; }
  const std::string& path() const { return path_; }

 private:
  struct Close {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  // The parts of open() that do not depend on read: opening and locking the file and reading what it
  // holds (empty for a new file), then dropping a cut last line or writing the header.
  static std::string start_open(AppendFile& w, const std::string& option, bool resume, std::string& text,
                                const std::string& holds);
  std::string finish_open(const std::string& option, const std::string& header_line, std::size_t valid_bytes,
                          bool exists);
  std::string path_;
  std::unique_ptr<std::FILE, Close> file_;
  bool failed_ = false;
};

template <typename Read>
Parsed<AppendFile> AppendFile::open(const std::string& option, const std::string& path, const std::string& header_line,
                                    bool resume, Read&& read, const std::string& holds) {
  using P = Parsed<AppendFile>;
  AppendFile w;
  w.path_ = path;
  std::string text;
  if (auto error = start_open(w, option, resume, text, holds); !error.empty()) return P::fail(error);
  const bool exists = !text.empty();
  std::size_t valid = 0;
  if (exists) {
    Parsed<std::size_t> good = read(text);
    if (!good.ok()) return P::fail(path + ": " + good.error);
    valid = good.value;
  }
  if (auto error = w.finish_open(option, header_line, valid, exists); !error.empty()) return P::fail(error);
  return P{std::move(w), {}};
}

}  // namespace seega
