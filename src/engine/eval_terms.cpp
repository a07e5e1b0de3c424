#include "engine/eval_terms.hpp"

#include <algorithm>

#include "core/attacks.hpp"
#include "engine/eval_acc.hpp"

namespace schach::engine {

namespace {

using PT = PieceType;
constexpr Color White = Color::White, Black = Color::Black;

constexpr Bitboard file_bb(int f) { return FileABB << f; }

/// One evaluation in progress: the attack maps both sides build up, then the terms that read them.
template <class Acc>
class Terms {
public:
    Terms(const Position& pos, const PawnInfo& pawns, Acc& acc)
        : pos_(pos), pawns_(pawns), acc_(acc), occupied_(pos.pieces()) {}

    void run() {
        setup<White>();
        setup<Black>();
        material_and_squares<White>();
        material_and_squares<Black>();
        pieces<White>();
        pieces<Black>();
        king_safety<White>();
        king_safety<Black>();
        passed_pawns<White>();
        passed_pawns<Black>();
        threats<White>();
        threats<Black>();
        acc_.add(param::Tempo, pos_.side_to_move());
    }

private:
    /// Pawn and king attacks, the king zones and the squares where mobility counts.
    template <Color C>
    void setup() {
        const Square k = pos_.king(C);
        const Bitboard pawn_att = pawns_.attacks[C];
        const Bitboard king_att = attacks::king(k);
        const Bitboard pawns = pos_.pieces(C, PT::Pawn);
        const Bitboard pawn_twice = C == White ? shift<Dir::NE>(pawns) & shift<Dir::NW>(pawns)
                                               : shift<Dir::SE>(pawns) & shift<Dir::SW>(pawns);
        by_type_[C][PT::Pawn] = pawn_att;
        by_type_[C][PT::King] = king_att;
        attacked_[C] = pawn_att | king_att;
        attacked2_[C] = pawn_twice | (pawn_att & king_att);
        zone_[C] = king_att | bb(k);
        mobility_area_[C] = ~(pawns | bb(k)) & ~pawns_.attacks[~C];
    }

    template <Color C>
    void material_and_squares() {
        for (int t = 0; t < 6; ++t) {
            const Bitboard b = pos_.pieces(C, static_cast<PT>(t));
            if (t < 5 && b) acc_.add(param::Material + t, C, popcount(b));
            for (Square s : squares(b)) acc_.add(param::Pst + t * 64 + idx(relative(C, s)), C);
        }
        if (more_than_one(pos_.pieces(C, PT::Bishop))) acc_.add(param::BishopPair, C);
    }

    template <Color C>
    void note_attacks(PT t, Bitboard a) {
        attacked2_[C] |= attacked_[C] & a;
        attacked_[C] |= a;
        by_type_[C][t] |= a;
        if (const Bitboard on_zone = a & zone_[~C]) {
            ++zone_attackers_[C];
            ++attacker_types_[C][idx(t) - 1];
            zone_attacks_[C] += popcount(on_zone);
        }
    }

