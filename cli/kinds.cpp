// Which kind of run wrote a file, decided in one place (kinds.hpp).
#include "kinds.hpp"

#include "runs/format/positions_file.hpp"
#include "runs/io/json.hpp"

namespace seega::cli {

std::optional<std::vector<std::string>> recorded_command(const nlohmann::json& h) {
  if (!h.contains("origin") || !h["origin"].is_object()) return std::nullopt;
  const auto& c = h["origin"].contains("command") ? h["origin"]["command"] : nlohmann::json();
  if (!c.is_array() || c.size() < 2) return std::nullopt;
  std::vector<std::string> words;
  for (const auto& w : c) {
    if (!w.is_string()) return std::nullopt;
    words.push_back(w.get<std::string>());
  }
  return words;
}

FileRun run_of_file(std::string_view first_line) {
  if (first_line.ends_with('\r')) first_line.remove_suffix(1);
  if (first_line == data_header()) return {&gen_data_kind(), nullptr, std::nullopt};
  if (first_line.starts_with("iteration,games,result,")) return {&spsa_kind(), nullptr, std::nullopt};
  FileRun run{nullptr, nlohmann::json::parse(first_line, nullptr, false), std::nullopt};
  const nlohmann::json& h = run.header;
  if (!json_field_is(h, "type", "header")) return run;
  const auto words = recorded_command(h);
  const auto by_command = [&](const RunKind& kind) {
    run.kind = &kind;
    if (words && (*words)[1] == kind.name) run.command.emplace(words->begin() + 2, words->end());
    return run;
  };
  if (json_field_is(h, "kind", "run-sim")) return by_command(run_sim_kind());
  if (h.contains("kind")) return run;  // a play file, or a kind this seega does not know
  for (const RunKind* kind : {&match_kind(), &ladder_kind()})
    if (words && (*words)[1] == kind->name) return by_command(*kind);
  const bool two = h.contains("players") && h["players"].is_array() && h["players"].size() == 2;
  return by_command(two ? match_kind() : ladder_kind());
}

}  // namespace seega::cli
