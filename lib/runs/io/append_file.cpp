#include "runs/io/append_file.hpp"

#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "runs/io/atomic_write.hpp"

namespace seega {

std::string AppendFile::start_open(AppendFile& w, const std::string& option, bool resume, std::string& text,
                                   const std::string& holds) {
  const std::string& path = w.path_;
  const std::string name = option + " " + path;
  if (auto why = output_file_problem(option, path); !why.empty()) return why;
  // "a+": created when missing, read from the start, every write appended. Opened before it is read, so
  // that the lock covers the reading too.
  w.file_.reset(std::fopen(path.c_str(), "a+"));
  if (!w.file_) return name + ": cannot open the file for writing: " + std::strerror(errno);
  const int fd = fileno(w.file_.get());
  if (flock(fd, LOCK_EX | LOCK_NB) != 0)
    return errno == EWOULDBLOCK ? name +
                                      " is being written by another seega run; wait for it to end or choose "
                                      "another file"
                                : name + ": cannot lock the file: " + std::strerror(errno);
  struct stat st {};
  if (fstat(fd, &st) != 0) return name + ": cannot read the file: " + std::strerror(errno);
  if (st.st_size == 0) return "";
  if (!resume) return name + " already holds " + holds + "; pass --resume to continue it or choose another file";
  text.resize(static_cast<std::size_t>(st.st_size));
  std::rewind(w.file_.get());
  if (std::fread(text.data(), 1, text.size(), w.file_.get()) != text.size())
    return name + ": cannot read the file: " + std::strerror(errno);
  return "";
}

std::string AppendFile::finish_open(const std::string& option, const std::string& header_line, std::size_t valid_bytes,
                                    bool exists) {
  const std::string name = option + " " + path_;
  const int fd = fileno(file_.get());
  if (exists) {
    struct stat st {};
    if (fstat(fd, &st) == 0 && static_cast<std::size_t>(st.st_size) > valid_bytes &&
        ftruncate(fd, static_cast<off_t>(valid_bytes)) != 0)
      return name + ": cannot drop the cut end of the file: " + std::strerror(errno);
    // A read on an update stream must be followed by a seek before the first write.
    std::fseek(file_.get(), 0, SEEK_END);
    return "";
  }
  const std::string header = header_line + "\n";
  if (std::fputs(header.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0)
    return name + ": cannot write to the file: " + std::strerror(errno);
  return "";
}

void AppendFile::write(const std::string& text) {
  if (failed_ || !file_) return;
  if (std::fputs(text.c_str(), file_.get()) < 0 || std::fflush(file_.get()) != 0) failed_ = true;
}

}  // namespace seega
