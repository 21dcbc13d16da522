// Positions for tuning: quiet positions only, at most M a game, labels from the side to move's point of
// view, and the data file's lines.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/labelling.hpp"
#include "engine/replay.hpp"
#include "engine/selfplay.hpp"
#include "rules/notation.hpp"
#include "runs/format/positions_file.hpp"
#include "runs/kinds/gen_data.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

GameRecord played(const Rules& rules, std::uint64_t seed, Color first_placer) {
  return with_size(rules.size, [&]<int N>() {
    auto a = make_player<N>(parse_player("greedy").value), b = make_player<N>(parse_player("random").value);
    Player<N>* const players[2] = {a.get(), b.get()};
    GameRecord g = play_game(rules, players, seed, first_placer, true);
    g.index = static_cast<long long>(seed);
    return g;
  });
}

// The label of a search to depth.
LabelSpec search_label(int depth) {
  LabelSpec label;
  label.kind = LabelSpec::Kind::Search;
  label.search_depth = depth;
  return label;
}

// The label that blends the result with a search to depth, blend being LabelSpec::blend (L).
LabelSpec blend_label(int depth, double blend) {
  LabelSpec label = search_label(depth);
  label.kind = LabelSpec::Kind::Blend;
  label.blend = blend;
  return label;
}

TEST(TrainingData, LabelsAreTheResultFromTheSideToMovesPointOfView) {
  const Rules r = test::rules("standard");
  int decisive = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const GameRecord g = played(r, seed, White);
    auto rows = game_rows(r, g, 1000, LabelSpec{});
    ASSERT_TRUE(rows.ok()) << rows.error;
    decisive += !g.outcome.draw();
    for (const auto& row : rows.value) {
      const Position<5> pos = test::position(r, row.position);
      const double want = g.outcome.draw() ? 0.5 : g.outcome.winner == pos.side() ? 1.0 : 0.0;
      EXPECT_EQ(row.result, want) << row.position;
      EXPECT_EQ(row.label, row.result);
      EXPECT_FALSE(row.search.has_value());
    }
  }
  EXPECT_GT(decisive, 10);
}

TEST(TrainingData, TheSameGameWithTheColoursSwappedHasTheSameLabels) {
  // Moves in notation do not name colours: replayed with b placing first, a game's moves make the same
  // game with the colours swapped, won by the other colour. Every position's label, for whoever is to
  // move there, must be the same in both.
  const Rules w = test::rules("standard"), b = test::rules("standard(first_placer=b)");
  const GameRecord g = played(w, 7, White);
  ASSERT_FALSE(g.outcome.draw());
  GameRecord moves_only = g;
  moves_only.first_placer = Black;
  auto swapped = replay<5>(b, moves_only, ReplayCheck::MovesOnly);
  ASSERT_TRUE(swapped.ok()) << swapped.error;
  const GameRecord& s = swapped.value.record;
  EXPECT_EQ(s.outcome.winner, 1 - g.outcome.winner);
  EXPECT_EQ(s.last_placer, White);
  auto rows = game_rows(w, g, 1000, LabelSpec{}), mirrored = game_rows(b, s, 1000, LabelSpec{});
  ASSERT_TRUE(rows.ok()) << rows.error;
  ASSERT_TRUE(mirrored.ok()) << mirrored.error;
  ASSERT_EQ(rows.value.size(), mirrored.value.size());
  int wins = 0, losses = 0;
  for (std::size_t i = 0; i < rows.value.size(); ++i) {
    EXPECT_EQ(rows.value[i].ply, mirrored.value[i].ply);
    EXPECT_EQ(rows.value[i].result, mirrored.value[i].result) << rows.value[i].position;
    EXPECT_NE(rows.value[i].position, mirrored.value[i].position);
    (rows.value[i].result == 1 ? wins : losses)++;
  }
  EXPECT_GT(wins, 0);  // both sides were to move somewhere: the labels are not all one value
  EXPECT_GT(losses, 0);
  // Search and blend labels too are the side to move's: the colour-swapped game gives every position
  // the same search score and label, and they are not all one value.
  for (const LabelSpec& label : {search_label(3), blend_label(3, 0.5)}) {
    auto a = game_rows(w, g, 1000, label), m = game_rows(b, s, 1000, label);
    ASSERT_TRUE(a.ok() && m.ok());
    ASSERT_EQ(a.value.size(), m.value.size());
    double lo = 1, hi = 0;
    for (std::size_t i = 0; i < a.value.size(); ++i) {
      EXPECT_EQ(a.value[i].search, m.value[i].search) << to_string(label) << " " << a.value[i].position;
      EXPECT_EQ(a.value[i].label, m.value[i].label) << to_string(label) << " " << a.value[i].position;
      lo = std::min(lo, a.value[i].label), hi = std::max(hi, a.value[i].label);
    }
    EXPECT_LT(lo, 0.4) << to_string(label);
    EXPECT_GT(hi, 0.6) << to_string(label);
  }
}