    template <Color C>
    void pieces() {
        constexpr Color Them = ~C;
        const Bitboard outposts = (C == White ? bb(Rank::R4) | bb(Rank::R5) | bb(Rank::R6)
                                              : bb(Rank::R5) | bb(Rank::R4) | bb(Rank::R3)) &
                                  pawns_.attacks[C] & ~pawns_.attack_span[Them];
        for (Square s : squares(pos_.pieces(C, PT::Knight))) {
            const Bitboard a = attacks::knight(s);
            note_attacks<C>(PT::Knight, a);
            acc_.add(param::MobilityKnight + popcount(a & mobility_area_[C]), C);
            if (contains(outposts, s)) acc_.add(param::KnightOutpost, C);
        }
        for (Square s : squares(pos_.pieces(C, PT::Bishop))) {
            const Bitboard a = attacks::bishop(s, occupied_);
            note_attacks<C>(PT::Bishop, a);
            acc_.add(param::MobilityBishop + popcount(a & mobility_area_[C]), C);
            if (contains(outposts, s)) acc_.add(param::BishopOutpost, C);
        }
        const Bitboard seventh = bb(relative(C, Rank::R7));
        const bool seventh_matters = (pos_.pieces(Them, PT::Pawn) & seventh) ||
                                     rank_of(pos_.king(Them)) == relative(C, Rank::R8);
        for (Square s : squares(pos_.pieces(C, PT::Rook))) {
            const Bitboard a = attacks::rook(s, occupied_);
            note_attacks<C>(PT::Rook, a);
            acc_.add(param::MobilityRook + popcount(a & mobility_area_[C]), C);
            const int f = idx(file_of(s));
            if (pawns_.open_files[C] >> f & 1)
                acc_.add(pawns_.open_files[Them] >> f & 1 ? param::RookOpenFile : param::RookSemiOpen, C);
            if (seventh_matters && contains(seventh, s)) acc_.add(param::RookOn7th, C);
        }
        for (Square s : squares(pos_.pieces(C, PT::Queen))) {
            const Bitboard a = attacks::queen(s, occupied_);
            note_attacks<C>(PT::Queen, a);
            acc_.add(param::MobilityQueen + popcount(a & mobility_area_[C]), C);
        }
    }

    /// C's king: the attackers on its zone, the enemy's safe checks, pawn shelter and storm.
    template <Color C>
    void king_safety() {
        constexpr Color Them = ~C;
        const Square k = pos_.king(C);
        // One piece on the zone is no attack yet: the attack terms count from two (or a queen).
        if (zone_attackers_[Them] >= 2 || (zone_attackers_[Them] == 1 && attacker_types_[Them][3])) {
            for (int t = 0; t < 4; ++t)
                if (attacker_types_[Them][t]) acc_.add(param::KingAttackers + t, Them, attacker_types_[Them][t]);
            acc_.add(param::KingZoneAttacks, Them, zone_attacks_[Them]);
        }
        const Bitboard safe = ~attacked_[C] & ~pos_.pieces(Them);
        const Bitboard diagonal = attacks::bishop(k, occupied_), straight = attacks::rook(k, occupied_);
        const Bitboard checks[4] = {attacks::knight(k) & by_type_[Them][PT::Knight],
                                    diagonal & by_type_[Them][PT::Bishop], straight & by_type_[Them][PT::Rook],
                                    (diagonal | straight) & by_type_[Them][PT::Queen]};
        for (int t = 0; t < 4; ++t)
            if (checks[t] & safe) acc_.add(param::KingSafeCheck + t, Them);

        const int centre = std::clamp(idx(file_of(k)), 1, 6);
        const int king_rank = idx(relative(C, rank_of(k)));
        const Bitboard ahead = C == White ? fill_north(bb(rank_of(k))) : fill_south(bb(rank_of(k)));
        for (int f = centre - 1; f <= centre + 1; ++f) {
            const Bitboard ours = pos_.pieces(C, PT::Pawn) & file_bb(f) & ahead;
            const Bitboard theirs = pos_.pieces(Them, PT::Pawn) & file_bb(f) & ahead;
            // The nearest pawn from the king's side: lowest for White, highest for Black.
            const auto nearest_rank = [&](Bitboard b) {
                if (!b) return 0;
                return idx(relative(C, rank_of(C == White ? lsb(b) : msb(b))));
            };
            const int own = nearest_rank(ours);
            acc_.add(param::KingShelter + (own > king_rank || own == 0 ? own : 0), C);
            acc_.add(param::KingStorm + nearest_rank(theirs), C);
            if (pawns_.open_files[C] & pawns_.open_files[Them] & (1 << f)) acc_.add(param::KingOpenFile, C);
        }
    }

