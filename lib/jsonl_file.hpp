#pragma once
// The life of a JSON Lines output file that a run appends to and a resume reads back: a header line,
// then one flushed line per finished item (a game, a run). The formats' readers live with their
// records (results_file, run_sim); this is only the file: opening, refusing what would lose results,
// dropping a cut last line, appending.

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "types.hpp"

namespace seega {

// A JSON Lines text split into its header and item lines. The first line must be an object whose
// "type" is "header" and must end in a newline; a broken or unterminated last line (an interrupted
// write) is dropped and said so; any other line that is not a JSON object is an error naming it.
struct JsonlText {
  nlohmann::json header;
  std::vector<nlohmann::json> lines;
  std::vector<std::size_t> line_numbers;  // each item line's number in the file, from 1
  bool dropped_last_line = false;
  std::size_t valid_bytes = 0;  // the length of the text up to the last good line
};
Parsed<JsonlText> split_jsonl(std::string_view text, std::string_view what);

class JsonlWriter {
 public:
  // Opens path for appending. A new (or empty) file gets header_line. With resume, an existing file's
  // text is handed to read(text), which returns the length of its good part or an error; a cut last
  // line beyond it is removed from the file. Refused, with a message naming the option and the path:
  // a directory or any other file that is not a regular one (a device, a FIFO: reading /dev/full or
  // opening a FIFO never ends), a file another process has open for writing (an exclusive flock held
  // while the writer lives, so two runs cannot interleave their lines), an existing file without
  // resume, and a file read() rejects.
  template <typename Read>
  static Parsed<JsonlWriter> open(const std::string& option, const std::string& path, const std::string& header_line,
                                  bool resume, Read&& read);
  JsonlWriter() = default;

  // Appends one line and flushes it. After a failed write (a full disk) nothing more is written and
  // failed() says so; the caller's results are unaffected.
  void write(const std::string& line);
  bool failed() const { return failed_; }
  const std::string& path() const { return path_; }

 private:
  struct Close {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  // The parts of open() that do not depend on read: opening and locking the file and reading what it
  // holds (empty for a new file), then dropping a cut last line or writing the header.
  static std::string start_open(JsonlWriter& w, const std::string& option, bool resume, std::string& text);
  std::string finish_open(const std::string& option, const std::string& header_line, std::size_t valid_bytes,
                          bool exists);
  std::string path_;
  std::unique_ptr<std::FILE, Close> file_;
  bool failed_ = false;
};

template <typename Read>
Parsed<JsonlWriter> JsonlWriter::open(const std::string& option, const std::string& path,
                                      const std::string& header_line, bool resume, Read&& read) {
  using P = Parsed<JsonlWriter>;
  JsonlWriter w;
  w.path_ = path;
  std::string text;
  if (auto error = start_open(w, option, resume, text); !error.empty()) return P::fail(error);
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