TEST(TrainingData, OnlyQuietPositionsAtMostMAGameInPlyOrder) {
  for (const std::string text : {"standard", "diagonal", "chain"}) {
    SCOPED_TRACE(text);
    const Rules r = test::rules(text);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const GameRecord g = played(r, seed, seed % 2 ? White : Black);
      auto rows = game_rows(r, g, 8, LabelSpec{});
      ASSERT_TRUE(rows.ok()) << rows.error;
      EXPECT_LE(rows.value.size(), 8u);
      EXPECT_GE(rows.value.size(), 1u);
      for (std::size_t i = 0; i < rows.value.size(); ++i) {
        const DataRow& row = rows.value[i];
        if (i) {
          EXPECT_LT(rows.value[i - 1].ply, row.ply);
        }
        const Position<5> pos = test::position(r, row.position);
        EXPECT_EQ(row.placement, pos.placing());
        EXPECT_FALSE(pos.outcome().over());
        EXPECT_EQ(row.rules, r.to_string());
        EXPECT_EQ(row.game, g.index);
        if (pos.placing()) continue;
        MoveList<5> list;
        legal_moves(pos, list);
        for (const auto& m : list)
          EXPECT_EQ(
              m.kind == MoveKind::Pass
                  ? 0
                  : popcount(pos.captures_at(
                        m.to, (pos.stones(pos.side()) & ~square_bb<Bitboard<5>>(m.from)) | square_bb<Bitboard<5>>(m.to),
                        pos.stones(~pos.side()))),
              0)
              << row.position << " has a capturing step " << to_string(pos, m);
      }
      // The same game gives the same rows.
      auto again = game_rows(r, g, 8, LabelSpec{});
      ASSERT_EQ(again.value.size(), rows.value.size());
      for (std::size_t i = 0; i < rows.value.size(); ++i) EXPECT_EQ(again.value[i].ply, rows.value[i].ply);
    }
  }
}

TEST(TrainingData, SearchAndBlendLabelsFollowTheirDefinitions) {
  const Rules r = test::rules("standard");
  const GameRecord g = played(r, 3, White);
  const LabelSpec search = search_label(2), blend = blend_label(2, 0.25);
  auto s = game_rows(r, g, 6, search), b = game_rows(r, g, 6, blend);
  ASSERT_TRUE(s.ok()) << s.error;
  ASSERT_TRUE(b.ok()) << b.error;
  ASSERT_EQ(s.value.size(), b.value.size());
  for (std::size_t i = 0; i < s.value.size(); ++i) {
    ASSERT_TRUE(s.value[i].search.has_value());
    const int score = *s.value[i].search;
    const double p = is_win_score(score) ? 1 : is_loss_score(score) ? 0 : 1 / (1 + std::exp(-score / 100.0));
    EXPECT_NEAR(s.value[i].label, p, 1e-12);
    EXPECT_NEAR(b.value[i].label, 0.25 * b.value[i].result + 0.75 * p, 1e-12);
  }
  EXPECT_TRUE(parse_label("blend=0.5").ok());
  EXPECT_FALSE(parse_label("blend=1.5").ok());
  EXPECT_FALSE(parse_label("searched").ok());
}

