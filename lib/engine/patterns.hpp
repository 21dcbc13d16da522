#pragma once
// A pattern evaluation, as Buro's Logistello evaluated Othello and Edax still does: tables indexed by
// the exact contents of board patterns, fitted by regression (analysis/pattern_fit.hpp). A pattern is
// an ordered list of squares; its contents, each square empty (0), the side to move's (1) or the
// other side's (2), read as a base-3 number, index its class's table. A class is one pattern and its
// images under the board's eight symmetries (rotations and reflections), all read through one table,
// so the evaluation of a position and of its mirror images is the same by construction. There is one
// set of tables for every stage of the game (pattern_stage). Custodian capture is a pattern along a
// line of three, which is why Seega suits this: a row holds every capture along it.
//
// The classes of a board (pattern_set), by size:
// - lines: row r of the board (0 the edge) for r up to the middle, with its images (the rows and
//   columns at the same distance from the edge, read either way): 3^5 = 243 entries a line on 5x5,
//   2,187 on 7x7, 19,683 on 9x9, so every line of the board is read whole;
// - diagonal: the two long diagonals, only where the rules capture along diagonals (3^N entries);
// - corner: the 3x3 square in a corner (19,683 entries), where stones are hardest to take;
// - cross: the centre and the two squares beyond it in each orthogonal direction (19,683 entries):
//   the first step into the emptied centre, and what it takes, are read there.
// Larger patterns (a 3x4 edge block, a 4x4 corner) would have 3^12 or more entries a stage: more than
// the data of a 2-core afternoon can fill, so they are left out.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/fnv.hpp"
#include "rules/position.hpp"

namespace seega {

struct PatternClass {
  std::string name;                      // "line0", "line1", "diagonal", "corner", "cross"
  int length = 0;                        // squares in the pattern
  std::vector<std::vector<int>> images;  // each image's squares in pattern order, distinct as ordered lists
  int entries() const;                   // 3^length
};

// The patterns of a board: its size, and whether its rules capture along diagonals (which adds the
// diagonal class).
struct PatternSet {
  int size = 5;
  bool diagonals = false;
  std::vector<PatternClass> classes;
  // For evaluating: a class's images grouped by the squares they cover (a line read either way, a corner
  // and its transpose, the cross's eight orders). A group is read once, its squares in ascending order,
  // through a table that sums its images' entries (PatternTables::prepare): the same value, read in
  // 15 places on 5x5 instead of 36.
  struct Group {
    int cls = 0;
    std::vector<int> squares;              // ascending
    std::vector<std::vector<int>> orders;  // each image as positions in `squares`
    int offset = 0;                        // where its summed table starts in a stage's block
  };
  std::vector<Group> groups;
  int group_entries = 0;  // the entries of one stage's summed tables
  // How the evaluation reads the groups, in the groups' order: every rank and every file whole, as one
  // base-3 number of the board's lines (size of each); the diagonals square by square; the four
  // corners as thirds of three ranks; the cross as a piece of its rank and of its file. The counts are
  // fixed by the board, so the evaluation's loops unroll and choose nothing at run time.
  static constexpr int kMaxLength = 9;
  enum class Read : std::uint8_t { Rank, File, CornerLow, CornerHigh, Cross, Squares };
  struct LineRead {
    std::uint8_t line = 0;  // the rank or file
    int offset = 0;         // where its summed table starts in a stage's block
  };
  struct CornerRead {
    std::uint8_t rank = 0;  // the lowest of its three ranks
    bool high = false;      // the files at the high end (else files a to c)
    int offset = 0;
  };
  struct SquaresRead {
    std::array<std::uint8_t, kMaxLength> squares{};  // ascending; `length` of them used
    std::uint8_t length = 0;
    int offset = 0;
  };
  std::array<LineRead, kMaxLength> ranks{}, files{};
  std::vector<SquaresRead> squares_reads;  // the diagonals
  std::array<CornerRead, 4> corners{};
  int cross_offset = 0;
  std::vector<int> offsets;  // where each class's table starts in a stage's block
  int stage_entries = 0;     // the entries of one stage: the sum of the classes'
  int images = 0;            // the images of every class, counted: the table reads a position makes
  std::string name() const;  // "5x5", "7x7 with diagonals"
};

// The set of a board (built once and kept): sizes 5, 7 and 9.
const PatternSet& pattern_set(int size, bool diagonals);

// Stages: 0 and 1 in placement (fewer than half the stones placed, then the rest), 2, 3 and 4 in
// movement with more than two thirds of the squares but the centre holding a stone, then more than
// one third, then the rest.
constexpr int kPatternStages = 5;
template <int N>
int pattern_stage(const Position<N>& pos);

// The table index every image of every class reads in pos (class by class, image by image, each a
// stage's entry: offset of its class + its base-3 index), from the side to move's point of view;
// out is resized to set.images. Recomputed from the bitboards: each square's content once, then each
// image's digits.
template <int N>
void pattern_indices(const Position<N>& pos, const PatternSet& set, std::vector<int>& out);

// Fitted tables: kPatternStages blocks of set.stage_entries values in hundredths of a stone. An entry the
// fit did not see enough is 0.
struct PatternTables {
  const PatternSet* set = nullptr;
  std::vector<float> values;  // stage * set->stage_entries + entry
  // The group tables (PatternSet::Group) made from values by prepare(): what value() reads. Made again
  // by every prepare(); empty before the first, when value() reads every image instead.
  std::vector<float> summed;
  void prepare();
  // The sum over the images of pos of their entries at pos's stage (hundredths of a stone, unrounded).
  // Precondition: N == set->size.
  template <int N>
  double value(const Position<N>& pos) const;
  // The same sum image by image, from values (what prepare's tables must agree with).
  template <int N>
  double value_by_image(const Position<N>& pos) const;
  bool operator==(const PatternTables& o) const { return set == o.set && values == o.values; }
};

// The tables' part of a weights file (eval.hpp): a header line, one line an entry that is not 0, and a
// closing line that counts and hashes them, so that a file cut short or altered is refused:
//   patterns 1 board=5x5 diagonals=off stages=5
//   pattern corner 2 4417 -12.5
//   end 812 3f0c...
// The class, the stage and the index (in the class's table) name the entry.
std::string patterns_text(const PatternTables& t);

// One line an entry of the tables after the header line, read into t (whose set is chosen by the
// header). Errors name the line (numbered from first_line) and what is wrong.
struct PatternTextReader {
  // Reads "patterns 1 board=NxN diagonals=on|off stages=5"; chooses the set.
  std::string header(std::string_view line);
  // Reads "pattern CLASS STAGE INDEX VALUE", or "end COUNT HASH" (then done() is true).
  std::string line(std::string_view line);
  bool done() const { return done_; }
  std::shared_ptr<PatternTables> take() { return std::move(tables_); }

 private:
  std::shared_ptr<PatternTables> tables_;
  std::uint64_t hash_ = kFnvStart;
  long long count_ = 0;
  bool done_ = false;
};

// The images of a class that contributed most to pos's pattern value, largest magnitude first: what
// seega eval --explain prints.
struct PatternContribution {
  std::string name;      // the class
  std::string squares;   // the image's squares in notation, as "a1 b1 c1 d1 e1"
  std::string contents;  // the image's contents: '.' empty, 'x' the side to move's, 'o' the other's
  double value = 0;
};
template <int N>
std::vector<PatternContribution> pattern_contributions(const Position<N>& pos, const PatternTables& t, int most);

}  // namespace seega
