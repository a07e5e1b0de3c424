// fmt's compiled part, built into the `schach` program from Debian's fmt headers (libfmt-dev
// installs fmt/format-inl.h, the definitions behind libfmt.so's functions).
//
// Why not libfmt.so: a shared libfmt brings the shared libstdc++ with it, and the dynamic loader's
// symbol lookups for libstdc++ were more than half of every command's start-up (2.2M of 3.8M
// instructions for `schach pgn check` of a one-game file). With fmt compiled in here, the program
// links libstdc++ and libgcc statically and needs no libfmt.so (CMakeLists.txt: schach_cli). The
// libraries (schach::*) and the other programs keep linking fmt::fmt as before.

#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

// The templates format.h declares `extern` when fmt is not header-only: made here, for char.
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
template auto dragonbox::to_decimal<float>(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal<double>(double x) noexcept -> dragonbox::decimal_fp<double>;

}  // namespace detail
FMT_END_NAMESPACE
