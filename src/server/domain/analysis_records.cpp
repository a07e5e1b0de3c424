#include "server/domain/analysis_records.hpp"

#include <algorithm>

#include "notation/notation.hpp"

namespace schach::server {

std::vector<StoredPositionEval> stored_positions(const std::vector<review::PositionEval>& positions) {
    std::vector<StoredPositionEval> out;
    for (const review::PositionEval& p : positions) {
        StoredPositionEval s{p.eval, {}, p.depth, p.nodes};
        for (Move m : p.pv) s.pv.push_back(to_uci(m, true));
        out.push_back(std::move(s));
    }
    return out;
}

std::optional<std::vector<review::PositionEval>> review_positions(const Position& start, std::span<const Move> moves,
                                                                  const std::vector<StoredPositionEval>& stored) {
    if (stored.empty() || stored.size() > moves.size() + 1) return std::nullopt;
    std::vector<review::PositionEval> out;
    Position pos = start;
    for (std::size_t i = 0; i < stored.size(); ++i) {
        const StoredPositionEval& s = stored[i];
        review::PositionEval p;
        p.eval = s.eval;
        p.depth = s.depth;
        p.nodes = s.nodes;
        Position line = pos;
        for (const std::string& text : s.pv) {
            const auto m = parse_uci(line, text);
            if (!m || *m == Move::null()) break;
            p.pv.push_back(*m);
            line.do_move(*m);
        }
        out.push_back(std::move(p));
        if (i < moves.size()) pos.do_move(moves[i]);
    }
    return out;
}

TryVerdict judge_try(const Position& before, Move tried, const review::PositionEval& best,
                     const review::PositionEval& after) {
    TryVerdict v;
    const Color mover = before.side_to_move();
    const review::Eval mine = after.eval.for_side(mover);
    const bool mates = mine.is_mate() && mine.value > 0;
    const bool is_best = !best.pv.empty() && best.pv.front() == tried;
    v.loss = is_best ? 0.0 : std::max(0.0, review::win_percent(best.eval.for_side(mover)) - review::win_percent(mine));
    v.solved = is_best || mates || v.loss < TrySolvedLoss;
    if (!v.solved) {
        // What the try allows, not what it missed (no best line): that would name the answer the
        // player looks for.
        v.explanation = review::explain(before, tried, after.pv, {}, best.eval, after.eval);
    }
    return v;
}

}  // namespace schach::server
