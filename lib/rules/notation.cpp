#include "rules/notation.hpp"

#include <algorithm>
#include <vector>

#include "rules/spec.hpp"

namespace seega {

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    auto p = s.find(sep);
    out.push_back(s.substr(0, p));
    if (p == std::string_view::npos) return out;
    s.remove_prefix(p + 1);
  }
}

std::vector<std::string_view> fields(std::string_view s) {
  std::vector<std::string_view> out;
  for (auto f : split(s, ' '))
    if (!f.empty()) out.push_back(f);
  return out;
}

// A non-negative decimal number of at most six digits, or -1.
int parse_count(std::string_view v) { return parse_whole(v, 0, 999'999).value_or(-1); }

}  // namespace

namespace {

// Whether text names a square in the form of one (a letter, then a number from 1) that is off an n x n
// board: z9 or f1 on 5x5.
bool off_board(std::string_view text, int n) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'z' || text[1] == '0') return false;
  const int rank = parse_count(text.substr(1));
  return rank >= 1 && (text[0] >= 'a' + n || rank > n);
}

std::string off_board_text(std::string_view text, int n) {
  return std::string(text) + " is off the " + std::to_string(n) + "x" + std::to_string(n) + " board (a1 to " +
         std::string(1, static_cast<char>('a' + n - 1)) + std::to_string(n) + ")";
}

}  // namespace

std::string square_name(int square, int n) {
  return std::string(1, char('a' + square % n)) + std::to_string(square / n + 1);
}

int parse_square(std::string_view text, int n) {
  if (text.size() < 2 || text[0] < 'a' || text[0] >= 'a' + n) return -1;
  int rank = parse_count(text.substr(1));
  if (rank < 1 || rank > n || text[1] == '0') return -1;
  return (rank - 1) * n + (text[0] - 'a');
}

int position_size(std::string_view text) {
  auto f = fields(text);
  return f.empty() ? 0 : static_cast<int>(split(f[0], '/').size());
}

