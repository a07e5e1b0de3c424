#include "match/game_runner.hpp"

#include <array>
#include <fmt/format.h>

#include "core/fen.hpp"
#include "game/match.hpp"
#include "notation/notation.hpp"

namespace schach::match {
namespace {

ms now_ms() { return std::chrono::duration_cast<ms>(std::chrono::steady_clock::now().time_since_epoch()); }

SteadyTime at(ms t) { return SteadyTime(std::chrono::duration_cast<std::chrono::steady_clock::duration>(t)); }

/// A score as centipawns for the adjudication rules; mates count as huge.
int centipawns(const engine::Score& s) {
    if (s.kind == engine::Score::Kind::Centipawns) return s.value;
    return s.value > 0 ? 100000 - s.value : -100000 - s.value;
}

/// Counts the plies in a row that meet each adjudication rule (both engines' scores, each from its
/// own side's view, alternating).
class Adjudicator {
public:
    explicit Adjudicator(const GameSettings& s) : settings_(s) {}

    /// After a move by `mover` at full move `move_number`: the side to be declared lost, a draw
    /// (Color unset, true), or nothing.
    struct Verdict {
        bool decided = false;
        std::optional<Color> loser;
    };
    Verdict after_move(Color mover, int move_number, const std::optional<engine::Score>& score) {
        if (!score) {
            resign_streak_ = {0, 0};
            draw_streak_ = 0;
            return {};
        }
        const int cp = centipawns(*score);
        if (settings_.resign) {
            const int limit = settings_.resign->score;
            // A score of -limit for the mover says the mover is lost; +limit says the opponent is.
            for (const Color c : {Color::White, Color::Black}) {
                const int for_c = c == mover ? cp : -cp;
                resign_streak_[idx(c)] = for_c <= -limit ? resign_streak_[idx(c)] + 1 : 0;
                if (resign_streak_[idx(c)] >= 2 * settings_.resign->movecount) return {true, c};
            }
        }
        if (settings_.draw) {
            draw_streak_ = (move_number >= settings_.draw->movenumber && std::abs(cp) <= settings_.draw->score)
                               ? draw_streak_ + 1
                               : 0;
            if (draw_streak_ >= 2 * settings_.draw->movecount) return {true, std::nullopt};
        }
        return {};
    }

private:
    const GameSettings& settings_;
    std::array<int, 2> resign_streak_{0, 0};
    int draw_streak_ = 0;
};

GameRecord forfeit(GameRecord record, Color culprit, EndReason reason) {
    record.culprit = culprit;
    record.reason = reason;
    record.outcome = {win_for(~culprit),
                      reason == EndReason::IllegalMove ? Termination::IllegalMoves : Termination::Arbiter};
    return record;
}

}  // namespace

std::string_view end_reason_id(EndReason reason) {
    switch (reason) {
        case EndReason::Rules: return "rules";
        case EndReason::TimeForfeit: return "time-forfeit";
        case EndReason::IllegalMove: return "illegal-move";
        case EndReason::Crash: return "crash";
        case EndReason::Stall: return "stall";
        case EndReason::NotReady: return "not-ready";
        case EndReason::ResignAdjudicated: return "resign-adjudication";
        case EndReason::DrawAdjudicated: return "draw-adjudication";
    }
    return "?";
}

std::optional<EndReason> parse_end_reason(std::string_view id) {
    for (int i = 0; i <= static_cast<int>(EndReason::DrawAdjudicated); ++i)
        if (end_reason_id(static_cast<EndReason>(i)) == id) return static_cast<EndReason>(i);
    return std::nullopt;
}

bool is_engine_failure(EndReason reason) {
    return reason == EndReason::TimeForfeit || reason == EndReason::IllegalMove || reason == EndReason::Crash ||
           reason == EndReason::Stall || reason == EndReason::NotReady;
}

std::optional<int> moves_to_go(const TimeControl& control, int moves_made) {
    if (control.periods.empty() || control.is_hourglass()) return std::nullopt;
    int index = 0;
    while (control.period(index).moves > 0 && moves_made >= control.period(index).moves) {
        moves_made -= control.period(index).moves;
        ++index;
    }
    const int moves = control.period(index).moves;
    if (moves == 0) return std::nullopt;
    return moves - moves_made;
}

std::string go_command(const EngineSpec& mover, const std::optional<Clock>& clock, std::int64_t now) {
    std::string go = "go";
    if (clock) {
        const ms t(now);
        go += fmt::format(" wtime {} btime {} winc {} binc {}", clock->remaining(Color::White, t).count(),
                          clock->remaining(Color::Black, t).count(), clock->increment(Color::White).count(),
                          clock->increment(Color::Black).count());
        const Color side = clock->to_move().value_or(Color::White);
        if (const auto togo = moves_to_go(clock->control(), clock->moves_made(side)))
            go += fmt::format(" movestogo {}", *togo);
    }
    if (mover.nodes) go += fmt::format(" nodes {}", *mover.nodes);
    if (mover.depth) go += fmt::format(" depth {}", *mover.depth);
    if (mover.movetime) go += fmt::format(" movetime {}", mover.movetime->count());
    return go;
}

std::string position_command(const Position& start, const std::vector<Move>& moves) {
    std::string cmd = !start.is_chess960() && to_fen(start) == StartFen
                          ? "position startpos"
                          : "position fen " + to_fen(start, FenFormat::XFen);
    if (!moves.empty()) cmd += " moves";
    for (const Move m : moves) cmd += ' ' + to_uci(m, start.is_chess960());
    return cmd;
}

GameRecord play_game(const Opening& opening, UciEngine& white, const EngineSpec& white_spec, UciEngine& black,
                     const EngineSpec& black_spec, const GameSettings& settings) {
    GameRecord record;
    record.opening = opening;
    record.tc = white_spec.tc;
    Game game(opening.start);
    for (const Move m : opening.moves)
        if (!game.play(m)) break;
    record.opening.moves = game.moves();
    if (!white.new_game(settings.watchdog)) return forfeit(record, Color::White, EndReason::NotReady);
    if (!black.new_game(settings.watchdog)) return forfeit(record, Color::Black, EndReason::NotReady);

    std::optional<Clock> clock;
    if (white_spec.tc) clock.emplace(*white_spec.tc);
    Match match(game, clock);
    (void)match.start(now_ms());
    Adjudicator adjudicator(settings);
    std::vector<Move> all = record.opening.moves;

    while (!match.is_over(now_ms())) {
        const Position& pos = match.game().position();
        const Color side = pos.side_to_move();
        UciEngine& engine = side == Color::White ? white : black;
        const EngineSpec& spec = side == Color::White ? white_spec : black_spec;
        const ms t0 = now_ms();
        const std::optional<ms> left = match.time_left(side, t0);
        const ms deadline = left ? t0 + *left + spec.timemargin
                                 : t0 + spec.movetime.value_or(ms(0)) + settings.watchdog;
        GoReply reply = engine.go(position_command(opening.start, all), go_command(spec, match.clock(), t0.count()),
                                  at(deadline));
        const ms t1 = now_ms();
        if (reply.status == EngineStatus::Crashed) {
            engine.quit(ms(0));
            return forfeit(record, side, EndReason::Crash);
        }
        if (reply.status == EngineStatus::Timeout) {
            if (!engine.stop_search(ms(1000))) engine.quit(ms(0));  // hung: killed, restarted for the next game
            if (!left) return forfeit(record, side, EndReason::Stall);
            (void)match.flag_check(std::max(t1, t0 + *left));
            record.outcome = match.outcome(std::max(t1, t0 + *left));
            record.reason = EndReason::TimeForfeit;
            record.culprit = side;
            return record;
        }
        const auto move = parse_uci(pos, reply.bestmove);
        if (!move || *move == Move::null() || !pos.is_legal(*move)) {
            record.bad_move = reply.bestmove;
            return forfeit(record, side, EndReason::IllegalMove);
        }
        // Within the margin an answer past the flag still counts: the clock is pressed just before it fell.
        ms press = t1;
        if (left && t1 - t0 >= *left && t1 - t0 <= *left + spec.timemargin) press = std::max(t0, t0 + *left - ms(1));
        const Color mover = side;
        const int move_number = pos.fullmove_number();
        const auto played = match.play(*move, press);
        if (!played) {
            if (played.error().kind == MatchError::Kind::TimeOver) {
                record.outcome = match.outcome(press);
                record.reason = EndReason::TimeForfeit;
                record.culprit = mover;
                return record;
            }
            record.bad_move = reply.bestmove;
            return forfeit(record, mover, EndReason::IllegalMove);
        }
        all.push_back(*move);
        record.moves.push_back(PlayedMove{*move, reply.bestmove, reply.report, played->used, played->clock});
        if (match.is_over(press)) break;
        const auto verdict = adjudicator.after_move(mover, move_number, reply.report.score);
        if (verdict.decided) {
            if (verdict.loser) {
                const auto resigned = match.resign(*verdict.loser, press);
                record.outcome = resigned ? *resigned : Outcome{win_for(~*verdict.loser), Termination::Resignation};
                record.reason = EndReason::ResignAdjudicated;
            } else {
                record.outcome = Outcome{Result::Draw, Termination::Agreement};
                record.reason = EndReason::DrawAdjudicated;
            }
            return record;
        }
    }
    record.outcome = match.outcome(now_ms());
    record.reason = match.flag_fall() ? EndReason::TimeForfeit : EndReason::Rules;
    if (match.flag_fall()) record.culprit = match.flag_fall()->side;
    return record;
}

}  // namespace schach::match
