#include "analysis/labelling.hpp"

#include <algorithm>
#include <cmath>

#include "engine/replay.hpp"
#include "engine/search.hpp"
#include "rules/random.hpp"
#include "rules/spec.hpp"

namespace seega {

namespace {

// Keeps the sampling stream apart from the players' streams, which also derive from the game's seed.
constexpr std::uint64_t kSampleStream = 0x7A11'DA7A'5EED'0003ULL;

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

template <int N>
bool quiet(const Position<N>& pos) {
  if (pos.placing()) return true;
  if (pos.outcome().over()) return false;
  const auto captures = pos.step_captures();
  Bitboard<N> targets = 0;
  for (int d = 0, dirs = pos.rules().step_directions(); d < dirs; ++d)
    targets |= Geometry<N>::shift(pos.stones(pos.side()), d) & pos.empty();
  return !(targets & captures.any);
}

}  // namespace

Parsed<LabelSpec> parse_label(std::string_view text) {
  using P = Parsed<LabelSpec>;
  LabelSpec l;
  if (text == "result") return {l, {}};
  if (text == "search") {
    l.kind = LabelSpec::Kind::Search;
    return {l, {}};
  }
  if (text.starts_with("blend=")) {
    const auto v = parse_real(text.substr(6), 0, 1);
    if (!v) return P::fail("--label " + quote(text) + ": blend=L needs L from 0 to 1");
    l.kind = LabelSpec::Kind::Blend;
    l.blend = *v;
    return {l, {}};
  }
  return P::fail("--label " + quote(text) + ": allowed: result, search, blend=L (L from 0 to 1)");
}

std::string to_string(const LabelSpec& l) {
  switch (l.kind) {
    case LabelSpec::Kind::Result: return "result";
    case LabelSpec::Kind::Search: return "search(depth=" + std::to_string(l.search_depth) + ")";
    case LabelSpec::Kind::Blend:
      return "blend=" + number_text(l.blend) + "(depth=" + std::to_string(l.search_depth) + ")";
  }
  return "result";
}

std::optional<double> label_of(const LabelSpec& label, double result, std::optional<int> search) {
  if (label.kind == LabelSpec::Kind::Result) return result;
  if (!search) return std::nullopt;
  const int score = *search;
  const double p = is_win_score(score) ? 1 : is_loss_score(score) ? 0 : sigmoid(label.k * score / 100.0);
  return label.kind == LabelSpec::Kind::Search ? p : label.blend * result + (1 - label.blend) * p;
}

Parsed<std::vector<DataRow>> game_rows(const Rules& rules, const GameRecord& record, int per_game,
                                       const LabelSpec& label) {
  using P = Parsed<std::vector<DataRow>>;
  return with_size(rules.size, [&]<int N>() -> P {
    auto game = replay<N>(rules, record);
    if (!game.ok()) return P::fail(game.error);
    const auto& positions = game.value.positions;
    std::vector<int> candidates;
    // The last position is over (replay checks it); the others are candidates when quiet.
    for (std::size_t k = 0; k + 1 < positions.size(); ++k)
      if (quiet(positions[k])) candidates.push_back(static_cast<int>(k));
    // A partial Fisher-Yates shuffle picks per_game of them, the same ones on every run.
    Rng rng(Rng::derive(record.seed ^ kSampleStream, 0));
    const std::size_t take = std::min(candidates.size(), static_cast<std::size_t>(std::max(per_game, 0)));
    for (std::size_t i = 0; i < take; ++i) std::swap(candidates[i], candidates[i + rng.below(candidates.size() - i)]);
    candidates.resize(take);
    std::sort(candidates.begin(), candidates.end());
    std::vector<DataRow> rows;
    std::optional<Searcher<N>> searcher;
    if (label.kind != LabelSpec::Kind::Result) searcher.emplace(label.weights);
    const std::string rules_text = rules.to_string();
    for (int k : candidates) {
      const Position<N>& pos = positions[static_cast<std::size_t>(k)];
      DataRow r;
      r.position = to_string(pos);
      r.placement = pos.placing();
      r.rules = rules_text;
      r.game = record.index;
      r.ply = k;
      r.result = record.points_of(pos.side());
      r.label = r.result;
      if (searcher) {
        searcher->clear();
        SearchLimits limits;
        limits.depth = label.search_depth;
        r.search = searcher->search(pos, limits).score;
        r.label = *label_of(label, r.result, r.search);
      }
      rows.push_back(std::move(r));
    }
    return P{std::move(rows), {}};
  });
}

}  // namespace seega
