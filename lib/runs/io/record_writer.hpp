#pragma once
// A JSON Lines file of a run's records (a tournament's games, a simulation's runs) from opening to the
// last record, one class for every kind that writes such a file: a new file gets the header line; with
// resume an existing one is read back by the kind's reader (a cut last line is dropped from the file,
// with a warning) and the records it holds are handed to the run; a file the reader refuses, a
// directory, or an existing file without resume is refused (append_file.hpp). Each new record is
// appended as one flushed line.

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/types.hpp"
#include "runs/io/append_file.hpp"
#include "runs/io/jsonl_file.hpp"

namespace seega {

template <class Record>
class RecordWriter {
 public:
  // What a resume reads back of an existing file: its records, the length of its good part, what its
  // header could not be checked for, and whether a cut last line was left out.
  struct Held {
    std::vector<Record> records;
    std::size_t valid_bytes = 0;
    std::string header_warning;
    bool dropped_last_line = false;
  };
  using Reader = std::function<Parsed<Held>(const std::string& text)>;
  using Line = std::function<std::string(const Record&)>;

  // Opens path (given as --out) for the run whose header is header_line; `read` reads back an existing
  // file (with resume), `line` makes a record's line (no newline); unit names a record in warnings
  // ("game", "run").
  static Parsed<RecordWriter> open(const std::string& path, const std::string& header_line, bool resume,
                                   std::string_view unit, const Reader& read, Line line) {
    RecordWriter w;
    w.line_ = std::move(line);
    auto file = AppendFile::open("--out", path, header_line, resume, [&](const std::string& text) {
      auto held = read(text);
      if (!held.ok()) return Parsed<std::size_t>::fail(held.error);
      w.warnings_ = resume_warnings(path, held.value.header_warning, held.value.dropped_last_line, unit);
      w.finished_ = std::move(held.value.records);
      return Parsed<std::size_t>{held.value.valid_bytes, {}};
    });
    if (!file.ok()) return Parsed<RecordWriter>::fail(file.error);
    w.file_ = std::move(file.value);
    return Parsed<RecordWriter>{std::move(w), {}};
  }
  RecordWriter() = default;

  // The records the file already held (empty for a new file); moved out once.
  std::vector<Record> take_finished() { return std::move(finished_); }
  const std::vector<std::string>& warnings() const { return warnings_; }
  // Appends one record as a flushed line. After a failed write (a full disk) nothing more is written
  // and failed() says so; the caller's results are unaffected.
  void write(const Record& record) { file_.write(line_(record) + "\n"); }
  bool failed() const { return file_.failed(); }
  const std::string& path() const { return file_.path(); }

 private:
  AppendFile file_;
  Line line_;
  std::vector<Record> finished_;
  std::vector<std::string> warnings_;
};

}  // namespace seega
