// schach_attack_tables OUT: writes the attack tables as the bytes of a Tables (core/attacks.hpp)
// to OUT, for core/attacks.cpp to build into the program. Run by the build, on the machine and
// with the compiler and flags of the program, so the layout is the program's.

#include <cstdio>
#include <memory>

#include "tools/attack_tables/build_tables.hpp"

int main(int argc, char** argv) {
    using schach::attacks::detail::Tables;
    if (argc != 2) {
        std::fprintf(stderr, "usage: schach_attack_tables OUT\n");
        return 2;
    }
    const auto tables = std::make_unique<Tables>();  // value-initialised: zero
    schach::attacks::detail::build_tables(*tables);
    std::FILE* out = std::fopen(argv[1], "wb");
    if (!out) {
        std::perror(argv[1]);
        return 1;
    }
    const bool written = std::fwrite(tables.get(), sizeof(Tables), 1, out) == 1;
    if (std::fclose(out) != 0 || !written) {
        std::perror(argv[1]);
        return 1;
    }
    return 0;
}
