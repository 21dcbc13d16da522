// The pattern evaluation: its sets of patterns, indices on hand-made positions, one table entry for a
// position and its seven mirror images, the tables' file format (round trip, and files cut short or
// altered refused), and the sparse fit recovering a known evaluation from data drawn from it.

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "analysis/pattern_fit.hpp"
#include "engine/eval.hpp"
#include "rules/random.hpp"
#include "test_util.hpp"

namespace seega {
namespace {

using test::rules;

// A position's board, in notation, with its squares moved by symmetry s (patterns.cpp's numbering:
// s & 4 a reflection, s & 3 quarter turns); the rest of the notation stays.
std::string mirrored(const std::string& text, int n, int s) {
  const auto space = text.find(' ');
  std::vector<std::string> grid(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(n), '.'));
  int row = 0, col = 0;
  for (const char c : text.substr(0, space)) {
    if (c == '/') {
      ++row;
      col = 0;
    } else if (c >= '1' && c <= '9') {
      col += c - '0';
    } else {
      grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(col++)] = c;
    }
  }
  std::vector<std::string> out(grid);
  for (int r = 0; r < n; ++r)
    for (int f = 0; f < n; ++f) {
      int tr = r, tf = f;
      if (s & 4) tf = n - 1 - tf;
      for (int k = 0; k < (s & 3); ++k) {
        const int a = tf, b = n - 1 - tr;
        tr = a;
        tf = b;
      }
      out[static_cast<std::size_t>(tr)][static_cast<std::size_t>(tf)] =
          grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
    }
  std::string board;
  for (int r = 0; r < n; ++r) {
    if (r) board += '/';
    int empty = 0;
    for (const char c : out[static_cast<std::size_t>(r)]) {
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) board += std::to_string(empty);
      empty = 0;
      board += c;
    }
    if (empty) board += std::to_string(empty);
  }
  return board + text.substr(space);
}

// Tables of the set with every entry drawn at random.
std::shared_ptr<PatternTables> random_tables(const PatternSet& set, std::uint64_t seed) {
  auto t = std::make_shared<PatternTables>();
  t->set = &set;
  t->values.resize(static_cast<std::size_t>(kPatternStages) * set.stage_entries);
  Rng rng(seed);
  for (auto& v : t->values) v = static_cast<float>(static_cast<int>(rng.below(2001)) - 1000) / 10.0F;
  t->prepare();
  return t;
}

// Positions along seeded random games, placement and movement.
template <int N>
std::vector<Position<N>> random_positions(const Rules& r, int games, std::uint64_t seed) {
  std::vector<Position<N>> out;
  Rng rng(seed);
  MoveList<N> list;
  for (int g = 0; g < games; ++g) {
    Position<N> pos(r);
    while (!pos.outcome().over()) {
      out.push_back(pos);
      legal_moves(pos, list);
      pos.play(list[rng.below(list.size())]);
    }
  }
  return out;
}

TEST(Patterns, EachBoardHasItsLinesCornersAndCrossAndDiagonalsOnlyWhereTheRulesCaptureOnThem) {
  const PatternSet& five = pattern_set(5, false);
  std::vector<std::pair<std::string, std::size_t>> shape;
  for (const auto& c : five.classes) shape.emplace_back(c.name, c.images.size());
  EXPECT_EQ(shape, (std::vector<std::pair<std::string, std::size_t>>{
                       {"line0", 8}, {"line1", 8}, {"line2", 4}, {"corner", 8}, {"cross", 8}}));
  EXPECT_EQ(five.stage_entries, 3 * 243 + 2 * 19683);
  EXPECT_EQ(five.images, 36);
  const PatternSet& diagonal = pattern_set(5, true);
  EXPECT_EQ(diagonal.classes[3].name, "diagonal");
  EXPECT_EQ(diagonal.classes[3].images.size(), 4U);     // two diagonals, each read both ways
  EXPECT_EQ(pattern_set(7, false).classes.size(), 6U);  // line0 to line3, corner, cross
  EXPECT_EQ(pattern_set(9, true).classes.size(), 8U);   // line0 to line4, diagonal, corner, cross
  for (const int n : {5, 7, 9})
    for (const bool d : {false, true})
      for (const auto& c : pattern_set(n, d).classes)
        for (const auto& image : c.images) {
          ASSERT_EQ(static_cast<int>(image.size()), c.length) << c.name;
          EXPECT_EQ(std::set<int>(image.begin(), image.end()).size(), image.size()) << c.name;
          for (const int sq : image) EXPECT_TRUE(sq >= 0 && sq < n * n) << c.name;
        }
}

