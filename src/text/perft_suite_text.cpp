#include "text/perft_suite_text.hpp"

#include <fmt/core.h>

#include "text/words.hpp"

namespace schach {

using words::pick;

std::string describe(const PerftSuiteError& error, Language lang) {
    using C = PerftSuiteError::Code;
    switch (error.code) {
        case C::BinaryData: return std::string(pick(lang, "Binärdaten statt Text", "binary data instead of text"));
        case C::BlockWithoutCounts:
            return std::string(
                pick(lang, "ein 'epd'-Block ohne 'perft'-Zeilen", "an 'epd' block without 'perft' lines"));
        case C::PerftWithoutEpd:
            return std::string(
                pick(lang, "'perft' ohne vorherige 'epd'-Zeile", "'perft' without an 'epd' line before it"));
        case C::NoCounts:
            return std::string(pick(lang, "keine Perft-Angaben wie ';D1 20'", "no perft counts such as ';D1 20'"));
        case C::FenFields:
            return std::string(pick(lang, "FEN mit 4 oder 6 Feldern erwartet", "expected a FEN of 4 or 6 fields"));
        case C::BadDepth:
            return fmt::format(fmt::runtime(pick(lang, "Tiefe '{}' nicht in 0..{}", "depth '{}' not in 0..{}")),
                               error.token, MaxSuiteDepth);
        case C::BadNodeCount:
            return fmt::format(
                fmt::runtime(pick(lang, "Knotenzahl '{}' ist keine Zahl", "node count '{}' is not a number")),
                error.token);
        case C::NoPositions: return std::string(pick(lang, "keine Stellungen", "no positions"));
    }
    return "?";
}

}  // namespace schach
