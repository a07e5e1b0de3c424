#include "uci/info_line.hpp"

#include <cmath>

#include <fmt/core.h>

namespace schach::uci {

engine::Wdl estimate_wdl(const engine::Score& score) {
    using engine::Score;
    if (score.kind == Score::Kind::Mate) {
        if (score.value > 0) return {1000, 0, 0};
        return {0, 0, 1000};
    }
    // Win and loss chances as logistic curves of the centipawns, each 50% at +-300 cp.
    const auto chance = [](double cp) { return 1.0 / (1.0 + std::exp(-(cp - 300.0) / 90.0)); };
    const int win = static_cast<int>(std::lround(1000 * chance(score.value)));
    const int loss = static_cast<int>(std::lround(1000 * chance(-score.value)));
    return {win, 1000 - win - loss, loss};
}

std::string info_line(const engine::SearchInfo& info, bool chess960, bool show_wdl) {
    using engine::Score;
    using engine::ScoreBound;
    std::string out = fmt::format("info depth {} seldepth {} multipv {} score {} {}", info.depth, info.seldepth,
                                  info.multipv, info.score.kind == Score::Kind::Mate ? "mate" : "cp", info.score.value);
    if (info.score.bound == ScoreBound::Lower) out += " lowerbound";
    if (info.score.bound == ScoreBound::Upper) out += " upperbound";
    if (show_wdl) {
        const engine::Wdl w = info.wdl ? *info.wdl : estimate_wdl(info.score);
        out += fmt::format(" wdl {} {} {}", w.win, w.draw, w.loss);
    }
    out += fmt::format(" nodes {} nps {} hashfull {} time {}", info.nodes, info.nps, info.hashfull, info.time_ms);
    if (!info.pv.empty()) {
        out += " pv";
        for (Move m : info.pv) out += " " + to_uci(m, chess960);
    }
    return out;
}

std::string bestmove_line(const engine::BestMove& best, bool chess960) {
    if (!best.move) return "bestmove 0000";
    std::string out = "bestmove " + to_uci(best.move, chess960);
    if (best.ponder) out += " ponder " + to_uci(best.ponder, chess960);
    return out;
}

}  // namespace schach::uci
