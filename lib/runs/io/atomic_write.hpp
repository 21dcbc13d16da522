#pragma once
// Whole files written so that a failure midway (a full disk, a Ctrl-C, a killed job) leaves the old
// file or none under the name, never a cut one: each text goes to a temporary file beside its target,
// is flushed to disk, and is renamed over the target only once every text is written. Used for the
// files a command writes whole (merged results, fitted weights, a positions file's metadata), not for
// the JSON Lines files runs append to (jsonl_file.hpp), which survive a cut last line by design.

#include <string>
#include <utility>
#include <vector>

namespace seega {

// Writes each (path, text) in turn, then renames them into place in the order given (so a file that
// must appear last, like a positions CSV after its metadata, is given last). Returns "" on success, or
// the failing path followed by what went wrong; the temporary files are removed then. A new file gets
// the ordinary permissions (0666 less the umask), not mkstemp's private 0600.
std::string write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files);

// Why `path`, given as `option` (--out), cannot be a file a command writes, whole or appended, or "":
// a directory ("--out runs is a directory; give a file name") or something not a regular file (a
// device, a FIFO, a socket). A missing file is fine. Every command that writes a file asks this first.
std::string output_file_problem(const std::string& option, const std::string& path);

}  // namespace seega
