#include "analysis/gate.hpp"

#include <cmath>
#include <cstdio>

namespace seega {

namespace {

std::string signed_elo(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", x);
  return buf;
}

}  // namespace

GateVerdict gate_verdict(const std::vector<GateRow>& rows, const GateRule& rule) {
  GateVerdict v;
  for (const GateRow& r : rows) {
    const std::string elo =
        "Elo " + signed_elo(r.elo.elo) + " [" + signed_elo(r.elo.lo) + ", " + signed_elo(r.elo.hi) + "]";
    std::string why;
    const long long pairs = r.pairs.pairs();
    const bool swept = pairs >= kMinSamples && r.pairs.n[4] == pairs;
    if (swept) why = "";
    else if (!r.missing.empty()) why = "not measured: " + r.missing;
    else if (!std::isfinite(r.elo.lo) || !std::isfinite(r.elo.elo)) why = "no finite interval: " + elo;
    else if (!(r.elo.elo > 0)) why = "does not gain: " + elo + ", its point estimate not above 0";
    else if (r.elo.lo < rule.floor) why = "may lose: " + elo + ", its lower end below " + signed_elo(rule.floor);
    if (!why.empty()) v.failed.push_back(r.name);
    v.why.push_back(why);
  }
  v.adopt = !rows.empty() && v.failed.empty();
  return v;
}

}  // namespace seega
