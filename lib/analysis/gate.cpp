#include "analysis/gate.hpp"

#include <cmath>

#include "analysis/stats.hpp"

namespace seega {

GateVerdict gate_verdict(const std::vector<GateRow>& rows, const GateRule& rule) {
  GateVerdict v;
  for (const GateRow& r : rows) {
    const std::string elo =
        "Elo " + signed_text(r.elo.elo) + " [" + signed_text(r.elo.lo) + ", " + signed_text(r.elo.hi) + "]";
    std::string why;
    const long long pairs = r.pairs.pairs();
    const bool swept = pairs >= kMinSamples && r.pairs.n[4] == pairs;
    if (swept) why = "";
    else if (!r.missing.empty()) why = "not measured: " + r.missing;
    else if (!std::isfinite(r.elo.lo) || !std::isfinite(r.elo.elo)) why = "no finite interval: " + elo;
    else if (!(r.elo.elo > 0)) why = "does not gain: " + elo + ", its point estimate not above 0";
    else if (r.elo.lo < rule.floor) why = "may lose: " + elo + ", its lower end below " + signed_text(rule.floor);
    if (!why.empty()) v.failed.push_back(r.name);
    v.why.push_back(why);
  }
  v.adopt = !rows.empty() && v.failed.empty();
  return v;
}

}  // namespace seega