template <int N>
Parsed<Position<N>> parse_position(const Rules& rules, std::string_view text) {
  using P = Parsed<Position<N>>;
  using BB = Bitboard<N>;
  auto f = fields(text);
  if (f.size() != 5)
    return P::fail("position " + quote(text) +
                   ": expected 5 fields '<rows> <side> <w_in_hand>/<b_in_hand> "
                   "<quiet_plies> <movement_plies>', got " +
                   std::to_string(f.size()));
  auto rows = split(f[0], '/');
  if (static_cast<int>(rows.size()) != N)
    return P::fail("position board: " + std::to_string(rows.size()) + " rows, but the rules are for a " +
                   std::to_string(N) + "x" + std::to_string(N) + " board");
  BB stones[2] = {0, 0};
  for (int i = 0; i < N; ++i) {
    int rank = N - 1 - i, file = 0;
    for (char c : rows[i]) {
      if (c >= '1' && c <= '9') {
        file += c - '0';
      } else if (c == 'w' || c == 'b') {
        if (file < N) stones[c == 'b'] |= square_bb<BB>(rank * N + file);
        ++file;
      } else {
        return P::fail("position board: unknown character '" + std::string(1, c) + "' in row " + std::to_string(i + 1) +
                       " (allowed: w, b, digits 1-9)");
      }
      if (file > N) break;
    }
    if (file != N)
      return P::fail("position board: row " + std::to_string(i + 1) + " " + quote(rows[i]) + " covers " +
                     std::to_string(file) + " squares, expected " + std::to_string(N));
  }
  Color side;
  if (f[1] == "w") side = White;
  else if (f[1] == "b") side = Black;
  else return P::fail("position side to move: " + quote(f[1]) + " (allowed: w or b)");

  auto hands = split(f[2], '/');
  int hand[2] = {-1, -1};
  if (hands.size() == 2) hand[0] = parse_count(hands[0]), hand[1] = parse_count(hands[1]);
  if (hand[0] < 0 || hand[1] < 0)
    return P::fail("position stones in hand: " + quote(f[2]) + " (expected <w_in_hand>/<b_in_hand>, e.g. 12/12)");
  int quiet = parse_count(f[3]), movement = parse_count(f[4]);
  if (quiet < 0) return P::fail("position quiet_plies: " + quote(f[3]) + " is not a count of plies");
  if (movement < 0) return P::fail("position movement_plies: " + quote(f[4]) + " is not a count of plies");
  // What a position cannot store is refused, not wrapped (it was: 65567 became 31).
  for (auto [name, value] : {std::pair{"quiet_plies", quiet}, std::pair{"movement_plies", movement}})
    if (value > Position<N>::kMaxCounter)
      return P::fail(std::string("position ") + name + ": " + std::to_string(value) + " is more than the " +
                     std::to_string(Position<N>::kMaxCounter) + " a position can hold");

  const int full = Geometry<N>::kStonesPerSide;
  for (Color c : {White, Black}) {
    std::string who(1, color_char(c));
    int on_board = popcount(stones[c]);
    if (on_board + hand[c] > full)
      return P::fail("position: " + who + " has " + std::to_string(on_board) + " on the board and " +
                     std::to_string(hand[c]) + " in hand, more than its " + std::to_string(full) + " stones");
    if (hand[c] % 2)
      return P::fail("position stones in hand: " + who + " holds " + std::to_string(hand[c]) +
                     ", but stones are placed two at a time");
  }
  const bool placing = hand[0] || hand[1];
  if (placing) {
    for (Color c : {White, Black})
      if (popcount(stones[c]) + hand[c] != full)
        return P::fail("position: during placement " + std::string(1, color_char(c)) +
                       "'s stones on the board plus in hand must be " + std::to_string(full));
    if ((stones[0] | stones[1]) & Geometry<N>::kCentreBB)
      return P::fail("position board: the centre " + square_name(Geometry<N>::kCentre, N) +
                     " must stay empty during placement");
    int mine = hand[side], theirs = hand[~side];
    if (mine != theirs && mine != theirs + 2)
      return P::fail("position stones in hand: " + quote(f[2]) + " with " + quote(f[1]) +
                     " to move is impossible (the side to move holds as many stones as the other, or two more)");
    if (quiet || movement)
      return P::fail("position counters: quiet_plies and movement_plies must be 0 during placement");
  }
  if (!placing && !(stones[0] | stones[1])) return P::fail("position board: no stones on the board after placement");
  if (quiet > movement)
    return P::fail("position counters: quiet_plies " + std::to_string(quiet) + " exceeds movement_plies " +
                   std::to_string(movement));
  return P{Position<N>::from_parts(rules, stones[0], stones[1], side, hand[0], hand[1], quiet, movement), {}};
}

template <int N>
std::string to_string(const Position<N>& pos) {
  std::string s;
  for (int rank = N - 1; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < N; ++file) {
      int sq = rank * N + file;
      char c = (pos.stones(White) >> sq) & 1 ? 'w' : (pos.stones(Black) >> sq) & 1 ? 'b' : 0;
      if (!c) {
        ++run;
        continue;
      }
      if (run) s += char('0' + run), run = 0;
      s += c;
    }
    if (run) s += char('0' + run);
    if (rank) s += '/';
  }
  s += ' ';
  s += color_char(pos.side());
  s += ' ' + std::to_string(pos.in_hand(White)) + '/' + std::to_string(pos.in_hand(Black));
  s += ' ' + std::to_string(pos.quiet_plies()) + ' ' + std::to_string(pos.movement_plies());
  return s;
}

