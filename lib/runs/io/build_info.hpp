#pragma once
// Which build of seega this is: the version, and the commit it was built from, taken when CMake
// configured (cmake/BuildInfo.cmake): the short hash, with "-dirty" when the tree had changes, or
// "unknown" for a build outside a git checkout. Files and summaries carry both, as "version" and
// "build", so that a result can be traced to the code that made it.

#include <string_view>

namespace seega {

std::string_view build_version();
std::string_view build_commit();

}  // namespace seega
