#include "core/outcome.hpp"

namespace schach {

std::string_view result_token(Result r) {
    switch (r) {
        case Result::WhiteWins: return "1-0";
        case Result::BlackWins: return "0-1";
        case Result::Draw: return "1/2-1/2";
        case Result::DoubleForfeit: return "0-0";
        case Result::Ongoing: return "*";
    }
    return "*";
}

std::optional<Result> parse_result_token(std::string_view token) {
    if (token == "1-0") return Result::WhiteWins;
    if (token == "0-1") return Result::BlackWins;
    if (token == "1/2-1/2" || token == "½-½") return Result::Draw;
    if (token == "0-0") return Result::DoubleForfeit;
    if (token == "*") return Result::Ongoing;
    return std::nullopt;
}

Result win_for(Color c) { return c == Color::White ? Result::WhiteWins : Result::BlackWins; }

std::string_view termination_id(Termination t) {
    switch (t) {
        case Termination::None: return "none";
        case Termination::Checkmate: return "checkmate";
        case Termination::Stalemate: return "stalemate";
        case Termination::DeadPosition: return "dead-position";
        case Termination::FivefoldRepetition: return "fivefold-repetition";
        case Termination::SeventyFiveMoves: return "seventy-five-moves";
        case Termination::ThreefoldRepetition: return "threefold-repetition";
        case Termination::FiftyMoves: return "fifty-moves";
        case Termination::Agreement: return "agreement";
        case Termination::Resignation: return "resignation";
        case Termination::TimeForfeit: return "time-forfeit";
        case Termination::IllegalMoves: return "illegal-moves";
        case Termination::DoubleForfeit: return "double-forfeit";
        case Termination::Arbiter: return "arbiter";
    }
    return "none";
}

std::string_view termination_article(Termination t) {
    switch (t) {
        case Termination::Checkmate: return "5.1.1";
        case Termination::Stalemate: return "5.2.1";
        case Termination::DeadPosition: return "5.2.2";
        case Termination::FivefoldRepetition: return "9.6.1";
        case Termination::SeventyFiveMoves: return "9.6.2";
        case Termination::ThreefoldRepetition: return "9.2";
        case Termination::FiftyMoves: return "9.3";
        case Termination::Agreement: return "5.2.3";
        case Termination::Resignation: return "5.1.2";
        case Termination::TimeForfeit: return "6.9";
        case Termination::IllegalMoves: return "7.5.5";
        case Termination::DoubleForfeit: return "11.8";
        case Termination::Arbiter: return "12.9";
        case Termination::None: return "";
    }
    return "";
}

std::string termination_tag(Termination t) {
    std::string s(termination_id(t));
    for (char& c : s)
        if (c == '-') c = ' ';
    if (t == Termination::None) return "unterminated";
    return s;
}

}  // namespace schach