namespace {

// Calls visit(path, length, taken) for every chain turn of the stone on `from`, over all its first steps.
template <int N, typename Visit>
void for_each_chain_turn(const Position<N>& pos, int from, Visit&& visit) {
  const auto captures = pos.step_captures();
  for (int d = 0; d < pos.rules().step_directions(); ++d) {
    const int first = Geometry<N>::kNeighbour[from][d];
    if (first < 0 || !((pos.empty() >> first) & 1)) continue;
    if (const Bitboard<N> taken = captures.taken(first)) detail::walk_chains(pos, from, first, taken, visit);
  }
}

// Keeps the path a chain turn prints: the shortest, then the smallest square sequence.
void keep_printed_path(std::vector<std::uint8_t>& best, const std::uint8_t* path, int len) {
  const std::vector<std::uint8_t> p(path, path + len);
  if (best.empty() || p.size() < best.size() || (p.size() == best.size() && p < best)) best = p;
}

template <int N>
std::string path_text(const std::vector<std::uint8_t>& path) {
  std::string s;
  for (auto sq : path) {
    if (!s.empty()) s += '-';
    s += square_name(sq, N);
  }
  return s;
}

}  // namespace

template <int N>
std::string to_string(const Position<N>& pos, const Move<N>& m) {
  switch (m.kind) {
    case MoveKind::Pass: return "pass";
    case MoveKind::Place: return square_name(m.from, N) + "+" + square_name(m.to, N);
    case MoveKind::Step: return square_name(m.from, N) + "-" + square_name(m.to, N);
    case MoveKind::Chain: break;
  }
  std::vector<std::uint8_t> best;
  for_each_chain_turn(pos, m.from, [&](const std::uint8_t* path, int len, Bitboard<N> taken) {
    if (path[len - 1] == m.to && taken == m.captured) keep_printed_path(best, path, len);
  });
  return path_text<N>(best);
}

template <int N>
std::vector<std::string> to_strings(const Position<N>& pos, const MoveList<N>& list) {
  // The printed path of every chain turn of each stone that has one, from one walk of its turns.
  struct Turn {
    int to;
    Bitboard<N> taken;
    std::vector<std::uint8_t> path;
  };
  std::vector<std::vector<Turn>> turns(Geometry<N>::kSquares);
  std::vector<bool> walked(Geometry<N>::kSquares, false);
  for (const auto& m : list) {
    if (m.kind != MoveKind::Chain || walked[m.from]) continue;
    walked[m.from] = true;
    auto& mine = turns[m.from];
    for_each_chain_turn(pos, m.from, [&](const std::uint8_t* path, int len, Bitboard<N> taken) {
      auto same = std::find_if(mine.begin(), mine.end(),
                               [&](const Turn& t) { return t.to == path[len - 1] && t.taken == taken; });
      if (same == mine.end()) same = mine.insert(mine.end(), Turn{path[len - 1], taken, {}});
      keep_printed_path(same->path, path, len);
    });
  }
  std::vector<std::string> out;
  out.reserve(list.size());
  for (const auto& m : list) {
    if (m.kind != MoveKind::Chain) {
      out.push_back(to_string(pos, m));
      continue;
    }
    const auto& mine = turns[m.from];
    auto t =
        std::find_if(mine.begin(), mine.end(), [&](const Turn& x) { return x.to == m.to && x.taken == m.captured; });
    out.push_back(t == mine.end() ? std::string() : path_text<N>(t->path));
  }
  return out;
}

