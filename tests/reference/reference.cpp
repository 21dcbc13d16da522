// Reference implementation of the Seega rules of docs/rules.md: deliberately simple and slow,
// used only by the tests to cross-check the fast engine in lib/. Does not depend on lib/.
#include "reference.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <tuple>

namespace seega::ref {
namespace {

// Direction vectors (file delta, rank delta): the first 4 are orthogonal, the last 4 diagonal.
constexpr int kDir[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

struct Pos {
  int n = 5;
  std::vector<char> g;  // index = rank * n + file; '.', 'w' or 'b'
  char side = 'w';
  int hand_w = 0, hand_b = 0;
  int quiet = 0, plies = 0;
};

char other(char c) { return c == 'w' ? 'b' : 'w'; }
bool on_board(int n, int f, int r) { return f >= 0 && f < n && r >= 0 && r < n; }
int centre(int n) { return (n / 2) * n + n / 2; }
bool placing(const Pos& p) { return p.hand_w + p.hand_b > 0; }

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out(1);
  for (char c : s) {
    if (c == sep) out.emplace_back();
    else out.back() += c;
  }
  return out;
}

Pos parse(const std::string& fen) {
  Pos p;
  std::istringstream in(fen);
  std::string rows, side, hands;
  in >> rows >> side >> hands >> p.quiet >> p.plies;
  std::vector<std::string> rs = split(rows, '/');
  p.n = static_cast<int>(rs.size());
  p.g.assign(p.n * p.n, '.');
  for (int i = 0; i < p.n; ++i) {
    int rank = p.n - 1 - i, file = 0;
    for (char c : rs[i]) {
      if (c >= '1' && c <= '9') file += c - '0';
      else p.g[rank * p.n + file++] = c;
    }
  }
  p.side = side[0];
  std::vector<std::string> h = split(hands, '/');
  p.hand_w = std::stoi(h[0]);
  p.hand_b = std::stoi(h[1]);
  return p;
}

std::string print(const Pos& p) {
  std::string s;
  for (int rank = p.n - 1; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < p.n; ++file) {
      char c = p.g[rank * p.n + file];
      if (c == '.') {
        ++run;
        continue;
      }
      if (run > 0) s += static_cast<char>('0' + run);
      run = 0;
      s += c;
    }
    if (run > 0) s += static_cast<char>('0' + run);
    if (rank > 0) s += '/';
  }
  s += ' ';
  s += p.side;
  s += ' ' + std::to_string(p.hand_w) + '/' + std::to_string(p.hand_b) + ' ' + std::to_string(p.quiet) + ' ' +
       std::to_string(p.plies);
  return s;
}

std::string sq_name(int n, int i) { return std::string(1, static_cast<char>('a' + i % n)) + std::to_string(i / n + 1); }
int sq_index(int n, const std::string& s) { return (std::stoi(s.substr(1)) - 1) * n + (s[0] - 'a'); }

// Empty squares one step away from `from` along the step directions.
std::vector<int> step_targets(const Rules& R, const Pos& p, const std::vector<char>& g, int from) {
  std::vector<int> out;
  int f = from % p.n, r = from / p.n;
  for (int d = 0; d < (R.diag_steps ? 8 : 4); ++d) {
    int tf = f + kDir[d][0], tr = r + kDir[d][1];
    if (on_board(p.n, tf, tr) && g[tr * p.n + tf] == '.') out.push_back(tr * p.n + tf);
  }
  return out;
}

// Moves the stone on `from` to `to` in g, removes the stones it captures, returns them.
std::vector<int> do_step(const Rules& R, int n, std::vector<char>& g, int from, int to) {
  char me = g[from];
  g[to] = me;
  g[from] = '.';
  int tf = to % n, tr = to / n;
  std::vector<int> caps;
  for (int d = 0; d < (R.diag_captures ? 8 : 4); ++d) {
    int f1 = tf + kDir[d][0], r1 = tr + kDir[d][1];
    int f2 = tf + 2 * kDir[d][0], r2 = tr + 2 * kDir[d][1];
    if (!on_board(n, f2, r2)) continue;
    int a = r1 * n + f1, b = r2 * n + f2;
    if (g[a] == other(me) && g[b] == me && !(R.centre_immune && a == centre(n))) caps.push_back(a);
  }
  for (int a : caps) g[a] = '.';  // all at once, after the checks
  return caps;
}

struct Turn {
  std::vector<int> path;
  std::vector<int> caps;
};

// Extends a path whose last step captured (or the bare start square) by capturing steps.
void chain_dfs(const Rules& R, const Pos& p, const std::vector<char>& g, const Turn& t, std::vector<Turn>& out) {
  bool continued = false;
  for (int to : step_targets(R, p, g, t.path.back())) {
    std::vector<char> g2 = g;
    std::vector<int> c = do_step(R, p.n, g2, t.path.back(), to);
    if (c.empty()) continue;
    continued = true;
    Turn t2 = t;
    t2.path.push_back(to);
    t2.caps.insert(t2.caps.end(), c.begin(), c.end());
    if (!R.chains) {
      out.push_back(t2);
      continue;
    }                                          // a single capturing step
    if (!R.forced_capture) out.push_back(t2);  // may stop after any capturing step
    chain_dfs(R, p, g2, t2, out);
  }
  // Chains with forced capture end only when no capturing step remains.
  if (R.forced_capture && !continued && t.path.size() > 1) out.push_back(t);
}

std::vector<Turn> movement_turns(const Rules& R, const Pos& p) {
  std::vector<Turn> turns;
  for (int s = 0; s < p.n * p.n; ++s) {
    if (p.g[s] != p.side) continue;
    for (int to : step_targets(R, p, p.g, s)) {  // quiet steps
      std::vector<char> g2 = p.g;
      if (do_step(R, p.n, g2, s, to).empty()) turns.push_back({{s, to}, {}});
    }
    chain_dfs(R, p, p.g, {{s}, {}}, turns);  // capturing turns (chains when R.chains)
  }
  if (R.forced_capture && std::any_of(turns.begin(), turns.end(), [](const Turn& t) { return !t.caps.empty(); }))
    turns.erase(std::remove_if(turns.begin(), turns.end(), [](const Turn& t) { return t.caps.empty(); }), turns.end());
  // Dedupe by (start, end, captured set), keeping the shortest path, then the smallest by square index.
  std::map<std::tuple<int, int, std::vector<int>>, std::vector<int>> best;
  for (Turn& t : turns) {
    std::sort(t.caps.begin(), t.caps.end());
    auto key = std::make_tuple(t.path.front(), t.path.back(), t.caps);
    auto it = best.find(key);
    if (it == best.end()) best.emplace(key, t.path);
    else if (t.path.size() < it->second.size() || (t.path.size() == it->second.size() && t.path < it->second))
      it->second = t.path;
  }
  std::vector<Turn> out;
  for (auto& [key, path] : best) out.push_back({path, std::get<2>(key)});
  return out;
}

bool can_step(const Rules& R, const Pos& p, char who) {
  for (int s = 0; s < p.n * p.n; ++s)
    if (p.g[s] == who && !step_targets(R, p, p.g, s).empty()) return true;
  return false;
}

bool has_barrier(const Pos& p, char P) {
  char E = other(P);
  int n = p.n;
  for (int vertical = 0; vertical < 2; ++vertical) {
    for (int k = 1; k < n - 1; ++k) {  // interior lines only
      bool full = true;
      int lowP = 0, lowE = 0, highP = 0, highE = 0;
      for (int r = 0; r < n; ++r) {
        for (int f = 0; f < n; ++f) {
          char c = p.g[r * n + f];
          int coord = vertical ? f : r;  // column k (vertical) or row k
          if (coord == k) full = full && c == P;
          else if (coord < k) {
            lowP += c == P;
            lowE += c == E;
          } else {
            highP += c == P;
            highE += c == E;
          }
        }
      }
      if (full && ((lowE == 0 && highP == 0) || (highE == 0 && lowP == 0))) return true;
    }
  }
  return false;
}

std::string outcome(const Rules& R, const Pos& p) {
  if (placing(p)) return "none";
  int w = static_cast<int>(std::count(p.g.begin(), p.g.end(), 'w'));
  int b = static_cast<int>(std::count(p.g.begin(), p.g.end(), 'b'));
  std::string by_count = w > b ? "w" : b > w ? "b" : "draw";
  if (w == 0 || b == 0) return by_count + " all_captured";  // both empty: draw (see report)
  if (R.barrier && (has_barrier(p, 'w') || has_barrier(p, 'b'))) return by_count + " barrier";
  if (R.quiet_plies > 0 && p.quiet >= R.quiet_plies) return by_count + " quiet_limit";
  if (R.max_plies > 0 && p.plies >= R.max_plies) return by_count + " ply_limit";
  if (R.walled_in_loses && !can_step(R, p, p.side)) return std::string(1, other(p.side)) + " hemmed_in";
  return "none";
}

}  // namespace

