#include "jsonl_file.hpp"

#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "json.hpp"

namespace seega {

using nlohmann::json;

Parsed<JsonlText> split_jsonl(std::string_view text, std::string_view what) {
  using P = Parsed<JsonlText>;
  JsonlText out;
  if (text.empty()) return P::fail(std::string(what) + " is empty: no header line");
  std::size_t line = 0;
  for (std::size_t pos = 0; pos < text.size(); ++line) {
    const std::size_t nl = text.find('\n', pos);
    const bool terminated = nl != std::string_view::npos;
    const std::size_t end = terminated ? nl + 1 : text.size();
    const std::string_view body = text.substr(pos, (terminated ? nl : text.size()) - pos);
    const bool last = end == text.size();
    pos = end;
    const std::string where = std::string(what) + " line " + std::to_string(line + 1) + ": ";
    json j = json::parse(body, nullptr, false);
    // An interrupted write leaves a broken or unterminated last line: report it and carry on.
    if (last && line > 0 && (j.is_discarded() || !terminated)) {
      out.dropped_last_line = true;
      break;
    }
    if (j.is_discarded() || !j.is_object()) return P::fail(where + "not a JSON object");
    if (line == 0) {
      if (!json_field_is(j, "type", "header")) return P::fail(where + "the first line is not a header");
      if (!terminated) return P::fail(where + "the header line has no newline at its end (a cut file)");
      out.header = std::move(j);
    } else {
      out.lines.push_back(std::move(j));
      out.line_numbers.push_back(line + 1);
    }
    out.valid_bytes = end;
  }
  return P{std::move(out), {}};
}

std::string JsonlWriter::start_open(JsonlWriter& w, const std::string& option, bool resume, std::string& text) {
  namespace fs = std::filesystem;
  const std::string& path = w.path_;
  const std::string name = option + " " + path;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (fs::is_directory(status)) return name + " is a directory; give a file name";
  if (fs::exists(status) && !fs::is_regular_file(status))
    return name + " is not a regular file (a device, FIFO or socket); give a file name";
  // "a+": created when missing, read from the start, every write appended. Opened before it is read, so
  // that the lock covers the reading too.
  w.file_.reset(std::fopen(path.c_str(), "a+"));
  if (!w.file_) return name + ": cannot open the file for writing: " + std::strerror(errno);
  const int fd = fileno(w.file_.get());
  if (flock(fd, LOCK_EX | LOCK_NB) != 0)
    return errno == EWOULDBLOCK ? name + " is being written by another seega run; wait for it to end or choose "
                                         "another file"
                                : name + ": cannot lock the file: " + std::strerror(errno);
  struct stat st {};
  if (fstat(fd, &st) != 0) return name + ": cannot read the file: " + std::strerror(errno);
  if (st.st_size == 0) return "";
  if (!resume) return name + " already holds results; pass --resume to continue it or choose another file";
  text.resize(static_cast<std::size_t>(st.st_size));
  std::rewind(w.file_.get());
  if (std::fread(text.data(), 1, text.size(), w.file_.get()) != text.size())
    return name + ": cannot read the file: " + std::strerror(errno);
  return "";
}

std::string JsonlWriter::finish_open(const std::string& option, const std::string& header_line,
                                     std::size_t valid_bytes, bool exists) {
  const std::string name = option + " " + path_;
  const int fd = fileno(file_.get());
  if (exists) {
    struct stat st {};
    if (fstat(fd, &st) == 0 && static_cast<std::size_t>(st.st_size) > valid_bytes &&
        ftruncate(fd, static_cast<off_t>(valid_bytes)) != 0)
      return name + ": cannot drop the corrupt last line: " + std::strerror(errno);
    // A read on an update stream must be followed by a seek before the first write.
    std::fseek(file_.get(), 0, SEEK_END);
    return "";
  }
  const std::string header = header_line + "\n";
  if (std::fputs(header.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0)
    return name + ": cannot write to the file: " + std::strerror(errno);
  return "";
}

void JsonlWriter::write(const std::string& line) {
  if (failed_ || !file_) return;
  const std::string text = line + "\n";
  if (std::fputs(text.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0) failed_ = true;
}

}  // namespace seega