    template <Color C>
    void passed_pawns() {
        constexpr Color Them = ~C;
        const bool no_enemy_pieces = pos_.pieces(Them) == (pos_.pieces(Them, PT::Pawn) | bb(pos_.king(Them)));
        for (Square s : squares(pawns_.passed[C])) {
            const int rank = idx(relative(C, rank_of(s)));
            const Square stop = offset(s, forward(C));
            const Bitboard path = forward_file(C, s);
            acc_.add(param::PassedRank + rank, C);
            if (!(path & occupied_)) acc_.add(param::PassedFreePath + rank, C);
            if (!(path & attacked_[Them])) acc_.add(param::PassedSafePath + rank, C);
            if (rank >= 2) {
                acc_.add(param::PassedKingOwn + rank, C, std::min(distance(pos_.king(C), stop), 5));
                acc_.add(param::PassedKingTheir + rank, C, std::min(distance(pos_.king(Them), stop), 5));
            }
            if (no_enemy_pieces && !(path & pos_.pieces(C))) {
                // The rule of the square: the enemy king cannot catch it.
                const Square promotion = make_square(file_of(s), relative(C, Rank::R8));
                const int pawn_moves = std::min(7 - rank, 5);
                const int king_moves = distance(pos_.king(Them), promotion) - (pos_.side_to_move() == Them ? 1 : 0);
                if (king_moves > pawn_moves) acc_.add(param::PassedUnstoppable, C);
            }
        }
    }

    /// C's threats against the enemy's men.
    template <Color C>
    void threats() {
        constexpr Color Them = ~C;
        const Bitboard enemies = pos_.pieces(Them) & ~pos_.pieces(Them, PT::King);
        const Bitboard pieces = enemies & ~pos_.pieces(Them, PT::Pawn);
        const Bitboard strongly_protected = pawns_.attacks[Them] | (attacked2_[Them] & ~attacked2_[C]);
        const Bitboard weak = enemies & ~strongly_protected & attacked_[C];
        const auto by_victim = [&](int offset, Bitboard targets) {
            for (Square s : squares(targets)) acc_.add(offset + idx(type_of(pos_.piece_on(s))), C);
        };
        by_victim(param::ThreatByPawn, pieces & pawns_.attacks[C]);
        const Bitboard minors = by_type_[C][PT::Knight] | by_type_[C][PT::Bishop];
        by_victim(param::ThreatByMinor, ((pieces & strongly_protected) | weak) & minors);
        by_victim(param::ThreatByRook, weak & by_type_[C][PT::Rook]);
        if (const Bitboard k = weak & by_type_[C][PT::King]) acc_.add(param::ThreatByKing, C, popcount(k));
        if (const Bitboard h = weak & (~attacked_[Them] | (pieces & attacked2_[C])))
            acc_.add(param::Hanging, C, popcount(h));
    }