TEST(TrainingData, ADataLineRoundTripsAndABadOneIsNamed) {
  DataRow row;
  row.position = "5/5/5/w4/1bw2 w 0/0 3 12";
  row.rules = "standard(size=5,quiet_plies=40)";  // holds a comma: quoted
  row.game = 12;
  row.ply = 40;
  row.result = 0;
  row.search = -35;
  row.label = 0.125;
  const std::string line = data_line(row);
  EXPECT_NE(line.find("\"standard(size=5,quiet_plies=40)\""), std::string::npos) << line;
  auto back = parse_data_line(line);
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(back.value.rules, row.rules);
  EXPECT_EQ(back.value.position, row.position);
  EXPECT_EQ(back.value.search, row.search);
  EXPECT_EQ(back.value.label, row.label);
  EXPECT_NE(parse_data_line("a,b").error.find("2 columns"), std::string::npos);
  EXPECT_NE(parse_data_line("p,middle,standard,1,2,1,,1").error.find("phase"), std::string::npos);
  EXPECT_NE(parse_data_line("p,movement,standard,1,2,1,,nan").error.find("label"), std::string::npos);
  EXPECT_NE(parse_data_line("p,movement,standard,1,2,0.7,,1").error.find("result"), std::string::npos);
  EXPECT_NE(parse_data_line("p,movement,\"standard,1,2,1,,1").error.find("quote"), std::string::npos);
}

TEST(GenData, AGamesRowsTravelAsTextAndComeBackTheSame) {
  GenDataConfig c;
  c.rules = test::rules("standard");
  c.positions_per_game = 4;
  auto rows = rows_of_game(c, played(c.rules, 3, White));
  ASSERT_TRUE(rows.ok()) << rows.error;
  ASSERT_FALSE(rows.value.empty());
  auto back = parse_rows_text(rows_text(rows.value));
  ASSERT_TRUE(back.ok()) << back.error;
  ASSERT_EQ(back.value.size(), rows.value.size());
  for (std::size_t i = 0; i < rows.value.size(); ++i) EXPECT_EQ(data_line(back.value[i]), data_line(rows.value[i]));
  EXPECT_TRUE(parse_rows_text("").value.empty());  // a game with no quiet position sends nothing
  EXPECT_NE(parse_rows_text(rows_text(rows.value) + "a,b\n").error.find("2 columns"), std::string::npos);
}

TEST(GenData, OnePlayerPlaysItselfAndSeveralPlayTheSameEvenNumberOfGamesAPairing) {
  GenDataConfig c;
  c.rules = test::rules("standard");
  c.players = {parse_player("greedy").value};
  c.games = 7;
  const Tournament self = c.tournament();
  ASSERT_EQ(self.players.size(), 2u);
  EXPECT_EQ(self.players[1].text, "greedy");
  EXPECT_EQ(self.schedule.games(), 7);
  EXPECT_EQ(c.data_config()["players"].size(), 2u);  // the file names the player twice, as it played
  c.players.push_back(parse_player("random").value);
  c.players.push_back(parse_player("ab(depth=1)").value);
  // Three pairings: 7 games are 3 a pairing, rounded up to 4 (even: pairs swap roles).
  EXPECT_EQ(c.tournament().schedule.games(), 12);
}

