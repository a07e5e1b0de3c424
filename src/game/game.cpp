#include "game/game.hpp"

#include <algorithm>

#include "core/movegen.hpp"

namespace schach {
namespace {

Refusal refusal(RefusalCode code, Square square = Square::None) {
    Refusal r;
    r.code = code;
    r.square = square;
    return r;
}

}  // namespace

Game::Game(Position start, GameOptions options) : start_(start), pos_(start), options_(options) {
    keys_.push_back(pos_.key());
    automatic_ = compute_automatic_outcome();
}

bool Game::both_have_moved() const {
    // A move by each side within this game: two plies, whoever started.
    return moves_.size() >= 2;
}

bool Game::offers_allowed_by_regulations() const {
    // Move numbers as the record counts them (a game from a FEN goes on with its numbers).
    return pos_.fullmove_number() >= options_.draw_offers_from_move;
}

Outcome Game::compute_automatic_outcome(std::optional<AliveProof> carried) {
    alive_.proof.reset();
    if (count_legal(pos_) == 0) {
        if (pos_.in_check()) return {win_for(~pos_.side_to_move()), Termination::Checkmate};
        return {Result::Draw, Termination::Stalemate};
    }
    // After every move: a bounded analysis (about 20 ms at worst), unless the last position's
    // helpmate carries over. An undetermined answer lets the game go on (5.2.2); the one-sided
    // questions of a flag fall or resignation get the full default budget, since they are asked
    // once.
    constexpr MateLimits PerMove{.quick_nodes = 100, .first_round = 1'000, .max_round = 16'000};
    if (carried) {
        alive_.proof = std::move(carried);
    } else {
        MateContext context;
        AliveProof proof;
        if (is_dead(pos_, PerMove, context, proof)) return {Result::Draw, Termination::DeadPosition};
        if (!proof.line.empty()) alive_.proof = std::move(proof);
    }
    if (repetition_count() >= 5) return {Result::Draw, Termination::FivefoldRepetition};
    if (pos_.halfmove_clock() >= 150) return {Result::Draw, Termination::SeventyFiveMoves};
    return {};
}

Outcome Game::outcome() const {
    if (declared_.is_over()) return declared_;
    return automatic_;
}

int Game::repetition_count() const {
    const int now = plies();
    const int window = std::min(now, pos_.halfmove_clock());
    int count = 1;
    Position earlier = pos_;
    // Walk back over reversible plies; compare every second one (same side to move).
    for (int back = 1; back <= window; ++back) {
        const int i = now - back;
        earlier.undo_move(moves_[i], undos_[i]);
        if (back % 2 == 0 && keys_[i] == keys_[now] && earlier.same_position(pos_)) ++count;
    }
    return count;
}

int Game::repetitions_after(Move m) const {
    Game copy = *this;
    copy.declared_ = {};
    copy.offer_.reset();
    copy.touched_.clear();
    const Undo u = copy.pos_.do_move(m);
    copy.moves_.push_back(m);
    copy.undos_.push_back(u);
    copy.keys_.push_back(copy.pos_.key());
    return copy.repetition_count();
}

bool Game::can_claim(DrawClaim claim, std::optional<Move> intended) const {
    if (intended && !pos_.is_legal(*intended)) return false;
    if (claim == DrawClaim::Threefold) {
        if (repetition_count() >= 3) return true;
        return intended && repetitions_after(*intended) >= 3;
    }
    if (pos_.halfmove_clock() >= 100) return true;
    if (!intended) return false;
    Position after = pos_;
    after.do_move(*intended);
    return after.halfmove_clock() >= 100;
}

Refusal Game::castling_history(Refusal r) const {
    if (r.code != RefusalCode::CastlingNoRight) return r;
    const Color us = pos_.side_to_move();
    const CastlingSide side = r.to > r.from ? CastlingSide::King : CastlingSide::Queen;
    const Square rook = start_.castling_rook(us, side);
    if (rook == Square::None) return r;  // no right at the start of this game
    for (std::size_t i = 0; i < moves_.size(); ++i) {
        const Bitboard after = i + 1 < moves_.size() ? undos_[i + 1].castling_rooks : pos_.castling_rooks();
        if (!contains(undos_[i].castling_rooks, rook) || contains(after, rook)) continue;
        const Move m = moves_[i];
        r.square = rook;
        r.code = m.from() == rook                                   ? RefusalCode::CastlingRookMoved
                 : m.to() == rook && m.kind() != MoveKind::Castling ? RefusalCode::CastlingRookCaptured
                                                                    : RefusalCode::CastlingKingMoved;
        return r;
    }
    return r;
}

Refusal Game::touch_move_refusal(Move m) const {
    if (!options_.touch_move || touched_.empty()) return {};
    const Color us = pos_.side_to_move();
    const MoveList legal = legal_moves(pos_);
    auto movable = [&](Square s) {
        return std::any_of(legal.begin(), legal.end(), [&](Move x) { return x.from() == s; });
    };
    auto captured_square = [&](Move x) {
        if (x.kind() == MoveKind::EnPassant) return offset(x.to(), -forward(us));
        if (x.kind() == MoveKind::Castling) return Square::None;
        return pos_.piece_on(x.to()) != Piece::None ? x.to() : Square::None;
    };
    auto capturable = [&](Square s) {
        return std::any_of(legal.begin(), legal.end(), [&](Move x) { return captured_square(x) == s; });
    };
    const Square first = touched_.front();
    const bool first_is_own = color_of(pos_.piece_on(first)) == us;
    // 4.4: king first, then one of its castling rooks: castle on that side if legal, else a king move.
    if (first_is_own && type_of(pos_.piece_on(first)) == PieceType::King) {
        for (std::size_t i = 1; i < touched_.size(); ++i) {
            const Square r = touched_[i];
            if (!contains(pos_.castling_rooks() & pos_.pieces(us, PieceType::Rook), r)) continue;
            const Move castle = Move::make(first, r, MoveKind::Castling);
            if (legal.contains(castle))
                return m == castle ? Refusal{} : refusal(RefusalCode::TouchMoveMustCastle, first);
            if (!movable(first)) break;
            return m.from() == first ? Refusal{} : refusal(RefusalCode::TouchMoveKingMustMove, first);
        }
    }
    // 4.3.3: own and enemy piece touched: the first own one captures the first enemy one if it can.
    Square own = Square::None, enemy = Square::None;
    for (Square s : touched_) {
        const bool mine = color_of(pos_.piece_on(s)) == us;
        if (mine && own == Square::None) own = s;
        if (!mine && enemy == Square::None) enemy = s;
    }
    if (own != Square::None && enemy != Square::None) {
        const bool possible = std::any_of(legal.begin(), legal.end(),
                                          [&](Move x) { return x.from() == own && captured_square(x) == enemy; });
        if (possible)
            return m.from() == own && captured_square(m) == enemy ? Refusal{}
                                                                  : refusal(RefusalCode::TouchMoveMustCapture, enemy);
    }
    // 4.3.1/4.3.2: the first touched piece that can be moved or captured must be; 4.5: else free.
    for (Square s : touched_) {
        if (color_of(pos_.piece_on(s)) == us) {
            if (movable(s)) return m.from() == s ? Refusal{} : refusal(RefusalCode::TouchMoveMustMove, s);
        } else if (capturable(s)) {
            return captured_square(m) == s ? Refusal{} : refusal(RefusalCode::TouchMoveMustCapture, s);
        }
    }
    return {};
}

std::expected<void, Refusal> Game::play(Move m) {
    if (options_.stop_at_end) {
        if (is_over()) return std::unexpected(refusal(RefusalCode::GameOver));
    } else if (!first_end_) {
        if (automatic_.is_over()) first_end_ = GameEnd{plies(), automatic_};
    }
    if (!pos_.is_legal(m)) {
        if (m == Move::null() || !m) return std::unexpected(refusal(RefusalCode::NoPiece));
        return std::unexpected(castling_history(
            explain_move(pos_, m.from(), m.to(), m.kind() == MoveKind::Promotion ? m.promotion() : PieceType::None)));
    }
    if (Refusal r = touch_move_refusal(m); !r.ok()) return std::unexpected(r);
    const Color mover = pos_.side_to_move();
    if (offer_ && *offer_ != mover) offer_.reset();  // a move declines the opponent's offer (9.1.2.1)
    std::optional<AliveProof> carried;
    if (alive_.proof) carried = carry_alive_proof(pos_, m, *alive_.proof);
    undos_.push_back(pos_.do_move(m));
    moves_.push_back(m);
    keys_.push_back(pos_.key());
    touched_.clear();
    automatic_ = compute_automatic_outcome(std::move(carried));
    return {};
}

bool Game::pop() {
    if (moves_.empty()) return false;
    pos_.undo_move(moves_.back(), undos_.back());
    moves_.pop_back();
    undos_.pop_back();
    keys_.pop_back();
    touched_.clear();
    offer_.reset();
    if (declared_ply_ > plies()) {
        declared_ = {};
        declared_ply_ = -1;
    }
    std::erase_if(penalties_, [&](const Penalty& p) { return p.ply > plies(); });
    if (first_end_ && first_end_->ply >= plies()) first_end_.reset();
    automatic_ = compute_automatic_outcome();
    return true;
}

std::expected<ClaimResult, Refusal> Game::claim_draw(Color claimant, DrawClaim claim, std::optional<Move> intended) {
    if (is_over()) return std::unexpected(refusal(RefusalCode::GameOver));
    if (claimant != pos_.side_to_move()) return std::unexpected(refusal(RefusalCode::ClaimNotYourTurn));
    if (options_.touch_move && !touched_.empty()) return std::unexpected(refusal(RefusalCode::ClaimAfterTouch));
    if (intended && !pos_.is_legal(*intended))
        return std::unexpected(
            explain_move(pos_, intended->from(), intended->to(),
                         intended->kind() == MoveKind::Promotion ? intended->promotion() : PieceType::None));
    ClaimResult result;
    if (can_claim(claim, intended)) {
        result.correct = true;
        declared_ = {Result::Draw,
                     claim == DrawClaim::Threefold ? Termination::ThreefoldRepetition : Termination::FiftyMoves};
        declared_ply_ = plies();
        return result;
    }
    result.penalty_seconds = penalty_seconds();
    penalties_.push_back({~claimant, result.penalty_seconds, plies()});
    if (intended && play(*intended)) result.played = intended;
    offer_ = claimant;  // 9.1.2.3: the claim counts as a draw offer
    return result;
}

std::expected<void, Refusal> Game::offer_draw(Color c) {
    if (is_over()) return std::unexpected(refusal(RefusalCode::GameOver));
    if (!both_have_moved()) return std::unexpected(refusal(RefusalCode::DrawOfferTooEarly));
    if (!offers_allowed_by_regulations()) {
        Refusal r = refusal(RefusalCode::DrawOfferForbiddenYet);
        r.count = options_.draw_offers_from_move;
        return std::unexpected(r);
    }
    if (offer_ && *offer_ != c) return accept_draw(c);  // offering against an offer agrees
    offer_ = c;
    return {};
}

std::expected<void, Refusal> Game::accept_draw(Color c) {
    if (is_over()) return std::unexpected(refusal(RefusalCode::GameOver));
    if (!offer_ || *offer_ == c) return std::unexpected(refusal(RefusalCode::NoDrawOffer));
    if (!both_have_moved()) return std::unexpected(refusal(RefusalCode::DrawOfferTooEarly));
    declared_ = {Result::Draw, Termination::Agreement};
    declared_ply_ = plies();
    offer_.reset();
    return {};
}

std::expected<void, Refusal> Game::decline_draw(Color c) {
    if (!offer_ || *offer_ == c) return std::unexpected(refusal(RefusalCode::NoDrawOffer));
    offer_.reset();
    return {};
}

Outcome Game::lose_unless_cannot_mate(Color loser, Termination t) const {
    return can_win(~loser) ? Outcome{win_for(~loser), t} : Outcome{Result::Draw, t};
}

std::expected<Outcome, Refusal> Game::resign(Color c) {
    if (is_over()) return std::unexpected(refusal(RefusalCode::GameOver));
    declared_ = lose_unless_cannot_mate(c, Termination::Resignation);
    declared_ply_ = plies();
    return declared_;
}

std::expected<Outcome, Refusal> Game::flag(Color c) {
    if (is_over()) return std::unexpected(refusal(RefusalCode::GameOver));
    declared_ = lose_unless_cannot_mate(c, Termination::TimeForfeit);
    declared_ply_ = plies();
    return declared_;
}

std::expected<Outcome, Refusal> Game::illegal_move(Color c) {
    if (is_over()) return std::unexpected(refusal(RefusalCode::GameOver));
    if (++illegal_[c] < 2) {
        penalties_.push_back({~c, penalty_seconds(), plies()});
        return Outcome{};
    }
    declared_ = lose_unless_cannot_mate(c, Termination::IllegalMoves);
    declared_ply_ = plies();
    return declared_;
}

void Game::double_forfeit() {
    declared_ = {Result::DoubleForfeit, Termination::DoubleForfeit};
    declared_ply_ = plies();
}

void Game::arbiter_result(Result r) {
    declared_ = {r, r == Result::Ongoing ? Termination::None : Termination::Arbiter};
    declared_ply_ = r == Result::Ongoing ? -1 : plies();
}

std::expected<void, Refusal> Game::touch(Color c, Square s) {
    if (is_over()) return std::unexpected(refusal(RefusalCode::GameOver));
    if (!is_ok(s) || pos_.piece_on(s) == Piece::None) {
        Refusal r = refusal(RefusalCode::NoPiece);
        r.from = s;
        return std::unexpected(r);
    }
    if (c != pos_.side_to_move()) {
        Refusal r = refusal(RefusalCode::NotYourTurn);
        r.piece = make_piece(c, PieceType::King);  // names the side that tried
        return std::unexpected(r);
    }
    if (std::find(touched_.begin(), touched_.end(), s) == touched_.end()) touched_.push_back(s);
    return {};
}

}  // namespace schach