    const Position& pos_;
    const PawnInfo& pawns_;
    Acc& acc_;
    const Bitboard occupied_;
    ByColor<Bitboard> attacked_{}, attacked2_{}, zone_{}, mobility_area_{};
    ByColor<ByPieceType<Bitboard>> by_type_{};
    ByColor<int> zone_attackers_{}, zone_attacks_{};
    ByColor<std::array<int, 4>> attacker_types_{};
};

constexpr int Value3[6] = {1, 3, 3, 5, 9, 0};  // pawn units for the endgame rules

int non_pawn(const Position& pos, Color c) {
    int v = 0;
    for (int t = 1; t < 5; ++t) v += Value3[t] * popcount(pos.pieces(c, static_cast<PT>(t)));
    return v;
}

/// The stronger side's king, bishop and pawns on one rook file, the bishop not of the promotion
/// square's colour, and the enemy king on or next to that square: a draw.
bool wrong_bishop(const Position& pos, Color strong) {
    const Bitboard pawns = pos.pieces(strong, PT::Pawn);
    const Bitboard bishops = pos.pieces(strong, PT::Bishop);
    if (!pawns || popcount(bishops) != 1 || non_pawn(pos, strong) != 3) return false;
    const bool a_file = !(pawns & ~file_bb(0)), h_file = !(pawns & ~file_bb(7));
    if (!a_file && !h_file) return false;
    const Square promotion = make_square(a_file ? File::A : File::H, relative(strong, Rank::R8));
    const bool light_promotion = contains(LightSquaresBB, promotion);
    if (((bishops & LightSquaresBB) != 0) == light_promotion) return false;
    return distance(pos.king(~strong), promotion) <= 1;
}

}  // namespace

template <class Acc>
void evaluate_terms(const Position& pos, const PawnInfo& pawns, Acc& acc) {
    Terms<Acc>(pos, pawns, acc).run();
}

template void evaluate_terms<ScoreAcc>(const Position&, const PawnInfo&, ScoreAcc&);
template void evaluate_terms<TraceAcc>(const Position&, const PawnInfo&, TraceAcc&);

int game_phase(const Position& pos) {
    const int phase = popcount(pos.pieces(PT::Knight) | pos.pieces(PT::Bishop)) + 2 * popcount(pos.pieces(PT::Rook)) +
                      4 * popcount(pos.pieces(PT::Queen));
    return std::min(phase, PhaseMax);
}

bool insufficient_material(const Position& pos) {
    if (pos.pieces(PT::Pawn) | pos.pieces(PT::Rook) | pos.pieces(PT::Queen)) return false;
    const Bitboard minors = pos.pieces(PT::Knight) | pos.pieces(PT::Bishop);
    return popcount(minors & pos.pieces(White)) <= 1 && popcount(minors & pos.pieces(Black)) <= 1;
}

int endgame_scale(const Position& pos) {
    const int npm_white = non_pawn(pos, White), npm_black = non_pawn(pos, Black);
    const int white = npm_white + popcount(pos.pieces(White, PT::Pawn));
    const int black = npm_black + popcount(pos.pieces(Black, PT::Pawn));
    const Color strong = white >= black ? White : Black;
    const int npm_strong = strong == White ? npm_white : npm_black;
    const int npm_weak = strong == White ? npm_black : npm_white;
    const bool strong_pawns = pos.pieces(strong, PT::Pawn) != 0;
    const bool weak_pawns = pos.pieces(~strong, PT::Pawn) != 0;
    if (!strong_pawns && npm_strong - npm_weak <= 3) {
        // No pawns to promote and a minor piece ahead at most: a lone minor cannot mate.
        if (npm_strong < 5) return 0;
        return npm_strong <= 6 ? 4 : 12;
    }
    // Two knights cannot force mate on a bare king.
    if (!strong_pawns && !weak_pawns && npm_weak == 0 && npm_strong == 6 &&
        popcount(pos.pieces(strong, PT::Knight)) == 2)
        return 0;
    if (wrong_bishop(pos, strong)) return 0;
    const Bitboard wb = pos.pieces(White, PT::Bishop), bbish = pos.pieces(Black, PT::Bishop);
    if (popcount(wb) == 1 && popcount(bbish) == 1 && ((wb & LightSquaresBB) != 0) != ((bbish & LightSquaresBB) != 0)) {
        // Opposite-coloured bishops: drawish, most of all with nothing else on the board.
        return npm_white == 3 && npm_black == 3 ? 16 : 46;
    }
    return ScaleNormal;
}

EvalTrace trace_evaluation(const Position& pos) {
    EvalTrace trace;
    trace.phase = game_phase(pos);
    trace.scale = endgame_scale(pos);
    if (insufficient_material(pos)) return trace;
    TraceAcc acc;
    PawnInfo pawns;
    evaluate_pawns(pos.pieces(White, PT::Pawn), pos.pieces(Black, PT::Pawn), acc, pawns);
    evaluate_terms(pos, pawns, acc);
    trace.coef = acc.coef;
    return trace;
}

}  // namespace schach::engine