TEST(Patterns, AnIndexReadsTheSquaresInOrderInBaseThreeFromTheSideToMovesPointOfView) {
  // Rank 1 (the bottom line, a1 to e1) is w . b . .; rank 2 is b w . . .; w to move. The first image of
  // line0 is rank 1 from a1: digits 1 0 2 0 0, a1 the units: 1 + 2 * 9 = 19. Its reverse (e1 to a1): 2 * 9
  // read from the other end, 2 * 3^2 + 1 * 3^4 = 18 + 81 = 99.
  const Rules r = rules("standard");
  const auto pos = test::position(r, "5/5/5/bw3/w1b2 w 10/10 0 0");
  const PatternSet& set = pattern_set(5, false);
  std::vector<int> indices;
  pattern_indices(pos, set, indices);
  ASSERT_EQ(static_cast<int>(indices.size()), set.images);
  const auto& line0 = set.classes[0];
  ASSERT_EQ(line0.images[0], (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(indices[0], 19);
  const auto reversed = std::find(line0.images.begin(), line0.images.end(), std::vector<int>{4, 3, 2, 1, 0});
  ASSERT_NE(reversed, line0.images.end());
  EXPECT_EQ(indices[static_cast<std::size_t>(reversed - line0.images.begin())], 99);
  // From b's side the same squares read the other way round: own and enemy swap (1 <-> 2).
  const auto black = test::position(r, "5/5/5/bw3/w1b2 b 10/10 0 0");
  pattern_indices(black, set, indices);
  EXPECT_EQ(indices[0], 2 + 1 * 9);
  // The corner at a1, rank by rank: a1 b1 c1 / a2 b2 c2 / a3 b3 c3 = 1 0 2 / 2 1 0 / 0 0 0.
  const std::size_t corner = line0.images.size() + set.classes[1].images.size() + set.classes[2].images.size();
  EXPECT_EQ(set.classes[3].images[0], (std::vector<int>{0, 1, 2, 5, 6, 7, 10, 11, 12}));
  pattern_indices(pos, set, indices);
  EXPECT_EQ(indices[corner], set.offsets[3] + 1 + 2 * 9 + 2 * 27 + 1 * 81);
  // Stages: placement with 4 of 24 stones placed is stage 0.
  EXPECT_EQ(pattern_stage(pos), 0);
}

template <int N>
void expect_mirror_images_alike(const Rules& r) {
  const PatternSet& set = pattern_set(N, r.diag_captures);
  const auto tables = random_tables(set, 7);
  for (const auto& pos : random_positions<N>(r, 6, 3)) {
    const std::string text = to_string(pos);
    const double v = tables->value(pos);
    for (int s = 1; s < 8; ++s) {
      const auto image = test::position<N>(r, mirrored(text, N, s));
      ASSERT_EQ(tables->value(image), v) << r.to_string() << " " << text << " under symmetry " << s;
    }
  }
}

TEST(Patterns, APositionAndItsSevenMirrorImagesReadTheSameEntries) {
  expect_mirror_images_alike<5>(rules("standard"));
  expect_mirror_images_alike<5>(rules("diagonal"));
  expect_mirror_images_alike<7>(rules("chain(size=7)"));
  expect_mirror_images_alike<9>(rules("diagonal(size=9)"));
}

template <int N>
void expect_groups_read_as_images(const Rules& r) {
  const PatternSet& set = pattern_set(N, r.diag_captures);
  const auto tables = random_tables(set, 13);
  for (const auto& pos : random_positions<N>(r, 4, 9))
    ASSERT_NEAR(tables->value(pos), tables->value_by_image(pos), 1e-2) << r.to_string() << " " << to_string(pos);
}

TEST(Patterns, TheGroupTablesTheSearchReadsGiveWhatEveryImageReadAloneGives) {
  // The evaluation reads each group of images once through a table that sums them (prepare); over seeded
  // random games on every size, that is the sum of every image read on its own.
  EXPECT_EQ(pattern_set(5, false).groups.size(), 15U);
  expect_groups_read_as_images<5>(rules("standard"));
  expect_groups_read_as_images<5>(rules("diagonal"));
  expect_groups_read_as_images<7>(rules("standard(size=7)"));
  expect_groups_read_as_images<7>(rules("diagonal(size=7)"));
  expect_groups_read_as_images<9>(rules("chain(size=9)"));
  expect_groups_read_as_images<9>(rules("diagonal(size=9)"));
}

TEST(Patterns, TablesRoundTripThroughTheWeightsFileAndACutOrAlteredFileIsRefused) {
  const PatternSet& set = pattern_set(5, false);
  Weights w = Weights::defaults();
  auto t = std::make_shared<PatternTables>();
  t->set = &set;
  t->values.assign(static_cast<std::size_t>(kPatternStages) * set.stage_entries, 0.0F);
  t->values[17] = 12.5F;
  t->values[static_cast<std::size_t>(set.stage_entries) * 3 + 400] = -3.25F;
  t->values[static_cast<std::size_t>(set.stage_entries) * 4 + set.stage_entries - 1] = 0.1F;
  t->prepare();
  w.patterns = t;
  const std::string text = w.to_text();
  auto back = parse_weights(text);
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(back.value, w);
  EXPECT_EQ(back.value.to_text(), text);
  EXPECT_EQ(weights_hash(back.value), weights_hash(w));
  // Cut before the end line; a value altered; an entry line dropped; a foreign format and board; a
  // class the board does not have; text after the end.
  auto refused = [](const std::string& bad, const std::string& why) {
    auto p = parse_weights(bad);
    EXPECT_FALSE(p.ok()) << bad;
    EXPECT_NE(p.error.find(why), std::string::npos) << p.error;
  };
  const auto end = text.rfind("end ");
  refused(text.substr(0, end), "without their end line");
  std::string altered = text;
  altered.replace(altered.find("12.5"), 4, "12.6");
  refused(altered, "do not match the end line's hash");
  std::string dropped = text;
  const auto first = dropped.find("pattern line0");
  dropped.erase(first, dropped.find('\n', first) - first + 1);
  refused(dropped, "counts 3 table entries, the file holds 2");
  std::string version = text;
  version.replace(version.find("patterns 1"), 10, "patterns 2");
  refused(version, "patterns format 2 is not one this seega reads");
  std::string board = text;
  board.replace(board.find("board=5x5"), 9, "board=6x6");
  refused(board, "want board=5x5, 7x7 or 9x9");
  std::string klass = text;
  klass.replace(klass.find("pattern line0"), 13, "pattern diagon");
  refused(klass, "no pattern class 'diagon' on 5x5");
  refused(text + "mobility 3\n", "after the pattern tables' end line");
  // A weights hash follows the tables.
  Weights other = w;
  auto t2 = std::make_shared<PatternTables>(*t);
  t2->values[17] = 12.75F;
  other.patterns = t2;
  EXPECT_NE(weights_hash(other), weights_hash(w));
  EXPECT_FALSE(other == w);
}

TEST(Patterns, TheEvaluationAddsTheTablesToTheLinearSum) {
  const Rules r = rules("standard");
  const PatternSet& set = pattern_set(5, false);
  Weights w = Weights::defaults();
  const Weights linear = w;
  w.patterns = random_tables(set, 11);
  for (const auto& pos : random_positions<5>(r, 3, 5)) {
    const double lin = linear.value(features(pos), pos.placing(), taper(pos));
    const double expected = std::clamp(lin + w.patterns->value(pos), -20000.0, 20000.0);
    EXPECT_NEAR(evaluate(pos, w), expected, 0.5 + 1e-9) << to_string(pos);
  }
}

// Samples from a known model: positions of random games on 5x5 standard; the truth the default linear
// weights plus tables with a few strong entries (line1's in the movement stages, `strong`); each label
// the truth's win probability at K = 1; 40 positions a game pair.
struct KnownModel {
  const PatternSet* set = &pattern_set(5, false);
  Weights truth = Weights::defaults();
  std::vector<std::size_t> strong;
  std::vector<Position<5>> positions;  // every position drawn, sample or not (games that ended are not)
  std::vector<TuneSample> samples;
  double value(const Position<5>& pos) const {
    return truth.value(features(pos), pos.placing(), 1) + truth.patterns->value(pos);
  }
};

KnownModel known_model() {
  KnownModel m;
  const PatternSet& set = *m.set;
  auto tables = std::make_shared<PatternTables>();
  tables->set = &set;
  tables->values.assign(static_cast<std::size_t>(kPatternStages) * set.stage_entries, 0.0F);
  for (int s = 2; s < 4; ++s)
    for (int i = 0; i < 243; i += 7) {  // line1 entries of the movement stages
      const auto e = static_cast<std::size_t>(s * set.stage_entries + set.offsets[1] + i);
      tables->values[e] = (i % 2 ? 60.0F : -60.0F);
      m.strong.push_back(e);
    }
  m.truth.patterns = tables;
  std::vector<int> indices;
  static const Rules r = rules("standard");  // positions point to their rules: these outlive every model
  m.positions = random_positions<5>(r, 400, 21);
  for (std::size_t k = 0; k < m.positions.size(); ++k) {
    const auto& pos = m.positions[k];
    if (pos.outcome().over()) continue;
    TuneSample s;
    s.x = features(pos);
    s.game = static_cast<long long>(k / 40);
    s.placement = pos.placing();
    s.target = 1 / (1 + std::exp(-m.value(pos) / 100));
    pattern_indices(pos, set, indices);
    for (const int i : indices) s.patterns.push_back(pattern_stage(pos) * set.stage_entries + i);
    m.samples.push_back(std::move(s));
  }
  return m;
}

TEST(PatternFit, TheFitRecoversAKnownEvaluationFromDataDrawnFromIt) {
  // Tables are identifiable only up to shifts between classes that leave every evaluation the same, so
  // the test compares evaluations on held-out positions, and the strong entries themselves against the
  // rest.
  const KnownModel m = known_model();
  const PatternSet& set = *m.set;
  const auto& positions = m.positions;
  const auto& samples = m.samples;
  const auto& strong = m.strong;
  const auto& truth = m.truth.patterns;
  PatternFitOptions o;
  o.l2 = 0.01;
  o.min_count = 5;
  o.holdout = 0.2;
  auto fit = fit_patterns(samples, Weights::defaults(), set, o);
  ASSERT_TRUE(fit.ok()) << fit.error;
  const auto& r0 = fit.value;
  EXPECT_GT(r0.entries_fitted, 100);
  EXPECT_LT(r0.holdout_loss_after, r0.holdout_loss_before);
  // Held-out evaluations: the fit's against the truth's.
  double err = 0, spread = 0;
  long long n = 0;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const auto& pos = positions[k];
    if (pos.outcome().over() || !held_out(static_cast<long long>(k / 40), o.seed, o.holdout)) continue;
    const double want = m.value(pos);
    const double got = r0.weights.value(features(pos), pos.placing(), 1) + r0.weights.patterns->value(pos);
    err += (got - want) * (got - want);
    spread += want * want;
    ++n;
  }
  ASSERT_GT(n, 100);
  EXPECT_LT(std::sqrt(err / static_cast<double>(n)), 0.1 * std::sqrt(spread / static_cast<double>(n)))
      << "the fit's evaluations stray from the truth's";
  // Each strong entry's sign is recovered.
  int right = 0;
  for (const auto e : strong) right += (r0.weights.patterns->values[e] > 0) == (truth->values[e] > 0);
  EXPECT_GE(right, static_cast<int>(strong.size()) * 9 / 10);
}

TEST(PatternFit, HeldLinearWeightsKeepTheirStartAndTheTablesAreStillFitted) {
  // A start whose mobility is far from the truth's: a joint fit moves it; holding it keeps it exactly, and
  // holding every linear weight keeps them all and still fits the tables, whose held-out loss falls.
  const KnownModel m = known_model();
  Weights start = Weights::defaults();
  start.w[Mobility] = 9;
  PatternFitOptions o;
  o.l2 = 0.01;
  o.min_count = 5;
  o.holdout = 0.2;
  auto joint = fit_patterns(m.samples, start, *m.set, o);
  ASSERT_TRUE(joint.ok()) << joint.error;
  EXPECT_LT(joint.value.weights.w[Mobility], 8) << "the joint fit should pull mobility towards the truth's 2";
  o.held[Mobility] = true;
  auto one = fit_patterns(m.samples, start, *m.set, o);
  ASSERT_TRUE(one.ok()) << one.error;
  EXPECT_EQ(one.value.weights.w[Mobility], 9);
  EXPECT_NE(one.value.weights.w[Hanging], start.w[Hanging]) << "a weight not held is fitted";
  o.held.fill(true);
  auto held = fit_patterns(m.samples, start, *m.set, o);
  ASSERT_TRUE(held.ok()) << held.error;
  const auto& r = held.value;
  for (int f = 0; f < kFeatureCount; ++f) EXPECT_EQ(r.weights.w[f], start.w[f]) << kFeatureNames[f];
  EXPECT_TRUE(r.linear_held.empty()) << "linear_held names features too rare to fit, not those held by choice";
  EXPECT_EQ(r.entries_fitted, joint.value.entries_fitted);
  ASSERT_TRUE(r.weights.patterns);
  EXPECT_LT(r.holdout_loss_after, r.holdout_loss_before);
  int right = 0;
  for (const auto e : m.strong) right += (r.weights.patterns->values[e] > 0) == (m.truth.patterns->values[e] > 0);
  EXPECT_GE(right, static_cast<int>(m.strong.size()) * 9 / 10);
}

TEST(PatternFit, BadStartsAndOptionsAreRefused) {
  const PatternSet& set = pattern_set(5, false);
  TuneSample s;
  s.patterns = {0};
  Weights split = Weights::defaults();
  split.placement = split.w;
  EXPECT_FALSE(fit_patterns({s}, split, set, {}).ok());
  EXPECT_FALSE(fit_patterns({}, Weights::defaults(), set, {}).ok());
  TuneSample none;
  EXPECT_NE(fit_patterns({none}, Weights::defaults(), set, {}).error.find("without pattern entries"),
            std::string::npos);
  PatternFitOptions o;
  o.l2 = 0;
  EXPECT_FALSE(fit_patterns({s}, Weights::defaults(), set, o).ok());
}

}  // namespace
}  // namespace seega
