// The network built into the program: the file named by SCHACH_NNUE_FILE at build time is placed
// in the read-only data by the assembler (.incbin), so `schach uci` needs no file beside it.

#include "engine/nnue.hpp"

#if defined(SCHACH_NNUE_FILE)
asm(".section .rodata\n"
    ".balign 64\n"
    ".global schach_nnue_begin\n"
    "schach_nnue_begin:\n"
    ".incbin \"" SCHACH_NNUE_FILE
    "\"\n"
    ".global schach_nnue_end\n"
    "schach_nnue_end:\n"
    ".byte 0\n"
    ".previous\n");
extern "C" const std::uint8_t schach_nnue_begin[];
extern "C" const std::uint8_t schach_nnue_end[];
#endif

namespace schach::engine::nnue {

const Network* embedded_network() {
#if defined(SCHACH_NNUE_FILE)
    static const std::unique_ptr<Network> net = [] {
        const std::span<const std::uint8_t> bytes(schach_nnue_begin,
                                                  static_cast<std::size_t>(schach_nnue_end - schach_nnue_begin));
        auto read = read_network(bytes);
        return read ? std::move(*read) : std::unique_ptr<Network>{};
    }();
    return net.get();
#else
    return nullptr;
#endif
}

}  // namespace schach::engine::nnue