// A positions file's metadata names the labelling search's evaluation: its weights, and the capture
// search limit it takes from its board (it names none), so that a build that changes either is not
// continued on the same file.
TEST(GenData, TheLabellingSearchsEvaluationNamesItsBoardsCaptureLimit) {
  GenDataConfig c;
  c.players = {parse_player("greedy").value};
  c.label = parse_label("search").value;
  c.rules = test::rules("diagonal(size=7)");
  EXPECT_EQ(c.data_config()["search_evaluation"]["capture_plies"], 8);
  c.rules = test::rules("standard");
  const auto e = c.data_config()["search_evaluation"];
  EXPECT_EQ(e["name"], "built-in 5x5 standard");
  EXPECT_FALSE(e.contains("capture_plies"));
}

// The rows of games 0 to 5 of one self-play (greedy against random), as gen-data writes them.
std::string positions_text() {
  const Rules r = test::rules("standard");
  std::string text = data_header() + "\n";
  for (std::uint64_t game = 0; game < 6; ++game) {
    GameRecord g = played(r, game + 1, game % 2 ? Black : White);
    g.index = static_cast<long long>(game);
    auto rows = game_rows(r, g, 3, LabelSpec{});
    for (const DataRow& row : rows.value) text += data_line(row) + "\n";
  }
  return text;
}

TEST(PositionsFile, TheReaderHandsOnEveryRowAfterTheHeaderWithWhereItStandsAndPassesOverBlankLines) {
  const std::string text = positions_text();
  std::vector<std::size_t> numbers;
  std::string rebuilt = data_header() + "\n";
  EXPECT_EQ(read_positions(text,
                           [&](const PositionsLine& line) {
                             EXPECT_TRUE(line.row.ok()) << line.row.error;
                             EXPECT_TRUE(line.whole);
                             numbers.push_back(line.number);
                             rebuilt += text.substr(line.start, line.end - line.start);
                             return std::string();
                           }),
            "");
  EXPECT_EQ(rebuilt, text) << "the lines' bytes are the file's";
  ASSERT_GE(numbers.size(), 6u);
  EXPECT_EQ(numbers.front(), 2u) << "the header is line 1";
  // A blank line is passed over, and the lines after it keep their numbers; a CRLF file reads the same.
  std::string blank = text;
  blank.insert(blank.find('\n') + 1, "\n");
  std::vector<std::size_t> after;
  read_positions(blank, [&](const PositionsLine& line) { return after.push_back(line.number), std::string(); });
  EXPECT_EQ(after.size(), numbers.size());
  EXPECT_EQ(after.front(), 3u);
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  std::size_t rows = 0;
  EXPECT_EQ(read_positions(crlf, [&](const PositionsLine& line) { return rows += line.row.ok(), std::string(); }), "");
  EXPECT_EQ(rows, numbers.size());
}

TEST(PositionsFile, TheReaderRefusesAMissingHeaderAndStopsAtTheFirstErrorItsCallerGives) {
  const std::string text = positions_text();
  const auto none = [](const PositionsLine&) { return std::string(); };
  EXPECT_NE(read_positions("position,phase,rules\n" + text.substr(text.find('\n') + 1), none)
                .find("line 1 is not the positions header"),
            std::string::npos);
  EXPECT_NE(read_positions(data_header(), none).find("line 1 is not the positions header"), std::string::npos)
      << "a header with no newline is a cut write, not a header";
  EXPECT_EQ(read_positions("", none), "") << "an empty text has no line to hand on";
  int seen = 0;
  EXPECT_EQ(read_positions(text,
                           [&](const PositionsLine& line) {
                             return ++seen == 2 ? "line " + std::to_string(line.number) + ": stop" : std::string();
                           }),
            "line 3: stop");
  EXPECT_EQ(seen, 2);
  // A bad row is handed on with why, for the caller to judge.
  std::string bad = text;
  bad.insert(bad.find('\n') + 1, "a,b\n");
  std::string why;
  read_positions(bad, [&](const PositionsLine& line) {
    if (why.empty() && !line.row.ok()) why = line.row.error;
    return std::string();
  });
  EXPECT_NE(why.find("2 columns"), std::string::npos) << why;
}

