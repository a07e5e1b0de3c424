#include "server/content/exercises.hpp"

#include <algorithm>

#include "analysis/dead.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/see.hpp"
#include "engine/level.hpp"
#include "notation/notation.hpp"

namespace schach::server {
namespace {

Goal moves(std::vector<std::string> list) { return Goal{GoalKind::Moves, std::move(list), PieceType::None}; }
Goal rule(GoalKind kind) { return Goal{kind, {}, PieceType::None}; }
Goal promote(PieceType t) { return Goal{GoalKind::Promote, {}, t}; }
Step last(Goal g) { return Step{std::move(g), ""}; }

std::vector<Exercise> make_exercises() {
    using PT = PieceType;
    constexpr const char* Castle = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    constexpr const char* Check = "k7/8/8/4r3/2N5/8/8/4KB1R w - - 0 1";
    return {
        // Article 3: how the pieces move.
        {"king", "pieces", "k7/8/8/8/8/8/3r1n2/4K3 w - - 0 1", {}, {last(moves({"e1d2"}))}, {"e1d2"}},
        {"queen", "pieces", "3rk3/8/8/7r/3P4/8/8/3QK3 w - - 0 1", {}, {last(moves({"d1h5"}))}, {"d1h5"}},
        {"rook", "pieces", "k7/8/n7/8/8/2n5/8/R3K3 w - - 0 1", {}, {last(moves({"a1a6"}))}, {"a1a6"}},
        {"bishop", "pieces", "k7/2r5/7r/8/8/8/8/2B1K3 w - - 0 1", {}, {last(moves({"c1h6"}))}, {"c1h6"}},
        {"knight", "pieces", "4k3/8/8/8/8/2q5/PPPP4/1N2K3 w - - 0 1", {}, {last(moves({"b1c3"}))}, {"b1c3"}},
        {"pawn", "pieces", "4k3/8/8/3np3/4P3/8/8/4K3 w - - 0 1", {}, {last(moves({"e4d5"}))}, {"e4d5"}},
        // Article 4: touch-move (the knight on g1 has been touched).
        {"touch-move",
         "touch-move",
         "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
         {},
         {last(moves({"g1f3", "g1e2", "g1h3"}))},
         {"g1f3"},
         {"g1"}},
        // 3.8.2: castling, and why it can be forbidden.
        {"castle-short", "castling", Castle, {}, {last(rule(GoalKind::CastleKing))}, {"e1g1"}},
        {"castle-long",
         "castling",
         "r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1",
         {},
         {last(rule(GoalKind::CastleQueen))},
         {"e1c1"}},
        {"castle-attacked",
         "castling",
         "r3k2r/8/8/8/6b1/8/8/R3K2R w KQkq - 0 1",
         {},
         {last(rule(GoalKind::CastleKing))},
         {"e1g1"}},
        {"castle-moved",
         "castling",
         "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
         {"h1h2", "a8b8", "h2h1", "b8a8"},
         {last(rule(GoalKind::CastleQueen))},
         {"e1c1"}},
        {"castle-in-check",
         "castling",
         "r3k3/8/8/8/4r3/8/8/R3K2R w KQq - 0 1",
         {},
         {last(moves({"e1d1", "e1d2", "e1f1", "e1f2"}))},
         {"e1f1"}},
        // 3.7.3.2: en passant, now or never.
        {"en-passant",
         "en-passant",
         "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
         {"d7d5"},
         {last(rule(GoalKind::EnPassant))},
         {"e5d6"}},
        {"en-passant-gone",
         "en-passant",
         "4k3/3p3p/8/4P3/8/8/7P/4K3 b - - 0 1",
         {"d7d5", "h2h3", "h7h6"},
         {last(moves({"e5e6"}))},
         {"e5e6"}},
        // 3.7.3.3: promotion to each piece.
        {"promote-queen", "promotion", "k7/2P5/1K6/8/8/8/8/8 w - - 0 1", {}, {last(rule(GoalKind::Mate))}, {"c7c8q"}},
        {"promote-knight", "promotion", "8/2P1k3/8/8/8/8/8/K7 w - - 0 1", {}, {last(promote(PT::Knight))}, {"c7c8n"}},
        {"promote-rook", "promotion", "8/5P2/8/8/8/8/k7/4K3 w - - 0 1", {}, {last(promote(PT::Rook))}, {"f7f8r"}},
        {"promote-bishop", "promotion", "8/k7/8/8/8/8/1p6/4K3 b - - 0 1", {}, {last(promote(PT::Bishop))}, {"b2b1b"}},
        // 3.9: check, and the three ways out of it.
        {"check-capture", "check", Check, {}, {last(moves({"c4e5"}))}, {"c4e5"}},
        {"check-block", "check", Check, {}, {last(moves({"f1e2", "c4e3"}))}, {"f1e2"}},
        {"check-king", "check", Check, {}, {last(moves({"e1d1", "e1d2", "e1f2"}))}, {"e1d2"}},
        // 5.1.1: checkmate, in one move and in two (the computer answers).
        {"mate-one", "mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {}, {last(rule(GoalKind::Mate))}, {"a1a8"}},
        {"mate-two",
         "mate",
         "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1",
         {},
         {Step{moves({"a2a7", "b1b7"}), "h8g8"}, last(rule(GoalKind::Mate))},
         {"a2a7", "b1b8"}},
        // Article 5 and 9: draws.
        {"stalemate", "draws", "k7/2K5/8/8/8/8/8/1Q6 w - - 0 1", {}, {last(rule(GoalKind::Stalemate))}, {"b1b6"}},
        {"dead-position",
         "draws",
         "8/8/4k3/1n6/8/8/3K4/5B2 w - - 0 1",
         {},
         {last(rule(GoalKind::DeadPosition))},
         {"f1b5"}},
        {"threefold",
         "draws",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"},
         {last(rule(GoalKind::ClaimThreefold))},
         {"f6g8"}},
        {"fifty-moves",
         "draws",
         "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80",
         {},
         {last(rule(GoalKind::ClaimFifty))},
         {"a1a2"}},
        // Article 6.9: the clock. White's flag is about to fall; taking Black's last pawn leaves a
        // lone king, which can never mate: the flag fall would then only draw.
        {"flag-fall", "clock", "7k/8/8/8/8/8/6p1/4K1R1 w - - 0 1", {}, {last(rule(GoalKind::FlagDraw))}, {"g1g2"}},
        // Appendix C: notation; piece values: the exchange.
        {"notation",
         "notation",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"},
         {last(moves({"b5c6"}))},
         {"b5c6"}},
        {"exchange", "values", "6k1/5r2/p7/1n6/2B5/8/8/6K1 w - - 0 1", {}, {last(moves({"c4f7"}))}, {"c4f7"}},
    };
}

/// A try's text: from, to and an optional promotion letter (q r b n, either case).
struct MoveInput {
    Square from = Square::None;
    Square to = Square::None;
    PieceType promotion = PieceType::None;
};

std::optional<MoveInput> read_input(std::string_view text) {
    if (text.size() != 4 && text.size() != 5) return std::nullopt;
    MoveInput in{parse_square(text.substr(0, 2)), parse_square(text.substr(2, 2)), PieceType::None};
    if (in.from == Square::None || in.to == Square::None) return std::nullopt;
    if (text.size() == 5) {
        switch (text[4]) {
            case 'q':
            case 'Q': in.promotion = PieceType::Queen; break;
            case 'r':
            case 'R': in.promotion = PieceType::Rook; break;
            case 'b':
            case 'B': in.promotion = PieceType::Bishop; break;
            case 'n':
            case 'N': in.promotion = PieceType::Knight; break;
            default: return std::nullopt;
        }
    }
    return in;
}

/// The legal move meant, or the same squares as a plain move (for the refusal).
Move move_of(const Position& pos, const MoveInput& in) {
    if (const Move m = find_move(pos, in.from, in.to, in.promotion)) return m;
    if (in.from == in.to) return Move::none();
    return in.promotion == PieceType::None ? Move::make(in.from, in.to, MoveKind::Normal)
                                           : Move::make(in.from, in.to, MoveKind::Promotion, in.promotion);
}

std::string standard_uci(const Position& pos, Move m) { return to_uci(m, pos.is_chess960()); }

/// Plays a legal move's text; nothing when it is no move or illegal.
bool play_text(Game& game, std::string_view text) {
    const auto in = read_input(text);
    if (!in) return false;
    const Move m = find_move(game.position(), in->from, in->to, in->promotion);
    return m && game.play(m).has_value();
}

std::optional<DrawClaim> claim_of(GoalKind k) {
    if (k == GoalKind::ClaimThreefold) return DrawClaim::Threefold;
    if (k == GoalKind::ClaimFifty) return DrawClaim::FiftyMoves;
    return std::nullopt;
}

/// A legal answer of the side to move, in SAN ("" when there is none).
std::string some_reply(const Position& pos, Language lang) {
    const MoveList list = legal_moves(pos);
    if (list.size() == 0) return {};
    return to_san(pos, *list.begin(), lang);
}

/// After a first move of a mate in two that is not the task's (`pos` is the position after it):
/// an answer of the other side after which there is no mate at once, in SAN; "" when every
/// answer still walks into a mate (or there is none).
std::string escape_from_mate(const Position& pos, Language lang) {
    for (const Move reply : legal_moves(pos)) {
        Position next = pos;
        next.do_move(reply);
        if (!engine::mate_in_one(next)) return to_san(pos, reply, lang);
    }
    return {};
}

/// Why the legal move `m` (played in `after`) misses `goal`, or nothing when it meets it.
/// A legal move beside the one move a task asks for: what is different about it (more won in the
/// exchange, another piece, another square), else just not the move.
std::optional<ExerciseMissInfo> compared(const Position& pos, Move m, const std::string& wanted_uci,
                                         ExerciseMissInfo miss) {
    miss.code = ExerciseMiss::NotTheMove;
    const auto in = read_input(wanted_uci);
    const Move wanted = in ? find_move(pos, in->from, in->to, in->promotion) : Move::none();
    if (!wanted) return miss;
    const PieceType moved = type_of(pos.piece_on(m.from())), asked = type_of(pos.piece_on(wanted.from()));
    if ((pos.is_capture(m) || pos.is_capture(wanted)) && see(pos, wanted) > see(pos, m)) {
        miss.code = ExerciseMiss::WinsLess;
        miss.count = see(pos, m) / 100;
    } else if (moved != asked) {
        miss.code = ExerciseMiss::WrongPiece;
        miss.piece = moved;
        miss.wanted = asked;
    } else if (m.to() != wanted.to()) {
        miss.code = ExerciseMiss::WrongSquare;
        miss.piece = moved;
        miss.to = to_string(m.to());
        miss.square = to_string(wanted.to());
    }
    return miss;
}

std::optional<ExerciseMissInfo> miss_of(const Goal& goal, const Game& before, Move m, const Game& after,
                                        std::optional<DrawClaim> claim, Language lang) {
    const Position& pos = before.position();
    ExerciseMissInfo miss;
    miss.move = to_san(pos, m, lang);
    const Termination end = after.outcome().termination;
    const auto fail = [&](ExerciseMiss code) {
        miss.code = code;
        return std::optional(miss);
    };
    const std::optional<DrawClaim> wanted_claim = claim_of(goal.kind);
    if (claim && claim != wanted_claim) return fail(ExerciseMiss::NotTheMove);
    switch (goal.kind) {
        case GoalKind::Moves: {
            const std::string uci = standard_uci(pos, m);
            if (std::find(goal.moves.begin(), goal.moves.end(), uci) != goal.moves.end()) return std::nullopt;
            if (goal.moves.size() == 1) return compared(pos, m, goal.moves.front(), miss);
            return fail(ExerciseMiss::NotTheMove);
        }
        case GoalKind::Mate:
            if (end == Termination::Checkmate) return std::nullopt;
            miss.reply = some_reply(after.position(), lang);
            return fail(miss.reply.empty() ? ExerciseMiss::NotTheMove : ExerciseMiss::NotMate);
        case GoalKind::Stalemate:
            if (end == Termination::Stalemate) return std::nullopt;
            if (after.position().in_check()) return fail(ExerciseMiss::StalemateCheck);
            miss.reply = some_reply(after.position(), lang);
            return fail(miss.reply.empty() ? ExerciseMiss::NotTheMove : ExerciseMiss::NotStalemate);
        case GoalKind::DeadPosition:
            if (end == Termination::DeadPosition) return std::nullopt;
            return fail(ExerciseMiss::NotDead);
        case GoalKind::FlagDraw: {
            const Color opponent = after.position().side_to_move();
            if (can_checkmate(after.position(), opponent).verdict == Winnability::Unwinnable) return std::nullopt;
            return fail(ExerciseMiss::OpponentCanMate);
        }
        case GoalKind::EnPassant:
            if (m.kind() == MoveKind::EnPassant) return std::nullopt;
            return fail(ExerciseMiss::NotEnPassant);
        case GoalKind::CastleKing:
        case GoalKind::CastleQueen: {
            if (m.kind() != MoveKind::Castling) return fail(ExerciseMiss::NotCastling);
            const bool is_long = pos.castling_side(m) == CastlingSide::Queen;
            if (is_long == (goal.kind == GoalKind::CastleQueen)) return std::nullopt;
            miss.castle_long = is_long;
            return fail(ExerciseMiss::WrongCastling);
        }
        case GoalKind::Promote:
            if (m.kind() != MoveKind::Promotion) return fail(ExerciseMiss::NotPromotion);
            if (m.promotion() == goal.promotion) return std::nullopt;
            miss.piece = m.promotion();
            miss.wanted = goal.promotion;
            return fail(ExerciseMiss::WrongPromotion);
        case GoalKind::ClaimThreefold:
        case GoalKind::ClaimFifty:
            if (!claim) return fail(ExerciseMiss::NoClaim);
            if (before.can_claim(*claim, m)) return std::nullopt;
            if (*claim == DrawClaim::Threefold) {
                miss.count = after.repetition_count();
                return fail(ExerciseMiss::ThreefoldWrong);
            }
            miss.count = after.position().halfmove_clock() / 2;
            return fail(ExerciseMiss::FiftyWrong);
    }
    return fail(ExerciseMiss::NotTheMove);
}

}  // namespace

const std::vector<Exercise>& exercises() {
    static const std::vector<Exercise> all = make_exercises();
    return all;
}

const Exercise* find_exercise(std::string_view id) {
    for (const Exercise& ex : exercises())
        if (ex.id == id) return &ex;
    return nullptr;
}

std::string_view exercise_error_id(ExerciseError e) {
    switch (e) {
        case ExerciseError::BadMoves: return "bad-moves";
        case ExerciseError::BadMove: return "bad-move";
        case ExerciseError::Finished: return "finished";
    }
    return "bad-moves";
}

std::string_view verdict_id(Verdict v) {
    switch (v) {
        case Verdict::Solved: return "solved";
        case Verdict::Next: return "next";
        case Verdict::Refused: return "refused";
        case Verdict::Missed: return "missed";
    }
    return "missed";
}

std::expected<Game, ExerciseError> exercise_game(const Exercise& ex, const std::vector<std::string>& moves) {
    auto start = position_from_fen(ex.fen);
    if (!start) return std::unexpected(ExerciseError::BadMoves);  // a defect of the data; tests catch it
    GameOptions options;
    options.touch_move = !ex.touched.empty();
    Game game(*start, options);
    for (const std::string& m : ex.setup)
        if (!play_text(game, m)) return std::unexpected(ExerciseError::BadMoves);
    for (const std::string& s : ex.touched)
        if (!game.touch(game.position().side_to_move(), parse_square(s)))
            return std::unexpected(ExerciseError::BadMoves);
    if (moves.size() > MaxExerciseMoves || moves.size() % 2 != 0 || moves.size() / 2 >= ex.steps.size())
        return std::unexpected(ExerciseError::BadMoves);
    for (std::size_t i = 0; i < moves.size(); i += 2) {
        const Step& step = ex.steps[i / 2];
        const Game before = game;
        const auto in = read_input(moves[i]);
        const Move m = in ? find_move(game.position(), in->from, in->to, in->promotion) : Move::none();
        if (!m || !game.play(m)) return std::unexpected(ExerciseError::BadMoves);
        if (miss_of(step.goal, before, m, game, std::nullopt, Language::English))
            return std::unexpected(ExerciseError::BadMoves);
        if (moves[i + 1] != step.reply || !play_text(game, moves[i + 1]))
            return std::unexpected(ExerciseError::BadMoves);
    }
    return game;
}

std::expected<TryResult, ExerciseError> try_exercise(const Exercise& ex, const Attempt& attempt, Language lang) {
    auto game = exercise_game(ex, attempt.moves);
    if (!game) return std::unexpected(game.error());
    const auto in = read_input(attempt.move);
    if (!in) return std::unexpected(ExerciseError::BadMove);
    const Step& step = ex.steps[attempt.moves.size() / 2];
    TryResult result{Verdict::Missed, *game, game->position(), attempt.moves, Move::none(),
                     Move::none(),    {},    std::nullopt};
    const Move m = move_of(game->position(), *in);
    Game after = *game;
    if (const auto played = after.play(m); !played) {
        result.verdict = Verdict::Refused;
        result.refusal = played.error();
        return result;
    }
    result.move = m;
    result.miss = miss_of(step.goal, *game, m, after, attempt.claim, lang);
    if (result.miss) {
        // The first move of a mate in two: the answer that shows the move played mates no more.
        const std::size_t next = attempt.moves.size() / 2 + 1;
        if (result.miss->code == ExerciseMiss::NotTheMove && next < ex.steps.size() &&
            ex.steps[next].goal.kind == GoalKind::Mate) {
            result.miss->reply = escape_from_mate(after.position(), lang);
            if (!result.miss->reply.empty()) result.miss->code = ExerciseMiss::NoMateNext;
        }
        return result;
    }
    result.moves.push_back(standard_uci(game->position(), m));
    if (step.reply.empty()) {
        result.verdict = Verdict::Solved;
        result.game = std::move(after);
        return result;
    }
    const Position& pos = after.position();
    const auto reply = read_input(step.reply);
    result.reply = reply ? find_move(pos, reply->from, reply->to, reply->promotion) : Move::none();
    if (!result.reply || !after.play(result.reply)) return std::unexpected(ExerciseError::BadMoves);  // data defect
    result.moves.push_back(step.reply);
    result.verdict = Verdict::Next;
    result.game = std::move(after);
    return result;
}

}  // namespace schach::server
