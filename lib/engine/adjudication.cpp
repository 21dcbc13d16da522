#include "engine/adjudication.hpp"

#include <cstdlib>
#include <limits>

namespace seega {

std::string AdjudicationRule::text() const {
  std::string s;
  if (win_moves) s = "win=" + std::to_string(win_margin) + ":" + std::to_string(win_moves);
  if (draw_moves)
    s += (s.empty() ? "" : ",") + std::string("draw=") + std::to_string(draw_margin) + ":" + std::to_string(draw_moves);
  return s;
}

namespace {

// MARGIN:N into margin and moves.
SpecKey<AdjudicationRule> part(std::string_view name, std::string_view allowed, int AdjudicationRule::*margin,
                               int AdjudicationRule::*moves, int lo) {
  return {name, allowed, [=](AdjudicationRule& r, std::string_view v) {
            const auto colon = v.find(':');
            if (colon == std::string_view::npos) return refuse_unless(false);
            auto m = parse_whole<int>(v.substr(0, colon), lo, 100'000);
            auto n = parse_whole<int>(v.substr(colon + 1), 1, 1000);
            if (m && n) r.*margin = *m, r.*moves = *n;
            return refuse_unless(m && n);
          }};
}

}  // namespace

Parsed<AdjudicationRule> parse_adjudication(std::string_view text) {
  static const KeyTable<AdjudicationRule> table(
      "adjudication",
      {part("win", "MARGIN:N, a margin of 1 to 100000 hundredths of a stone held for N (1 to 1000) moves of each side",
            &AdjudicationRule::win_margin, &AdjudicationRule::win_moves, 1),
       part("draw",
            "MARGIN:N, scores within 0 to 100000 hundredths of a stone of level for N (1 to 1000) moves of "
            "each side",
            &AdjudicationRule::draw_margin, &AdjudicationRule::draw_moves, 0)});
  AdjudicationRule r;
  auto given = table.apply(split_items(text), r);
  if (!given.ok()) return Parsed<AdjudicationRule>::fail(given.error);
  if (!r.any()) return Parsed<AdjudicationRule>::fail("adjudication: say win=MARGIN:N, draw=MARGIN:N or both");
  return {r, {}};
}

std::optional<Outcome> Adjudicator::after_move(Color side, std::optional<int> score, bool movement) {
  const int s = side;
  if (!score) {
    white_ahead_[s] = black_ahead_[s] = level_[s] = 0;
    return std::nullopt;
  }
  const int white_view = side == White ? *score : -*score;
  white_ahead_[s] = white_view >= rule_.win_margin ? white_ahead_[s] + 1 : 0;
  black_ahead_[s] = -white_view >= rule_.win_margin ? black_ahead_[s] + 1 : 0;
  level_[s] = movement && std::abs(white_view) <= rule_.draw_margin ? level_[s] + 1 : 0;
  const auto both = [](const int(&streak)[2], int n) { return n > 0 && streak[0] >= n && streak[1] >= n; };
  const std::string each = " for " + std::to_string(rule_.win_moves) + " moves of each side";
  if (both(white_ahead_, rule_.win_moves)) {
    detail_ = "both sides' scores gave w a lead of " + std::to_string(rule_.win_margin) + " or more" + each;
    return Outcome::win(White, EndReason::Adjudicated);
  }
  if (both(black_ahead_, rule_.win_moves)) {
    detail_ = "both sides' scores gave b a lead of " + std::to_string(rule_.win_margin) + " or more" + each;
    return Outcome::win(Black, EndReason::Adjudicated);
  }
  if (both(level_, rule_.draw_moves)) {
    detail_ = "both sides' scores were within " + std::to_string(rule_.draw_margin) + " of level for " +
              std::to_string(rule_.draw_moves) + " movement moves of each side";
    return Outcome{EndReason::Adjudicated, -1};
  }
  return std::nullopt;
}

}  // namespace seega