std::vector<std::string> legal_moves(const Rules& R, const std::string& fen) {
  Pos p = parse(fen);
  std::vector<std::string> out;
  if (outcome(R, p) != "none") return out;
  if (placing(p)) {
    for (int i = 0; i < p.n * p.n; ++i)
      for (int j = i + 1; j < p.n * p.n; ++j)
        if (p.g[i] == '.' && p.g[j] == '.' && i != centre(p.n) && j != centre(p.n))
          out.push_back(sq_name(p.n, i) + '+' + sq_name(p.n, j));
  } else {
    for (const Turn& t : movement_turns(R, p)) {
      std::string s;
      for (int sq : t.path) s += (s.empty() ? "" : "-") + sq_name(p.n, sq);
      out.push_back(s);
    }
    if (out.empty()) out.push_back("pass");  // walled in; walled_in=lose was terminal above
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string apply(const Rules& R, const std::string& fen, const std::string& move) {
  Pos p = parse(fen);
  if (move == "pass") {
    p.side = other(p.side);
  } else if (move.find('+') != std::string::npos) {
    for (const std::string& s : split(move, '+')) p.g[sq_index(p.n, s)] = p.side;
    (p.side == 'w' ? p.hand_w : p.hand_b) -= 2;
    bool last_placement = p.hand_w == 0 && p.hand_b == 0;
    if (!(last_placement && R.last_placer_moves_first)) p.side = other(p.side);
  } else {
    std::vector<std::string> sqs = split(move, '-');
    bool captured = false;
    for (std::size_t i = 1; i < sqs.size(); ++i)
      captured |= !do_step(R, p.n, p.g, sq_index(p.n, sqs[i - 1]), sq_index(p.n, sqs[i])).empty();
    p.plies += 1;
    p.quiet = captured ? 0 : p.quiet + 1;
    p.side = other(p.side);
  }
  return print(p);
}

std::uint64_t perft(const Rules& R, const std::string& fen, int depth) {
  if (depth == 0) return 1;
  std::uint64_t total = 0;
  for (const std::string& m : legal_moves(R, fen)) total += perft(R, apply(R, fen, m), depth - 1);
  return total;
}

std::string outcome(const Rules& R, const std::string& fen) { return outcome(R, parse(fen)); }

}  // namespace seega::ref
