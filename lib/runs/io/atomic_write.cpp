#include "runs/io/atomic_write.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace seega {

std::string write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files) {
  namespace fs = std::filesystem;
  std::vector<std::string> temps;
  auto fail = [&](const std::string& path, const std::string& why) {
    for (const auto& t : temps) std::remove(t.c_str());
    return path + ": " + why;
  };
  for (const auto& [path, text] : files) {
    const fs::path target(path);
    std::string temp = (target.parent_path() / ".").string();
    temp.append(target.filename().string()).append(".tmp-XXXXXX");
    const int fd = mkstemp(temp.data());
    if (fd < 0) return fail(path, std::string("cannot create a file beside it: ") + std::strerror(errno));
    temps.push_back(temp);
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    std::FILE* f = fdopen(fd, "w");
    if (!f) {
      const int err = errno;
      ::close(fd);
      return fail(path, std::string("cannot write: ") + std::strerror(err));
    }
    const bool written =
        std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0 && fsync(fd) == 0;
    const int err = errno;
    if (std::fclose(f) != 0 || !written)
      return fail(path, std::string("cannot write (disk full?): ") + std::strerror(err));
  }
  for (std::size_t i = 0; i < files.size(); ++i)
    if (std::rename(temps[i].c_str(), files[i].first.c_str()) != 0) {
      const int err = errno;
      // The files already renamed are in place; only the rest are removed.
      temps.erase(temps.begin(), temps.begin() + static_cast<std::ptrdiff_t>(i));
      return fail(files[i].first, std::string("cannot rename the new file into place: ") + std::strerror(err));
    }
  return "";
}

std::string output_file_problem(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (fs::is_directory(status)) return option + " " + path + " is a directory; give a file name";
  if (fs::exists(status) && !fs::is_regular_file(status))
    return option + " " + path + " is not a regular file (a device, FIFO or socket); give a file name";
  return "";
}

}  // namespace seega
