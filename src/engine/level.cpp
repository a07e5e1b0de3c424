#include "engine/level.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "core/bitboard.hpp"
#include "core/movegen.hpp"
#include "engine/evaluate.hpp"

namespace schach::engine {
namespace {

// The levels side by side. Depth in plies; nodes and time are caps (the first one reached ends
// the search). The node caps set the strength, so a level plays the same on a fast or a slow
// machine and at any clock; the think time only bounds a search on a slow or busy one (about
// three times what the node cap takes here). Lower levels see less (depth 1 misses every
// two-move tactic), choose among more lines at a higher temperature and tolerate more lost
// material: never a minor piece in a quiet position; only level 1, in the most complex
// positions (200 + 400 cp), may overlook a rook, as a beginner does; a queen never.
// Calibrated by `make levels` (gauntlets against Stockfish 15.1 at fixed UCI_Elo and
// fairy-stockfish at negative Skill Levels, one joint fit; README "Levels"): the steps between
// the levels came out at 150-320 Elo (about 250 on average) against an aim of 200, each level
// +-110 to +-360 at 95 %. One ply of depth is worth 100-300 Elo here, so the depths climb by
// one ply at the bottom, by one or two at the top.
// clang-format off
constexpr std::array<LevelPolicy, MaxLevel> Policies{{
    // lvl depth nodes    ms  lines temp  window tol  extra mate1 book
    {1,    1,    1'000,  100, 12,   220., 700,   200, 400,  false, 6},
    {2,    2,    3'000,  150,  8,   110., 400,   150, 250,  true,  8},
    {3,    3,    8'000,  200,  6,    60., 250,   110, 150,  true,  10},
    {4,    4,   20'000,  300,  4,    36., 150,    80, 100,  true,  12},
    {5,    6,   40'000,  400,  3,    22., 100,    60,  80,  true,  14},
    {6,    8,  100'000,  600,  3,    13.,  65,    40,  60,  true,  16},
    {7,   10,  200'000, 1000,  2,     8.,  40,    20,  40,  true,  20},
    {8,    0,        0,    0,  1,     0.,   0,     0,   0,  true,  24},
}};
// clang-format on

Value material(const Position& pos, Color c) {
    Value v = 0;
    for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen})
        v += SeeValue[idx(t)] * popcount(pos.pieces(c, t));
    return v;
}

/// Material-only capture search (alpha-beta), side to move's view. The side to move may stand
/// pat; captures and promotions only, most valuable victim first, `depth` plies at most and
/// `budget` nodes in all (a guard must stay cheap in wild positions).
Value capture_search(const Position& pos, Value alpha, Value beta, int depth, int& budget) {
    const Color us = pos.side_to_move();
    const Value stand = material(pos, us) - material(pos, ~us);
    if (stand >= beta) return stand;
    alpha = std::max(alpha, stand);
    if (depth == 0 || --budget <= 0) return alpha;
    MoveList captures;
    for (Move m : legal_moves(pos))
        if (pos.is_capture(m) || m.kind() == MoveKind::Promotion) captures.push(m);
    const auto gain = [&](Move m) {
        const Piece victim = pos.piece_on(m.to());
        Value v = victim == Piece::None ? SeeValue[0] : SeeValue[idx(type_of(victim))];
        if (m.kind() == MoveKind::Promotion) v += SeeValue[idx(m.promotion())];
        return v * 16 - SeeValue[idx(type_of(pos.piece_on(m.from())))] / 16;
    };
    std::sort(captures.begin(), captures.end(), [&](Move a, Move b) { return gain(a) > gain(b); });
    for (Move m : captures) {
        Position next = pos;
        next.do_move(m);
        const Value v = -capture_search(next, -beta, -alpha, depth - 1, budget);
        if (v >= beta) return v;
        alpha = std::max(alpha, v);
    }
    return alpha;
}

}  // namespace

// The Elo of each level on Stockfish 15.1's UCI_Elo scale, as `make levels` measured it on
// 2026-12-06 with net8 built in (docs/engine.md, "Levels"; the games in data/levels/): 40-60
// games a level against Stockfish at fixed UCI_Elo (1350-2650) and fairy-stockfish at Skill -9,
// -5, -1, one joint fit, rounded to 10; +-113 (levels 5-8) to +-382 (level 1, below Stockfish's
// range, through the fairy-stockfish anchors) at 95 %.
constexpr std::array<int, MaxLevel> LevelElo{450, 920, 1160, 1300, 1730, 1910, 1960, 2470};
static_assert(LevelElo.front() == MinLevelElo && LevelElo.back() == MaxLevelElo);

int level_elo(int level) {
    return LevelElo[static_cast<std::size_t>(std::clamp(level, MinLevel, MaxLevel) - MinLevel)];
}

int level_for_elo(int elo) {
    // The nearest nominal Elo; a tie goes to the weaker level.
    int best = MinLevel;
    for (int level = MinLevel + 1; level <= MaxLevel; ++level)
        if (std::abs(elo - level_elo(level)) < std::abs(elo - level_elo(best))) best = level;
    return best;
}

int effective_level(const EngineOptions& options) {
    if (options.limit_strength) return level_for_elo(options.elo);
    return std::clamp(options.level, MinLevel, MaxLevel);
}

LevelPolicy policy_for_level(int level) {
    return Policies[static_cast<std::size_t>(std::clamp(level, MinLevel, MaxLevel) - MinLevel)];
}

SearchLimits limits_for_level(const LevelPolicy& policy, const SearchLimits& asked, Color us) {
    SearchLimits limits = asked;
    if (policy.depth > 0) limits.depth = asked.depth > 0 ? std::min(asked.depth, policy.depth) : policy.depth;
    if (policy.nodes > 0) limits.nodes = asked.nodes > 0 ? std::min(asked.nodes, policy.nodes) : policy.nodes;
    if (policy.movetime > 0 && !asked.infinite) {
        Millis budget = policy.movetime;
        if (asked.movetime > 0) budget = std::min(budget, asked.movetime);
        const auto& clock = us == Color::White ? asked.wtime : asked.btime;
        // Never more than a twentieth of what is left (and at least 1 ms).
        if (clock) budget = std::clamp<Millis>(*clock / 20, 1, budget);
        limits.movetime = budget;
    }
    return limits;
}

double complexity(const Position& pos) {
    const Color us = pos.side_to_move();
    int captures = 0;
    for (Move m : legal_moves(pos))
        if (pos.is_capture(m)) ++captures;
    int attacked = 0;
    for (Square s : squares(pos.pieces(us) & ~pos.pieces(us, PieceType::King)))
        if (pos.attacked_by(~us, s)) ++attacked;
    const double c = (captures + attacked) / 10.0 + (pos.in_check() ? 0.3 : 0.0);
    return std::clamp(c, 0.0, 1.0);
}

Value line_value(const Score& score) {
    if (score.kind == Score::Kind::Centipawns) return score.value;
    if (score.value > 0) return 20000 - score.value;
    return -20000 - score.value;  // mated in n: -20000 + n (score.value is -n; mate 0: -20000)
}

std::size_t choose_line(std::span<const Candidate> lines, const LevelPolicy& policy, double complexity,
                        std::mt19937_64& rng) {
    if (lines.size() <= 1 || policy.temperature <= 0) return 0;
    const double c = std::clamp(complexity, 0.0, 1.0);
    const double temperature = policy.temperature * (0.6 + 0.8 * c);
    const double window = policy.window * (0.75 + 0.5 * c);
    const double tolerance = policy.material_tolerance + c * policy.complex_extra;
    const Value best = lines.front().score;
    Value most_material = lines.front().material;
    for (const Candidate& l : lines) most_material = std::max(most_material, l.material);

    std::vector<double> weights(lines.size(), 0.0);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const Candidate& l = lines[i];
        const bool allowed = i == 0 || (best - l.score <= window && most_material - l.material <= tolerance &&
                                        l.score > -10000 /* never walk into a mate */);
        if (allowed) weights[i] = std::exp((l.score - best) / temperature);
    }
    // Line 0 always has weight exp(0) = 1, so the distribution is never empty.
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    return pick(rng);
}

Value material_after(const Position& pos, Move m) {
    Position next = pos;
    next.do_move(m);
    int budget = 20'000;
    return -capture_search(next, -ValueInfinite, ValueInfinite, 8, budget);
}

Move mate_in_one(const Position& pos, std::span<const Move> allowed) {
    for (Move m : legal_moves(pos)) {
        if (!allowed.empty() && std::ranges::find(allowed, m) == allowed.end()) continue;
        if (!pos.gives_check(m)) continue;
        Position next = pos;
        next.do_move(m);
        if (legal_moves(next).empty()) return m;
    }
    return Move::none();
}

}  // namespace schach::engine
