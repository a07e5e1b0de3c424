#pragma once
// Stopwatch: the time since it was made, from the monotonic clock. Only the CLI reads the system
// time; Game, Clock and Match get it passed in.

#include <chrono>

namespace schach::cli {

class Stopwatch {
public:
    /// Whole milliseconds, as the clock of `schach play` takes them.
    std::chrono::milliseconds elapsed() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_);
    }
    /// Seconds with fractions, for speeds (nodes or positions per second).
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace schach::cli