template <int N>
Parsed<Move<N>> parse_move(const Position<N>& pos, std::string_view text) {
  using P = Parsed<Move<N>>;
  using BB = Bitboard<N>;
  MoveList<N> legal;
  legal_moves(pos, legal);
  auto fail = [&](const std::string& why) { return P::fail("move " + quote(text) + ": " + why); };
  if (legal.empty()) return fail("the game is over in this position");
  if (text == "pass") {
    if (legal[0].kind == MoveKind::Pass) return P{legal[0], {}};
    return fail("a pass is only allowed when the side to move has no legal step");
  }
  if (auto plus = text.find('+'); plus != std::string_view::npos) {
    const std::string_view names[2] = {text.substr(0, plus), text.substr(plus + 1)};
    int sq[2];
    for (int i = 0; i < 2; ++i) {
      sq[i] = parse_square(names[i], N);
      if (sq[i] < 0)
        return fail(off_board(names[i], N) ? off_board_text(names[i], N) : "expected two squares like a1+b2");
    }
    auto m = Move<N>::place(sq[0], sq[1]);
    for (const auto& l : legal)
      if (l.kind == MoveKind::Place && l.from == m.from && l.to == m.to) return P{l, {}};
    if (!pos.placing()) return fail("placement is over");
    // Why not, square by square: the centre first (it is empty, so "occupied" would not say why).
    for (int s : sq)
      if (s == pos.rules().centre())
        return fail(square_name(s, N) + " is the centre, which stays empty until placement ends");
    for (int s : sq)
      if (((pos.stones(White) | pos.stones(Black)) >> s) & 1)
        return fail(square_name(s, N) + " is occupied (by " +
                    ((pos.stones(White) >> s) & 1 ? std::string("w") : std::string("b")) + ")");
    if (sq[0] == sq[1]) return fail("the two squares must be different");
    return fail("the squares must be two different empty squares other than the centre");
  }
  auto parts = split(text, '-');
  std::vector<int> path;
  for (auto p : parts) {
    int s = parse_square(p, N);
    if (s < 0 && off_board(p, N)) return fail(off_board_text(p, N));
    if (s < 0) return fail("expected a placement a1+b2, a step c2-c3, a chain c2-c3-c4 or pass");
    path.push_back(s);
  }
  if (path.size() < 2) return fail("expected a placement a1+b2, a step c2-c3, a chain c2-c3-c4 or pass");
  if (path.size() > 2 && !pos.rules().chains) return fail("a turn is one step when chains are off");
  // Replay the path: each step must go to an adjacent empty square, and in a chain every step must
  // capture. Then look for the turn with the same start, end and captured stones.
  BB mine = pos.stones(pos.side()), theirs = pos.stones(~pos.side()), taken = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    bool adjacent = false;
    for (int d = 0; d < pos.rules().step_directions(); ++d)
      adjacent |= Geometry<N>::kNeighbour[path[i - 1]][d] == path[i];
    if (!adjacent) return fail(square_name(path[i], N) + " is not one step from " + square_name(path[i - 1], N));
    if (((mine | theirs) >> path[i]) & 1) return fail(square_name(path[i], N) + " is not empty");
    mine = (mine & ~square_bb<BB>(path[i - 1])) | square_bb<BB>(path[i]);
    BB t = pos.captures_at(path[i], mine, theirs);
    if (path.size() > 2 && !t) return fail("every step of a chain must capture");
    theirs &= ~t;
    taken |= t;
  }
  for (const auto& l : legal) {
    if (l.from != path.front() || l.to != path.back()) continue;
    // A chain path may name a turn whose shortest path is a single step (docs/rules.md).
    if (path.size() == 2 ? l.kind == MoveKind::Step : l.captured == taken) return P{l, {}};
  }
  if (pos.placing()) return fail("placement is not over: place two stones like a1+b2");
  return fail("not a legal move here");
}

#define SEEGA_INSTANTIATE(N)                                                               \
  template Parsed<Position<N>> parse_position<N>(const Rules&, std::string_view);          \
  template std::string to_string<N>(const Position<N>&);                                   \
  template std::string to_string<N>(const Position<N>&, const Move<N>&);                   \
  template std::vector<std::string> to_strings<N>(const Position<N>&, const MoveList<N>&); \
  template Parsed<Move<N>> parse_move<N>(const Position<N>&, std::string_view);
SEEGA_INSTANTIATE(5)
SEEGA_INSTANTIATE(7)
SEEGA_INSTANTIATE(9)
#undef SEEGA_INSTANTIATE

}  // namespace seega
