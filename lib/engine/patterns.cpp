#include "engine/patterns.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>

#include "engine/fnv.hpp"
#include "rules/notation.hpp"

namespace seega {

namespace {

int pow3(int k) {
  int p = 1;
  for (int i = 0; i < k; ++i) p *= 3;
  return p;
}

constexpr int kPow3Table[10] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

// (rank, file) under symmetry s of the square's eight: s & 3 rotations by a quarter turn, s & 4 a
// reflection first.
std::pair<int, int> transform(int rank, int file, int n, int s) {
  if (s & 4) file = n - 1 - file;
  for (int k = 0; k < (s & 3); ++k) {
    const int r = file, f = n - 1 - rank;  // a quarter turn
    rank = r;
    file = f;
  }
  return {rank, file};
}

// A class from one pattern given as (rank, file) cells: its distinct images under the eight symmetries.
PatternClass make_class(std::string name, const std::vector<std::pair<int, int>>& cells, int n) {
  PatternClass c;
  c.name = std::move(name);
  c.length = static_cast<int>(cells.size());
  for (int s = 0; s < 8; ++s) {
    std::vector<int> image;
    for (const auto& [r, f] : cells) {
      const auto [tr, tf] = transform(r, f, n, s);
      image.push_back(tr * n + tf);
    }
    if (std::find(c.images.begin(), c.images.end(), image) == c.images.end()) c.images.push_back(image);
  }
  return c;
}

// How the evaluation reads a group of these squares (ascending) on an n x n board, and its line.
std::pair<PatternSet::Read, int> read_of(const std::vector<int>& sq, int n) {
  using R = PatternSet::Read;
  auto is = [&](const std::vector<int>& want) { return sq == want; };
  std::vector<int> want;
  for (int line = 0; line < n; ++line) {
    want.clear();
    for (int f = 0; f < n; ++f) want.push_back(line * n + f);
    if (is(want)) return {R::Rank, line};
    want.clear();
    for (int r = 0; r < n; ++r) want.push_back(r * n + line);
    if (is(want)) return {R::File, line};
  }
  for (const int r0 : {0, n - 3})
    for (const int f0 : {0, n - 3}) {
      want.clear();
      for (int r = r0; r < r0 + 3; ++r)
        for (int f = f0; f < f0 + 3; ++f) want.push_back(r * n + f);
      if (is(want)) return {f0 == 0 ? R::CornerLow : R::CornerHigh, r0};
    }
  const int m = n / 2;
  want = {(m - 2) * n + m, (m - 1) * n + m};
  for (int f = m - 2; f <= m + 2; ++f) want.push_back(m * n + f);
  want.push_back((m + 1) * n + m);
  want.push_back((m + 2) * n + m);
  if (is(want)) return {R::Cross, m};
  return {R::Squares, 0};
}

PatternSet make_set(int n, bool diagonals) {
  PatternSet set;
  set.size = n;
  set.diagonals = diagonals;
  for (int r = 0; r <= (n - 1) / 2; ++r) {
    std::vector<std::pair<int, int>> row;
    for (int f = 0; f < n; ++f) row.emplace_back(r, f);
    set.classes.push_back(make_class("line" + std::to_string(r), row, n));
  }
  if (diagonals) {
    std::vector<std::pair<int, int>> diagonal;
    for (int i = 0; i < n; ++i) diagonal.emplace_back(i, i);
    set.classes.push_back(make_class("diagonal", diagonal, n));
  }
  std::vector<std::pair<int, int>> corner;
  for (int r = 0; r < 3; ++r)
    for (int f = 0; f < 3; ++f) corner.emplace_back(r, f);
  set.classes.push_back(make_class("corner", corner, n));
  const int m = n / 2;
  set.classes.push_back(make_class(
      "cross", {{m, m}, {m + 1, m}, {m + 2, m}, {m, m + 1}, {m, m + 2}, {m - 1, m}, {m - 2, m}, {m, m - 1}, {m, m - 2}},
      n));
  for (std::size_t k = 0; k < set.classes.size(); ++k) {
    const auto& c = set.classes[k];
    set.offsets.push_back(set.stage_entries);
    set.stage_entries += c.entries();
    set.images += static_cast<int>(c.images.size());
    for (const auto& image : c.images) {
      std::vector<int> squares = image;
      std::sort(squares.begin(), squares.end());
      auto g = std::find_if(set.groups.begin(), set.groups.end(), [&](const PatternSet::Group& x) {
        return x.cls == static_cast<int>(k) && x.squares == squares;
      });
      if (g == set.groups.end()) {
        set.groups.push_back({static_cast<int>(k), squares, {}, set.group_entries});
        set.group_entries += c.entries();
        g = set.groups.end() - 1;
      }
      std::vector<int> order;
      for (const int sq : image)
        order.push_back(static_cast<int>(std::find(squares.begin(), squares.end(), sq) - squares.begin()));
      g->orders.push_back(order);
    }
  }
  // The reads in the groups' order (ranks, files, diagonals, corners, cross by class), which is also the
  // order in which the evaluation adds them up.
  int ranks = 0, files = 0, corners = 0, crosses = 0;
  for (const auto& g : set.groups) {
    const auto [read, line] = read_of(g.squares, n);
    const auto at = static_cast<std::uint8_t>(line);
    switch (read) {
      case PatternSet::Read::Rank: set.ranks.at(static_cast<std::size_t>(ranks++)) = {at, g.offset}; break;
      case PatternSet::Read::File: set.files.at(static_cast<std::size_t>(files++)) = {at, g.offset}; break;
      case PatternSet::Read::CornerLow:
      case PatternSet::Read::CornerHigh:
        set.corners.at(static_cast<std::size_t>(corners++)) = {at, read == PatternSet::Read::CornerHigh, g.offset};
        break;
      case PatternSet::Read::Cross:
        set.cross_offset = g.offset;
        ++crosses;
        break;
      case PatternSet::Read::Squares: {
        PatternSet::SquaresRead r;
        for (std::size_t j = 0; j < g.squares.size(); ++j) r.squares.at(j) = static_cast<std::uint8_t>(g.squares[j]);
        r.length = static_cast<std::uint8_t>(g.squares.size());
        r.offset = g.offset;
        set.squares_reads.push_back(r);
        break;
      }
    }
  }
  if (ranks != n || files != n || corners != 4 || crosses != 1)
    throw std::logic_error("pattern set " + std::to_string(n) + "x" + std::to_string(n) +
                           ": its groups are not size ranks, size files, 4 corners and a cross");
  return set;
}

// The hash of the tables' entry lines carried on over one line and its newline.
void hash_line(std::uint64_t& h, std::string_view line) { h = fnv1a(fnv1a(h, line), "\n"); }

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

template <class T>
bool whole(std::string_view w, T& out) {
  auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return ec == std::errc() && p == w.data() + w.size();
}

}  // namespace

int PatternClass::entries() const { return pow3(length); }

std::string PatternSet::name() const {
  return std::to_string(size) + "x" + std::to_string(size) + (diagonals ? " with diagonals" : "");
}

const PatternSet& pattern_set(int size, bool diagonals) {
  static std::mutex m;
  static std::map<std::pair<int, bool>, std::unique_ptr<PatternSet>> sets;
  std::lock_guard lock(m);
  auto& s = sets[{size, diagonals}];
  if (!s) s = std::make_unique<PatternSet>(make_set(size, diagonals));
  return *s;
}

template <int N>
int pattern_stage(const Position<N>& pos) {
  constexpr int kStones = (N * N - 1) / 2;
  if (pos.placing()) {
    const int placed = 2 * kStones - pos.in_hand(White) - pos.in_hand(Black);
    return placed < kStones ? 0 : 1;
  }
  const int on_board = pos.count(White) + pos.count(Black), squares = N * N - 1;
  return 3 * on_board > 2 * squares ? 2 : 3 * on_board > squares ? 3 : 4;
}

template <int N>
void pattern_indices(const Position<N>& pos, const PatternSet& set, std::vector<int>& out) {
  std::array<int, N * N> digit{};
  const Color us = pos.side();
  for (Bitboard<N> b = pos.stones(us); b;) digit[pop_lsb(b)] = 1;
  for (Bitboard<N> b = pos.stones(~us); b;) digit[pop_lsb(b)] = 2;
  out.resize(static_cast<std::size_t>(set.images));
  std::size_t k = 0;
  for (std::size_t c = 0; c < set.classes.size(); ++c) {
    const int offset = set.offsets[c];
    for (const auto& image : set.classes[c].images) {
      int index = 0;
      for (auto it = image.rbegin(); it != image.rend(); ++it) index = 3 * index + digit[*it];
      out[k++] = offset + index;
    }
  }
}

void PatternTables::prepare() {
  // Entry by entry of the class tables, each added where every image of a group reads it: the work is
  // the entries that are not 0, so empty or sparse tables (a fit holds most of its entries at 0) cost
  // little more than zeroing the group tables.
  summed.assign(static_cast<std::size_t>(kPatternStages) * set->group_entries, 0.0F);
  std::vector<int> digits;
  for (int s = 0; s < kPatternStages; ++s)
    for (const auto& g : set->groups) {
      const auto& c = set->classes[static_cast<std::size_t>(g.cls)];
      const float* entry = values.data() + static_cast<std::size_t>(s) * set->stage_entries +
                           set->offsets[static_cast<std::size_t>(g.cls)];
      float* group = summed.data() + static_cast<std::size_t>(s) * set->group_entries + g.offset;
      digits.assign(static_cast<std::size_t>(c.length), 0);
      for (int e = 0; e < c.entries(); ++e) {
        if (entry[e] == 0) continue;
        for (int j = 0, x = e; j < c.length; ++j, x /= 3) digits[static_cast<std::size_t>(j)] = x % 3;
        // Image `order` reads digit j of e at position order[j] of the group's ascending squares.
        for (const auto& order : g.orders) {
          int r = 0;
          for (int j = 0; j < c.length; ++j)
            r += digits[static_cast<std::size_t>(j)] * kPow3Table[order[static_cast<std::size_t>(j)]];
          group[r] += entry[e];
        }
      }
    }
}

namespace {

constexpr int kPow3[10] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

// The base-3 number whose digits are the bits of b (bit j the digit of 3^j), for up to 9 bits.
struct BinaryToTernary {
  std::array<std::uint16_t, 512> t{};
  constexpr BinaryToTernary() {
    for (int b = 0; b < 512; ++b)
      for (int j = 0; j < 9; ++j)
        if (b >> j & 1)
          t[static_cast<std::size_t>(b)] = static_cast<std::uint16_t>(t[static_cast<std::size_t>(b)] + kPow3[j]);
  }
};
constexpr BinaryToTernary kB2T;

// A rank's bits spread down the files of the board turned on its diagonal (bit f of rank r to bit
// f * N + r), for every rank and every set of bits: made at compile time.
template <int N>
struct Spread {
  using BB = Bitboard<N>;
  std::array<std::array<BB, 1 << N>, N> t{};
  constexpr Spread() {
    for (int r = 0; r < N; ++r)
      for (int b = 0; b < (1 << N); ++b)
        for (int f = 0; f < N; ++f)
          if (b >> f & 1) t[static_cast<std::size_t>(r)][static_cast<std::size_t>(b)] |= BB(1) << (f * N + r);
  }
};
template <int N>
constexpr Spread<N> kSpread;

// A line's base-3 number from its own and enemy bits: one table of both on boards up to 7 (32 KB at
// most), two lookups of kB2T on 9x9 (whose table of both would be half a megabyte).
template <int N>
struct LineTernary {
  std::array<std::uint16_t, (N <= 7 ? 1 << (2 * N) : 1)> t{};
  constexpr LineTernary() {
    if constexpr (N <= 7)
      for (int o = 0; o < (1 << N); ++o)
        for (int e = 0; e < (1 << N); ++e)
          t[static_cast<std::size_t>(o << N | e)] =
              static_cast<std::uint16_t>(kB2T.t[static_cast<std::size_t>(o)] + 2 * kB2T.t[static_cast<std::size_t>(e)]);
  }
  int operator()(std::size_t own, std::size_t enemy) const {
    if constexpr (N <= 7) return t[own << N | enemy];
    return kB2T.t[own] + 2 * kB2T.t[enemy];
  }
};
template <int N>
constexpr LineTernary<N> kLineTernary;

// Pieces of a line's base-3 number, by table: its low three digits and its high three (a corner's
// third of a rank), and the cross's pieces: the five middle digits (its rank) and the two digits each
// side of the middle (its file, below and above the centre).
template <int N>
struct LinePieces {
  static constexpr int kLines = kPow3[N];
  static constexpr int kMiddle = N / 2;
  std::array<std::uint8_t, kLines> low{}, high{}, below{}, above{};
  std::array<std::uint8_t, kLines> middle{};  // 3^5 = 243 values fit a byte
  constexpr LinePieces() {
    for (int x = 0; x < kLines; ++x) {
      const auto i = static_cast<std::size_t>(x);
      low[i] = static_cast<std::uint8_t>(x % 27);
      high[i] = static_cast<std::uint8_t>(x / kPow3[N - 3]);
      below[i] = static_cast<std::uint8_t>(x / kPow3[kMiddle - 2] % 9);
      above[i] = static_cast<std::uint8_t>(x / kPow3[kMiddle + 1] % 9);
      middle[i] = static_cast<std::uint8_t>(x / kPow3[kMiddle - 2] % 243);
    }
  }
};
template <int N>
constexpr LinePieces<N> kLinePieces;

// On 5x5, a rank's contents as one table entry (own bits << 5 | enemy bits): its base-3 number in bits
// 48 to 55, and its digits spread one to a byte over bits 0 to 39, file f's in byte f. A sum of such
// entries, each rank's times 3^rank, is every file's base-3 number at once, a byte each (a file's
// number is at most 242, so no byte carries into the next). One read a rank replaces the turned
// board's reads and the files' own (measured: BM_EvaluatePatterns).
struct RankAndFiles5 {
  std::array<std::uint64_t, 1 << 10> t{};
  constexpr RankAndFiles5() {
    for (int o = 0; o < 32; ++o)
      for (int e = 0; e < 32; ++e) {
        std::uint64_t x =
            static_cast<std::uint64_t>(kB2T.t[static_cast<std::size_t>(o)] + 2 * kB2T.t[static_cast<std::size_t>(e)])
            << 48;
        for (int f = 0; f < 5; ++f) x |= static_cast<std::uint64_t>((o >> f & 1) + 2 * (e >> f & 1)) << (8 * f);
        t[static_cast<std::size_t>(o << 5 | e)] = x;
      }
  }
};
constexpr RankAndFiles5 kRankAndFiles5;

// The board's lines as base-3 numbers from the side to move's point of view: each rank (its files
// from a, a the units) and each file (its ranks from 1). Files are read from the board turned on its
// diagonal, made rank by rank through kSpread; on 5x5, through kRankAndFiles5 instead.
template <int N>
struct Lines {
  std::array<int, N> rank{}, file{};
  Lines(Bitboard<N> own, Bitboard<N> enemy) {
    using BB = Bitboard<N>;
    constexpr BB mask = (BB(1) << N) - 1;
    if constexpr (N == 5) {
      constexpr std::uint64_t digits = (std::uint64_t(1) << 40) - 1;
      std::uint64_t files = 0;
      for (int r = N - 1; r >= 0; --r) {
        const auto o = static_cast<std::size_t>((own >> (r * N)) & mask),
                   e = static_cast<std::size_t>((enemy >> (r * N)) & mask);
        const std::uint64_t x = kRankAndFiles5.t[o << N | e];
        rank[static_cast<std::size_t>(r)] = static_cast<int>(x >> 48);
        files = 3 * files + (x & digits);
      }
      for (int f = 0; f < N; ++f) file[static_cast<std::size_t>(f)] = static_cast<int>((files >> (8 * f)) & 0xFF);
    } else {
      BB own_t = 0, enemy_t = 0;
      for (int r = 0; r < N; ++r) {
        const auto o = static_cast<std::size_t>((own >> (r * N)) & mask),
                   e = static_cast<std::size_t>((enemy >> (r * N)) & mask);
        rank[static_cast<std::size_t>(r)] = kLineTernary<N>(o, e);
        own_t |= kSpread<N>.t[static_cast<std::size_t>(r)][o];
        enemy_t |= kSpread<N>.t[static_cast<std::size_t>(r)][e];
      }
      for (int f = 0; f < N; ++f)
        file[static_cast<std::size_t>(f)] = kLineTernary<N>(static_cast<std::size_t>((own_t >> (f * N)) & mask),
                                                            static_cast<std::size_t>((enemy_t >> (f * N)) & mask));
    }
  }
};

}  // namespace

template <int N>
double PatternTables::value(const Position<N>& pos) const {
  if (summed.empty()) return value_by_image(pos);
  const Color us = pos.side();
  const Bitboard<N> own = pos.stones(us), enemy = pos.stones(~us);
  const Lines<N> lines(own, enemy);
  constexpr int m = N / 2;
  const float* stage = summed.data() + static_cast<std::size_t>(pattern_stage(pos)) * set->group_entries;
  // In the groups' order: ranks, files, diagonals, corners, the cross. Into four sums, each read's
  // chosen by its place, rather than one: the reads do not wait on one another's additions. The order
  // is fixed, so the value is the same on every run.
  std::array<double, 4> sums{};
  for (int k = 0; k < N; ++k) {
    const auto& r = set->ranks[static_cast<std::size_t>(k)];
    sums[static_cast<std::size_t>(k & 3)] += stage[r.offset + lines.rank[r.line]];
  }
  for (int k = 0; k < N; ++k) {
    const auto& f = set->files[static_cast<std::size_t>(k)];
    sums[static_cast<std::size_t>((k + N) & 3)] += stage[f.offset + lines.file[f.line]];
  }
  for (const auto& d : set->squares_reads) {
    int index = 0;
    for (int j = d.length - 1; j >= 0; --j) {
      const int sq = d.squares[static_cast<std::size_t>(j)];
      index = 3 * index + static_cast<int>((own >> sq) & 1) + 2 * static_cast<int>((enemy >> sq) & 1);
    }
    sums[1] += stage[d.offset + index];
  }
  constexpr const auto& pieces = kLinePieces<N>;
  for (std::size_t k = 0; k < set->corners.size(); ++k) {
    const auto& c = set->corners[k];
    const auto r = static_cast<std::size_t>(c.rank);
    const auto& third = c.high ? pieces.high : pieces.low;
    const auto digits = [&](std::size_t i) { return static_cast<int>(third[static_cast<std::size_t>(lines.rank[i])]); };
    sums[k] += stage[c.offset + digits(r) + 27 * digits(r + 1) + 729 * digits(r + 2)];
  }
  const auto file = static_cast<std::size_t>(lines.file[m]), rank = static_cast<std::size_t>(lines.rank[m]);
  sums[(2 * N) & 3] +=
      stage[set->cross_offset + pieces.below[file] + 9 * pieces.middle[rank] + 2187 * pieces.above[file]];
  return (sums[0] + sums[1]) + (sums[2] + sums[3]);
}

template <int N>
double PatternTables::value_by_image(const Position<N>& pos) const {
  thread_local std::vector<int> indices;
  pattern_indices(pos, *set, indices);
  const float* stage = values.data() + static_cast<std::size_t>(pattern_stage(pos)) * set->stage_entries;
  double v = 0;
  for (const int i : indices) v += stage[i];
  return v;
}

std::string patterns_text(const PatternTables& t) {
  const PatternSet& set = *t.set;
  std::string out = "patterns 1 board=" + std::to_string(set.size) + "x" + std::to_string(set.size) +
                    " diagonals=" + (set.diagonals ? "on" : "off") + " stages=" + std::to_string(kPatternStages) + "\n";
  std::uint64_t h = kFnvStart;
  long long count = 0;
  char number[64];
  for (int s = 0; s < kPatternStages; ++s)
    for (std::size_t c = 0; c < set.classes.size(); ++c)
      for (int i = 0; i < set.classes[c].entries(); ++i) {
        const float v = t.values[static_cast<std::size_t>(s) * set.stage_entries + set.offsets[c] + i];
        if (v == 0) continue;
        std::snprintf(number, sizeof number, "%.9g", static_cast<double>(v));  // reads back to the same float
        const std::string line =
            "pattern " + set.classes[c].name + " " + std::to_string(s) + " " + std::to_string(i) + " " + number;
        hash_line(h, line);
        out += line + "\n";
        ++count;
      }
  char end[64];
  std::snprintf(end, sizeof end, "end %lld %016llx\n", count, static_cast<unsigned long long>(h));
  return out + end;
}

std::string PatternTextReader::header(std::string_view line) {
  const auto w = words(line);
  if (w.size() != 5 || w[0] != "patterns")
    return "not a patterns header (want 'patterns 1 board=NxN diagonals=on|off stages=5')";
  if (w[1] != "1")
    return "patterns format " + std::string(w[1]) + " is not one this seega reads (1): written by another version";
  int size = 0;
  if (w[2].size() < 9 || w[2].substr(0, 6) != "board=" || !whole(w[2].substr(6, 1), size) || w[2][7] != 'x' ||
      w[2].substr(8) != w[2].substr(6, 1) || !valid_size(size))
    return "board '" + std::string(w[2]) + "': want board=5x5, 7x7 or 9x9";
  if (w[3] != "diagonals=on" && w[3] != "diagonals=off") return "'" + std::string(w[3]) + "': want diagonals=on or off";
  if (w[4] != "stages=" + std::to_string(kPatternStages))
    return "'" + std::string(w[4]) + "': this seega's tables have stages=" + std::to_string(kPatternStages);
  tables_ = std::make_shared<PatternTables>();
  tables_->set = &pattern_set(size, w[3] == "diagonals=on");
  tables_->values.assign(static_cast<std::size_t>(kPatternStages) * tables_->set->stage_entries, 0.0F);
  return "";
}

std::string PatternTextReader::line(std::string_view line) {
  if (done_) return "a line after the tables' end line";
  const auto w = words(line);
  if (!w.empty() && w[0] == "end") {
    long long count = 0;
    std::uint64_t h = 0;
    if (w.size() != 3 || !whole(w[1], count) || w[2].size() != 16) return "want 'end COUNT HASH'";
    auto [p, ec] = std::from_chars(w[2].data(), w[2].data() + w[2].size(), h, 16);
    if (ec != std::errc() || p != w[2].data() + w[2].size()) return "the end line's hash is not 16 hexadecimal digits";
    if (count != count_)
      return "the end line counts " + std::to_string(count) + " table entries, the file holds " +
             std::to_string(count_) + " (a file cut short or altered)";
    if (h != hash_) return "the table entries do not match the end line's hash (a file altered)";
    tables_->prepare();
    done_ = true;
    return "";
  }
  if (w.size() != 5 || w[0] != "pattern") return "want 'pattern CLASS STAGE INDEX VALUE' or 'end COUNT HASH'";
  const PatternSet& set = *tables_->set;
  std::size_t c = 0;
  while (c < set.classes.size() && set.classes[c].name != w[1]) ++c;
  if (c == set.classes.size()) {
    std::string names;
    for (const auto& k : set.classes) names += (names.empty() ? "" : ", ") + k.name;
    return "no pattern class '" + std::string(w[1]) + "' on " + set.name() + " (it has " + names + ")";
  }
  int stage = 0, index = 0;
  if (!whole(w[2], stage) || stage < 0 || stage >= kPatternStages)
    return "stage '" + std::string(w[2]) + "': want 0 to " + std::to_string(kPatternStages - 1);
  if (!whole(w[3], index) || index < 0 || index >= set.classes[c].entries())
    return "index '" + std::string(w[3]) + "': want 0 to " + std::to_string(set.classes[c].entries() - 1);
  float v = 0;
  auto [p, ec] = std::from_chars(w[4].data(), w[4].data() + w[4].size(), v);
  if (ec != std::errc() || p != w[4].data() + w[4].size() || !std::isfinite(v))
    return "value '" + std::string(w[4]) + "' is not a finite number";
  float& slot = tables_->values[static_cast<std::size_t>(stage) * set.stage_entries + set.offsets[c] + index];
  if (slot != 0)
    return "the entry " + std::string(w[1]) + " " + std::string(w[2]) + " " + std::string(w[3]) + " is given twice";
  slot = v;
  hash_line(hash_, line);
  ++count_;
  return "";
}

template <int N>
std::vector<PatternContribution> pattern_contributions(const Position<N>& pos, const PatternTables& t, int most) {
  const PatternSet& set = *t.set;
  std::vector<int> indices;
  pattern_indices(pos, set, indices);
  const float* stage = t.values.data() + static_cast<std::size_t>(pattern_stage(pos)) * set.stage_entries;
  std::vector<PatternContribution> out;
  const Color us = pos.side();
  std::size_t k = 0;
  for (const auto& c : set.classes)
    for (const auto& image : c.images) {
      PatternContribution p;
      p.name = c.name;
      for (const int sq : image) {
        p.squares += (p.squares.empty() ? "" : " ") + square_name(sq, N);
        const bool ours = (pos.stones(us) >> sq) & 1, theirs = (pos.stones(~us) >> sq) & 1;
        p.contents += ours ? 'x' : theirs ? 'o' : '.';
      }
      p.value = stage[indices[k++]];
      out.push_back(std::move(p));
    }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return std::abs(a.value) > std::abs(b.value); });
  if (static_cast<int>(out.size()) > most) out.resize(static_cast<std::size_t>(most));
  return out;
}

#define SEEGA_PATTERNS(N)                                                                     \
  template int pattern_stage<N>(const Position<N>&);                                          \
  template void pattern_indices<N>(const Position<N>&, const PatternSet&, std::vector<int>&); \
  template double PatternTables::value<N>(const Position<N>&) const;                          \
  template double PatternTables::value_by_image<N>(const Position<N>&) const;                 \
  template std::vector<PatternContribution> pattern_contributions<N>(const Position<N>&, const PatternTables&, int);
SEEGA_FOR_EACH_SIZE(SEEGA_PATTERNS)
#undef SEEGA_PATTERNS

}  // namespace seega
