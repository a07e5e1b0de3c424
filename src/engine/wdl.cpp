#include "engine/wdl.hpp"

#include <cmath>

namespace schach::engine {

Wdl wdl_from_value(Value v) {
    if (v >= ValueMateInMaxPly) return {1000, 0, 0};
    if (v <= -ValueMateInMaxPly) return {0, 0, 1000};
    const double x = static_cast<double>(v);
    const int win = static_cast<int>(std::lround(1000.0 / (1.0 + std::exp((WdlA - x) / WdlB))));
    const int loss = static_cast<int>(std::lround(1000.0 / (1.0 + std::exp((WdlA + x) / WdlB))));
    return {win, 1000 - win - loss, loss};
}

}  // namespace schach::engine
