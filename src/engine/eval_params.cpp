#include "engine/eval_params.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace schach::engine {

namespace {

struct Block {
    const char* name;
    int offset;
    int size;
};

// clang-format off
constexpr Block Blocks[] = {
    {"Material", param::Material, 5},          {"BishopPair", param::BishopPair, 1},
    {"Pst", param::Pst, 6 * 64},               {"MobilityKnight", param::MobilityKnight, 9},
    {"MobilityBishop", param::MobilityBishop, 14}, {"MobilityRook", param::MobilityRook, 15},
    {"MobilityQueen", param::MobilityQueen, 28}, {"PawnIsolated", param::PawnIsolated, 1},
    {"PawnDoubled", param::PawnDoubled, 1},    {"PawnBackward", param::PawnBackward, 1},
    {"PawnPhalanx", param::PawnPhalanx, 8},    {"PawnSupported", param::PawnSupported, 8},
    {"PassedRank", param::PassedRank, 8},      {"PassedFreePath", param::PassedFreePath, 8},
    {"PassedSafePath", param::PassedSafePath, 8}, {"PassedKingOwn", param::PassedKingOwn, 8},
    {"PassedKingTheir", param::PassedKingTheir, 8}, {"PassedUnstoppable", param::PassedUnstoppable, 1},
    {"KingAttackers", param::KingAttackers, 4}, {"KingZoneAttacks", param::KingZoneAttacks, 1},
    {"KingSafeCheck", param::KingSafeCheck, 4}, {"KingShelter", param::KingShelter, 8},
    {"KingStorm", param::KingStorm, 8},        {"KingOpenFile", param::KingOpenFile, 1},
    {"RookOpenFile", param::RookOpenFile, 1},  {"RookSemiOpen", param::RookSemiOpen, 1},
    {"RookOn7th", param::RookOn7th, 1},        {"KnightOutpost", param::KnightOutpost, 1},
    {"BishopOutpost", param::BishopOutpost, 1}, {"ThreatByPawn", param::ThreatByPawn, 5},
    {"ThreatByMinor", param::ThreatByMinor, 5}, {"ThreatByRook", param::ThreatByRook, 5},
    {"ThreatByKing", param::ThreatByKing, 1},  {"Hanging", param::Hanging, 1},
    {"Tempo", param::Tempo, 1},
};
// clang-format on

constexpr const char* TypeNames[6] = {"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};

void set(Weights& w, int at, int mg, int eg) { w[static_cast<std::size_t>(at)] = {mg, eg}; }

/// Distance from the centre in half-files (0 for d/e, 3 for a/h) along one axis.
int edge_distance(int i) { return i < 4 ? 3 - i : i - 4; }

/// Piece-square values from principles: knights and bishops want the centre, rooks the 7th
/// rank, the queen a little centre; pawns gain as they advance (centre pawns early); the king
/// hides behind its pawns in the middlegame and walks to the centre in the endgame.
void set_pst(Weights& w) {
    for (int sq = 0; sq < 64; ++sq) {
        const int f = sq % 8, r = sq / 8;
        const int df = edge_distance(f), dr = edge_distance(r);
        const int centre = 6 - df - dr;  // 0 (corner) .. 6 (d4, e4, d5, e5)
        const auto at = [&](int type) { return param::Pst + type * 64 + sq; };
        // Pawns: nothing on the back ranks (none stand there).
        if (r >= 1 && r <= 6) {
            const int central = (f == 3 || f == 4) ? 1 : (f == 2 || f == 5) ? 0 : -1;
            const int mg = central * (r >= 2 && r <= 4 ? 8 : 3) + (r - 1) * 3;
            const int eg = (r - 1) * (r - 1) * 3;
            set(w, at(0), mg, eg);
        }
        set(w, at(1), 6 * centre - 18 + (r == 0 ? -8 : 0), 5 * centre - 15);
        set(w, at(2), 3 * centre - 9 + (r == 0 ? -5 : 0), 3 * centre - 9);
        set(w, at(3), r == 6 ? 12 : (df <= 1 ? 3 : 0), 0);
        set(w, at(4), centre - 3, 3 * centre - 9);
        // King: the castled corners in the middlegame, the centre in the endgame.
        int king_mg = -20 * std::min(r, 3);
        if (r == 0) king_mg = (f == 1 || f == 6) ? 20 : (f == 2 || f == 7 || f == 0) ? 10 : (f == 3 || f == 5) ? -5 : 0;
        set(w, at(5), king_mg, 8 * centre - 24);
    }
}

/// Mobility: roughly linear around a typical count, flatter at the top.
void set_mobility(Weights& w, int offset, int size, int mid, int mg_step, int eg_step) {
    for (int n = 0; n < size; ++n) {
        const double d = n - mid;
        const double shaped = d < 0 ? d : std::sqrt(d * (mid + 1.0));
        const int capped = static_cast<int>(std::lround(std::min(shaped, d)));
        set(w, offset + n, mg_step * capped, eg_step * capped);
    }
}

}  // namespace

namespace {
std::atomic<const Weights*> active{nullptr};
}  // namespace

const Weights& active_weights() {
    const Weights* w = active.load(std::memory_order_relaxed);
    return w ? *w : EvalWeights;
}

void set_active_weights(const Weights* weights) { active.store(weights, std::memory_order_relaxed); }

Weights default_weights() {
    Weights w{};
    // Kaufman: P 1, N 3.25, B 3.25, R 5, Q 9.75, bishop pair +0.5.
    set(w, param::Material + 0, 100, 100);
    set(w, param::Material + 1, 325, 325);
    set(w, param::Material + 2, 325, 325);
    set(w, param::Material + 3, 500, 500);
    set(w, param::Material + 4, 975, 975);
    set(w, param::BishopPair, 50, 50);
    set_pst(w);
    set_mobility(w, param::MobilityKnight, 9, 4, 4, 4);
    set_mobility(w, param::MobilityBishop, 14, 6, 4, 5);
    set_mobility(w, param::MobilityRook, 15, 7, 2, 4);
    set_mobility(w, param::MobilityQueen, 28, 13, 1, 2);
    set(w, param::PawnIsolated, -10, -12);
    set(w, param::PawnDoubled, -10, -20);
    set(w, param::PawnBackward, -8, -10);
    constexpr int Phalanx[8][2] = {{0, 0}, {3, 2}, {5, 4}, {8, 6}, {15, 12}, {30, 25}, {50, 40}, {0, 0}};
    constexpr int Supported[8][2] = {{0, 0}, {0, 0}, {8, 5}, {8, 6}, {12, 10}, {20, 18}, {30, 30}, {0, 0}};
    constexpr int Passed[8][2] = {{0, 0}, {5, 10}, {5, 15}, {10, 25}, {20, 45}, {40, 75}, {70, 120}, {0, 0}};
    constexpr int Free[8] = {0, 0, 0, 5, 10, 20, 35, 0};
    constexpr int KingDist[8] = {0, 0, 0, 2, 4, 6, 8, 0};
    for (int r = 0; r < 8; ++r) {
        set(w, param::PawnPhalanx + r, Phalanx[r][0], Phalanx[r][1]);
        set(w, param::PawnSupported + r, Supported[r][0], Supported[r][1]);
        set(w, param::PassedRank + r, Passed[r][0], Passed[r][1]);
        set(w, param::PassedFreePath + r, 0, Free[r]);
        set(w, param::PassedSafePath + r, Free[r] / 2, Free[r]);
        set(w, param::PassedKingOwn + r, 0, -KingDist[r]);
        set(w, param::PassedKingTheir + r, 0, 2 * KingDist[r]);
    }
    set(w, param::PassedUnstoppable, 0, 200);
    constexpr int Attackers[4] = {20, 20, 30, 50};
    constexpr int Checks[4] = {40, 30, 50, 40};
    for (int t = 0; t < 4; ++t) {
        set(w, param::KingAttackers + t, Attackers[t], 0);
        set(w, param::KingSafeCheck + t, Checks[t], 5);
    }
    set(w, param::KingZoneAttacks, 5, 0);
    // Shelter by the rank of the own pawn on a file by the king (0: no pawn there).
    constexpr int Shelter[8] = {-25, 10, 5, -5, -15, -15, -15, 0};
    // Storm by the rank (seen from the king's side) of the nearest enemy pawn on such a file.
    constexpr int Storm[8] = {0, 0, -25, -15, -5, 0, 0, 0};
    for (int r = 0; r < 8; ++r) {
        set(w, param::KingShelter + r, Shelter[r], 0);
        set(w, param::KingStorm + r, Storm[r], 0);
    }
    set(w, param::KingOpenFile, -15, 0);
    set(w, param::RookOpenFile, 25, 10);
    set(w, param::RookSemiOpen, 12, 5);
    set(w, param::RookOn7th, 10, 20);
    set(w, param::KnightOutpost, 20, 10);
    set(w, param::BishopOutpost, 10, 5);
    constexpr int ByPawn[5][2] = {{0, 0}, {50, 40}, {50, 40}, {70, 60}, {80, 70}};
    constexpr int ByMinor[5][2] = {{3, 20}, {25, 25}, {25, 25}, {50, 60}, {60, 70}};
    constexpr int ByRook[5][2] = {{3, 20}, {20, 25}, {20, 25}, {0, 15}, {50, 60}};
    for (int t = 0; t < 5; ++t) {
        set(w, param::ThreatByPawn + t, ByPawn[t][0], ByPawn[t][1]);
        set(w, param::ThreatByMinor + t, ByMinor[t][0], ByMinor[t][1]);
        set(w, param::ThreatByRook + t, ByRook[t][0], ByRook[t][1]);
    }
    set(w, param::ThreatByKing, 10, 30);
    set(w, param::Hanging, 30, 20);
    set(w, param::Tempo, 20, 10);
    return w;
}

std::string param_name(int index) {
    for (const Block& b : Blocks) {
        if (index < b.offset || index >= b.offset + b.size) continue;
        const int i = index - b.offset;
        if (b.size == 1) return b.name;
        if (b.offset == param::Pst) {
            const int sq = i % 64;
            return std::string(b.name) + "[" + TypeNames[i / 64] + "][" + static_cast<char>('a' + sq % 8) +
                   static_cast<char>('1' + sq / 8) + "]";
        }
        if (b.offset == param::Material || b.offset >= param::ThreatByPawn)
            return std::string(b.name) + "[" + TypeNames[i] + "]";
        if (b.offset == param::KingAttackers || b.offset == param::KingSafeCheck)
            return std::string(b.name) + "[" + TypeNames[i + 1] + "]";
        return std::string(b.name) + "[" + std::to_string(i) + "]";
    }
    return "?";
}

}  // namespace schach::engine
