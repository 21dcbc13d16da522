#include "jsonl_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

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
      if (j.value("type", "") != "header") return P::fail(where + "the first line is not a header");
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

Parsed<std::string> JsonlWriter::existing_text(const std::string& option, const std::string& path, bool resume,
                                               bool& exists) {
  using P = Parsed<std::string>;
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (fs::is_directory(status)) return P::fail(option + " " + path + " is a directory; give a file name");
  exists = fs::exists(status) && fs::file_size(path, ec) > 0 && !ec;
  if (exists && !resume)
    return P::fail(option + " " + path +
                   " already holds results; pass --resume to continue it or choose another file");
  if (!exists) return P{};
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  if (!in && !in.eof()) return P::fail(option + " " + path + ": cannot read the file");
  return P{buf.str(), {}};
}

std::string JsonlWriter::finish_open(JsonlWriter& w, const std::string& option, const std::string& header_line,
                                     std::size_t valid_bytes, bool exists) {
  namespace fs = std::filesystem;
  const std::string& path = w.path_;
  if (exists) {
    std::error_code ec;
    if (fs::file_size(path, ec) > valid_bytes && !ec) fs::resize_file(path, valid_bytes, ec);
    if (ec) return option + " " + path + ": cannot drop the corrupt last line: " + ec.message();
    w.resumed_ = true;
  }
  w.file_.reset(std::fopen(path.c_str(), "a"));
  if (!w.file_) return option + " " + path + ": cannot open the file for writing: " + std::strerror(errno);
  if (!exists) {
    const std::string header = header_line + "\n";
    if (std::fputs(header.c_str(), w.file_.get()) < 0 || std::fflush(w.file_.get()) != 0)
      return option + " " + path + ": cannot write to the file: " + std::strerror(errno);
  }
  return "";
}

void JsonlWriter::write(const std::string& line) {
  if (failed_ || !file_) return;
  const std::string text = line + "\n";
  if (std::fputs(text.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0) failed_ = true;
}

}  // namespace seega