TEST(PositionsFile, TuneSamplesHoldTheFeaturesTheLabelAndTheGamePairAsTheirUnit) {
  const std::string text = positions_text();
  auto samples = read_tune_samples(text);
  ASSERT_TRUE(samples.ok()) << samples.error;
  std::vector<long long> games;
  read_positions(text, [&](const PositionsLine& line) { return games.push_back(line.row.value.game), std::string(); });
  ASSERT_EQ(samples.value.size(), games.size());
  for (std::size_t k = 0; k < games.size(); ++k)
    EXPECT_EQ(samples.value[k].game, games[k] / 2) << "games 2q and 2q+1 are held out together";
  EXPECT_EQ(samples.value.front().game, 0);
  EXPECT_EQ(samples.value.back().game, 2) << "games 4 and 5 are pair 2";
  // The rules of the rows, each once, in the order they first appear.
  std::vector<std::string> seen, want;
  ASSERT_TRUE(read_tune_samples(text, {}, &seen).ok());
  read_positions(text, [&](const PositionsLine& line) {
    if (std::find(want.begin(), want.end(), line.row.value.rules) == want.end()) want.push_back(line.row.value.rules);
    return std::string();
  });
  EXPECT_EQ(seen, want);
  ASSERT_FALSE(seen.empty());
  // A row's position under its rules: a phase column that contradicts the position is named by line.
  std::string wrong = text;
  const std::size_t at = wrong.find(",placement,");
  ASSERT_NE(at, std::string::npos);
  wrong.replace(at, 11, ",movement,");
  const std::size_t line =
      1 + static_cast<std::size_t>(std::count(wrong.begin(), wrong.begin() + static_cast<long>(at), '\n'));
  EXPECT_EQ(read_tune_samples(wrong).error,
            "line " + std::to_string(line) + ": the phase column does not match the position");
  EXPECT_EQ(read_tune_samples(data_header() + "\n").error, "no positions (the file holds no rows)");
}

TEST(PositionsFile, TuneSamplesCanBeLabelledAgainFromTheResultAndSearchColumns) {
  // A game labelled by search: read with the file's labels, as results, and as a blend.
  const Rules r = test::rules("standard");
  const LabelSpec search = search_label(2);
  auto rows = game_rows(r, played(r, 5, White), 8, search);
  ASSERT_TRUE(rows.ok()) << rows.error;
  std::string text = data_header() + "\n";
  for (const DataRow& row : rows.value) text += data_line(row) + "\n";
  const LabelSpec result{}, blend = blend_label(2, 0.3);
  const auto as_file = read_tune_samples(text), as_result = read_tune_samples(text, result),
             as_blend = read_tune_samples(text, blend);
  ASSERT_TRUE(as_file.ok() && as_result.ok() && as_blend.ok());
  bool differ = false;
  for (std::size_t i = 0; i < rows.value.size(); ++i) {
    const DataRow& row = rows.value[i];
    EXPECT_NEAR(as_file.value[i].target, row.label, 1e-12);
    EXPECT_EQ(as_result.value[i].target, row.result);
    EXPECT_NEAR(as_blend.value[i].target, 0.3 * row.result + 0.7 * row.label, 1e-12);
    differ = differ || as_result.value[i].target != as_file.value[i].target;
  }
  EXPECT_TRUE(differ);
  // A file labelled by result has no search scores: a search or blend label is refused by line.
  std::string plain = data_header() + "\n";
  for (DataRow row : rows.value) {
    row.search.reset();
    plain += data_line(row) + "\n";
  }
  EXPECT_EQ(read_tune_samples(plain, search).error.rfind("line 2: no search score to label by search(depth=2)", 0), 0u)
      << read_tune_samples(plain, search).error;
}

}  // namespace
}  // namespace seega
