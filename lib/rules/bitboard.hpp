#pragma once
// Bitboards over a square index, with the board size a compile-time parameter.
//
// Squares are numbered rank-major from the bottom-left corner (a1 = 0). On 5x5:
//
//   rank 5 | 20 21 22 23 24
//   rank 4 | 15 16 17 18 19
//   rank 3 | 10 11 12 13 14      centre = 12 (c3)
//   rank 2 |  5  6  7  8  9
//   rank 1 |  0  1  2  3  4
//             a  b  c  d  e
//
// 5x5 (25 bits) and 7x7 (49 bits) fit a 64-bit word; 9x9 (81 bits) uses unsigned __int128.

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

namespace seega {

using u128 = unsigned __int128;

template <int N>
using Bitboard = std::conditional_t<(N * N <= 64), std::uint64_t, u128>;

// The board sizes seega is played on, listed once: valid_size and with_size are made from the list,
// and a file that defines a template for every size instantiates it with SEEGA_FOR_EACH_SIZE(X), which
// expands X(5) X(7) X(9).
#define SEEGA_FOR_EACH_SIZE(X) X(5) X(7) X(9)

constexpr bool valid_size(int n) {
#define SEEGA_IS_SIZE(N) n == N ||
  return SEEGA_FOR_EACH_SIZE(SEEGA_IS_SIZE) false;
#undef SEEGA_IS_SIZE
}

inline int popcount(std::uint64_t b) { return std::popcount(b); }
inline int popcount(u128 b) {
  return std::popcount(static_cast<std::uint64_t>(b)) + std::popcount(static_cast<std::uint64_t>(b >> 64));
}

inline int lsb(std::uint64_t b) { return std::countr_zero(b); }
inline int lsb(u128 b) {
  auto lo = static_cast<std::uint64_t>(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64));
}

// Removes and returns the lowest set square. Precondition: b != 0.
template <typename BB>
inline int pop_lsb(BB& b) {
  int s = lsb(b);
  b &= b - 1;
  return s;
}

template <typename BB>
constexpr BB square_bb(int s) {
  return BB(1) << s;
}

// Directions: the four orthogonal ones first, then the diagonals, so that "orthogonal only" is the
// prefix [0, 4) and "all eight" is [0, 8).
enum Direction : int { North, East, South, West, NorthEast, SouthEast, SouthWest, NorthWest };
constexpr int kDirections = 8;
constexpr std::array<int, kDirections> kFileStep{0, 1, 0, -1, 1, 1, -1, -1};
constexpr std::array<int, kDirections> kRankStep{1, 0, -1, 0, 1, -1, -1, 1};
constexpr int opposite(int d) { return d < 4 ? (d + 2) % 4 : 4 + (d - 4 + 2) % 4; }

// Size-dependent constants and tables, all computed at compile time.
template <int N>
struct Geometry {
  using BB = Bitboard<N>;
  static constexpr int kSquares = N * N;
  static constexpr int kCentre = kSquares / 2;
  static constexpr int kStonesPerSide = (kSquares - 1) / 2;

  static constexpr BB full() { return (BB(1) << kSquares) - 1; }
  static constexpr BB file_mask(int f) {
    BB m = 0;
    for (int r = 0; r < N; ++r) m |= BB(1) << (r * N + f);
    return m;
  }
  static constexpr BB rank_mask(int r) {
    BB m = 0;
    for (int f = 0; f < N; ++f) m |= BB(1) << (r * N + f);
    return m;
  }
  static constexpr BB kFull = full();
  static constexpr BB kCentreBB = BB(1) << kCentre;

  // Moves every square of b one step in direction d, dropping those that leave the board. Table-driven
  // and branch-free: loops over a run-time number of directions (4 or 8) call it with a variable d.
  static constexpr std::array<int, kDirections> kShiftBy{N, 1, N, 1, N + 1, N - 1, N + 1, N - 1};
  static constexpr std::array<bool, kDirections> kShiftUp{true, true, false, false, true, false, false, true};
  static constexpr std::array<BB, kDirections> kShiftMask{full(),
                                                          full() & ~file_mask(0),
                                                          full(),
                                                          full() & ~file_mask(N - 1),
                                                          full() & ~file_mask(0),
                                                          full() & ~file_mask(0),
                                                          full() & ~file_mask(N - 1),
                                                          full() & ~file_mask(N - 1)};
  static constexpr BB shift(BB b, int d) {
    const int by = kShiftBy[d];
    return (kShiftUp[d] ? b << by : b >> by) & kShiftMask[d];
  }

  // neighbour[s][d]: the square one step from s in direction d, or -1 off the board.
  static constexpr auto make_neighbours() {
    std::array<std::array<std::int8_t, kDirections>, kSquares> t{};
    for (int s = 0; s < kSquares; ++s)
      for (int d = 0; d < kDirections; ++d) {
        int f = s % N + kFileStep[d], r = s / N + kRankStep[d];
        t[s][d] = static_cast<std::int8_t>((f >= 0 && f < N && r >= 0 && r < N) ? r * N + f : -1);
      }
    return t;
  }
  static constexpr auto kNeighbour = make_neighbours();

  // Step offsets in square index for each direction.
  static constexpr std::array<int, kDirections> kDelta{N, 1, -N, -1, N + 1, -N + 1, -N - 1, N - 1};
};

// Calls f.template operator()<N>() with N the runtime board size; the one place the size is
// turned into a compile-time parameter. Precondition: valid_size(n).
template <typename F>
decltype(auto) with_size(int n, F&& f) {
  switch (n) {
#define SEEGA_SIZE_CASE(N) \
  case N: return f.template operator()<N>();
    SEEGA_FOR_EACH_SIZE(SEEGA_SIZE_CASE)
#undef SEEGA_SIZE_CASE
  }
  return f.template operator()<5>();  // not reached: n is a valid size
}

}  // namespace seega
