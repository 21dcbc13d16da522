#include "runs/io/jsonl_file.hpp"

#include "runs/io/json.hpp"

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

std::vector<std::string> resume_warnings(const std::string& path, const std::string& header_warning,
                                         bool dropped_last_line, std::string_view unit) {
  std::vector<std::string> out;
  if (!header_warning.empty()) out.push_back(path + ": " + header_warning);
  if (dropped_last_line)
    out.push_back(path + ": skipped a corrupt last line (an interrupted write); that " + std::string(unit) +
                  " is played again");
  return out;
}

}  // namespace seega
