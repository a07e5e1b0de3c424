// PlaySession: moves and commands of `schach play`, in German and English.

#include "cli/play_session.hpp"

#include "text/outcome_text.hpp"
#include "text/piece_names.hpp"
#include "text/refusal_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

#include <fmt/core.h>

#include "cli/board_render.hpp"
#include "cli/commands.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/outcome.hpp"
#include "notation/notation.hpp"
#include "pgn/pgn.hpp"
#include "text/time_control_text.hpp"

namespace schach::cli {
namespace {

using ms = std::chrono::milliseconds;

enum class Cmd { Offer, Accept, Decline, Claim, Resign, Moves, Board, Flip, Clock, Pgn, Fen, Help, Touch, Wait, Quit };

struct CommandWord {
    std::string_view word;  // lower case
    Cmd cmd;
};

// Every command in German and English, each with a short form. No entry is a move text (a move
// needs a square, "O-O"/"0-0" or "--"), so commands are looked up before moves.
// clang-format off
constexpr CommandWord CommandWords[] = {
    {"remis", Cmd::Offer},       {"draw", Cmd::Offer},      {"=", Cmd::Offer},
    {"annehmen", Cmd::Accept},   {"accept", Cmd::Accept},   {"ja", Cmd::Accept},    {"j", Cmd::Accept},
    {"yes", Cmd::Accept},        {"y", Cmd::Accept},
    {"ablehnen", Cmd::Decline},  {"decline", Cmd::Decline}, {"nein", Cmd::Decline}, {"no", Cmd::Decline},
    {"n", Cmd::Decline},
    {"reklamieren", Cmd::Claim}, {"claim", Cmd::Claim},     {"rk", Cmd::Claim},     {"c", Cmd::Claim},
    {"aufgeben", Cmd::Resign},   {"resign", Cmd::Resign},   {"ag", Cmd::Resign},    {"rs", Cmd::Resign},
    {"züge", Cmd::Moves},        {"zuege", Cmd::Moves},     {"moves", Cmd::Moves},  {"z", Cmd::Moves},
    {"m", Cmd::Moves},
    {"brett", Cmd::Board},       {"board", Cmd::Board},     {"b", Cmd::Board},
    {"drehen", Cmd::Flip},       {"flip", Cmd::Flip},       {"dr", Cmd::Flip},      {"f", Cmd::Flip},
    {"uhr", Cmd::Clock},         {"clock", Cmd::Clock},     {"u", Cmd::Clock},      {"cl", Cmd::Clock},
    {"pgn", Cmd::Pgn},           {"p", Cmd::Pgn},
    {"fen", Cmd::Fen},
    {"hilfe", Cmd::Help},        {"help", Cmd::Help},       {"h", Cmd::Help},       {"?", Cmd::Help},
    {"berühre", Cmd::Touch},     {"beruehre", Cmd::Touch},  {"touch", Cmd::Touch},  {"be", Cmd::Touch},
    {"t", Cmd::Touch},
    {"warte", Cmd::Wait},        {"wait", Cmd::Wait},       {"w", Cmd::Wait},
    {"ende", Cmd::Quit},         {"quit", Cmd::Quit},       {"exit", Cmd::Quit},    {"q", Cmd::Quit},
};
// clang-format on

/// Lower case for ASCII letters and the German umlauts (UTF-8), so "Züge" and "ZÜGE" are found.
std::string fold(std::string_view text) {
    std::string out(text);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto c = static_cast<unsigned char>(out[i]);
        if (c >= 'A' && c <= 'Z') out[i] = static_cast<char>(c - 'A' + 'a');
        if (c == 0xC3 && i + 1 < out.size()) {
            const auto next = static_cast<unsigned char>(out[i + 1]);
            if (next == 0x84 || next == 0x96 || next == 0x9C) out[i + 1] = static_cast<char>(next + 0x20);  // ÄÖÜ
        }
    }
    return out;
}

std::optional<Cmd> find_command(std::string_view word) {
    const std::string folded = fold(word);
    for (const CommandWord& w : CommandWords)
        if (w.word == folded) return w.cmd;
    return std::nullopt;
}

/// Commands that act on the game: when a flag falls first, they are not carried out.
bool acts_on_game(Cmd c) {
    return c == Cmd::Offer || c == Cmd::Accept || c == Cmd::Decline || c == Cmd::Claim || c == Cmd::Resign ||
           c == Cmd::Touch;
}

std::vector<std::string> split(std::string_view line) {
    const std::vector<std::string_view> words = split_words(line);
    return {words.begin(), words.end()};
}

/// A move number in front of or instead of a move ("12.", "12...", "1.e4"): what is left of it.
std::string_view strip_move_number(std::string_view word) {
    std::size_t i = 0;
    while (i < word.size() && word[i] >= '0' && word[i] <= '9') ++i;
    if (i == 0 || i == word.size() || word[i] != '.') return word;
    while (i < word.size() && word[i] == '.') ++i;
    return word.substr(i);
}

std::optional<Color> parse_color(std::string_view word) {
    const std::string w = fold(word);
    if (w == "weiß" || w == "weiss" || w == "white" || w == "w") return Color::White;
    if (w == "schwarz" || w == "black" || w == "s" || w == "b") return Color::Black;
    return std::nullopt;
}

bool has_digit(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// "1. e4" or "1... e5": the move as the language writes it, with its number.
std::string numbered_san(const Position& before, Move m, Language lang) {
    const char* dots = before.side_to_move() == Color::White ? ". " : "... ";
    return fmt::format("{}{}{}", before.fullmove_number(), dots, to_san(before, m, lang));
}

}  // namespace

PlaySession::PlaySession(PlayConfig config, ms now)
    : config_(std::move(config)), match_(config_.start, config_.control.value_or(TimeControl::untimed()),
                                         GameOptions{.touch_move = config_.touch_move, .stop_at_end = true}) {
    // 6.6: the clock of the side to move starts with the game (Match refuses for a game already over).
    (void)match_.start(effective(now));
}

std::string PlaySession::error(std::string_view message) const {
    return fmt::format("{}: {}\n", tr(Msg::ErrorLabel), message);
}

std::string PlaySession::refused(const Refusal& r) const { return error(describe(r, config_.lang)); }

std::string PlaySession::refused(const MatchError& e) const {
    switch (e.kind) {
        case MatchError::Kind::Rules: return refused(e.refusal);
        case MatchError::Kind::TimeOver: return match_.flag_fall() ? flag_announcement(*match_.flag_fall()) : finish();
        case MatchError::Kind::Clock: return error(clock_error_id(e.clock));
    }
    return error(clock_error_id(e.clock));
}

// ---------------------------------------------------------------- input

std::string PlaySession::handle_line(std::string_view line, ms now) {
    const std::vector<std::string> words = split(line);
    std::string out = check_flag(now);
    if (words.empty()) return out;
    const std::optional<Cmd> cmd = find_command(words.front());
    const bool flag_fell = !out.empty();
    // A flag that fell before the player acted decides the game (6.9); the action is void.
    if (flag_fell && (!cmd || acts_on_game(*cmd))) return out;
    if (!cmd) {
        const int plies = game().plies();
        std::string moves = play_moves(words, now);
        // Interactive play shows the board after the line's moves, above what they did.
        if (config_.interactive && game().plies() != plies) moves = board(now) + moves;
        return out + moves;
    }

    const std::vector<std::string> args(words.begin() + 1, words.end());
    switch (*cmd) {
        case Cmd::Offer: return out + offer(now);
        case Cmd::Accept: return out + accept(now);
        case Cmd::Decline: return out + decline(now);
        case Cmd::Claim: return out + claim(args, now);
        case Cmd::Resign: return out + resign(args, now);
        case Cmd::Moves: return out + list_moves();
        case Cmd::Board: return out + board(now);
        case Cmd::Flip: flipped_ = !flipped_; return out + board(now);
        case Cmd::Clock:
            if (!clock()) return out + tr(Msg::PlayGameHasNoClock) + "\n";
            return out + clock_line(now) + "\n";
        case Cmd::Pgn: return out + pgn();
        case Cmd::Fen: return out + to_fen(game().position()) + "\n";
        case Cmd::Help: return out + help();
        case Cmd::Touch: return out + touch(args, now);
        case Cmd::Wait: return out + wait(args, now);
        case Cmd::Quit:
            quit_ = true;
            if (game().is_over()) return out;
            return out + "* " + tr(Msg::PlayAbandoned) + "\n";
    }
    return out;
}

std::string PlaySession::play_moves(const std::vector<std::string>& words, ms now) {
    std::string out;
    bool moved = false;
    for (const std::string& word : words) {
        // "e4 remis": a move with a draw offer (9.1.2.1: offer after making the move).
        if (moved && find_command(word) == Cmd::Offer) {
            out += offer(now, ~game().position().side_to_move());
            continue;
        }
        const std::string_view text = strip_move_number(word);
        if (text.empty()) continue;
        const std::size_t plies = static_cast<std::size_t>(game().plies());
        out += play_move(text, now);
        if (static_cast<std::size_t>(game().plies()) == plies) break;  // refused: the rest of the line is dropped
        moved = true;
        if (game().is_over()) break;
    }
    return out;
}

std::string PlaySession::play_move(std::string_view text, ms now) {
    if (game().is_over()) return refused(Refusal{RefusalCode::GameOver});
    const Position before = game().position();
    auto parsed = parse_san(before, text, ParseMode::Lenient);
    if (!parsed) {
        const MoveTextError& e = parsed.error();
        const bool looks_like_word = e.kind == MoveTextError::Kind::Syntax && !has_digit(text) && text.front() != 'O' &&
                                     text.front() != 'o' && text.front() != '-';
        if (looks_like_word) return error(tr(Msg::PlayUnknownWord, text));
        return error(describe(e, before, config_.lang));
    }
    if (*parsed == Move::null()) return error(tr(Msg::PlayNoNullMoves));
    const Color mover = before.side_to_move();
    const std::optional<Color> offer_before = game().draw_offer();
    if (auto played = match_.play(*parsed, effective(now)); !played) return refused(played.error());
    std::string out = after_move(before, *parsed);
    if (!game().is_over() && offer_before && *offer_before != mover && !game().draw_offer())
        out += tr(Msg::PlayOfferDeclinedByMove) + "\n";
    return out;
}

std::string PlaySession::after_move(const Position& before, Move m) {
    std::string out = numbered_san(before, m, config_.lang) + "\n";
    if (game().is_over()) out += finish();
    return out;
}

std::string PlaySession::finish() const { return result_line() + "\n"; }

std::string PlaySession::check_flag(ms now) {
    const std::optional<FlagFall> fall = match_.flag_check(effective(now));
    return fall ? flag_announcement(*fall) : "";
}

std::string PlaySession::flag_announcement(const FlagFall& fall) const {
    const Color side = fall.side;
    std::string out = tr(Msg::PlayTimeUp, color_name(side, config_.lang));
    if (fall.outcome.result == Result::Draw) out += " " + tr(Msg::PlayCannotMate, color_name(~side, config_.lang));
    return out + "\n" + finish();
}

// ---------------------------------------------------------------- draws, claims, resigning

std::string PlaySession::offer(ms now) { return offer(now, game().position().side_to_move()); }

std::string PlaySession::offer(ms now, Color by) {
    if (auto r = match_.offer_draw(by, effective(now)); !r) return refused(r.error());
    if (game().is_over()) return finish();  // it met the opponent's offer: agreed
    return offer_notice();
}

std::string PlaySession::offer_notice() const {
    const std::optional<Color> by = game().draw_offer();
    if (!by) return "";
    const std::string_view who = color_name(*by, config_.lang), other = color_name(~*by, config_.lang);
    return tr(Msg::PlayOffers, who, other) + "\n";
}

std::string PlaySession::accept(ms now) {
    // The player who did not offer accepts, whoever is to move.
    const std::optional<Color> by = game().draw_offer();
    const Color accepter = by ? ~*by : game().position().side_to_move();
    if (auto r = match_.accept_draw(accepter, effective(now)); !r) return refused(r.error());
    return finish();
}

std::string PlaySession::decline(ms now) {
    const std::optional<Color> by = game().draw_offer();
    const Color decliner = by ? ~*by : game().position().side_to_move();
    if (auto r = match_.decline_draw(decliner, effective(now)); !r) return refused(r.error());
    return tr(Msg::PlayDeclines, color_name(decliner, config_.lang)) + "\n";
}

std::string PlaySession::claim(const std::vector<std::string>& args, ms now) {
    if (game().is_over()) return refused(Refusal{RefusalCode::GameOver});
    if (args.size() > 1) return error(tr(Msg::PlayClaimOneMove));
    const Position before = game().position();
    const Color claimant = before.side_to_move();
    std::optional<Move> intended;
    if (!args.empty()) {
        auto parsed = parse_san(before, strip_move_number(args.front()), ParseMode::Lenient);
        if (!parsed) return error(describe(parsed.error(), before, config_.lang));
        if (*parsed == Move::null()) return error(tr(Msg::PlayNoNullMoves));
        intended = *parsed;
    }
    // Claim whichever rule applies (9.2 or 9.3); an incorrect claim is an incorrect claim of either.
    DrawClaim kind = DrawClaim::Threefold;
    if (!game().can_claim(DrawClaim::Threefold, intended) && game().can_claim(DrawClaim::FiftyMoves, intended))
        kind = DrawClaim::FiftyMoves;
    const int plies = game().plies();
    const std::size_t penalties_before = game().penalties().size();
    auto result = match_.claim_draw(claimant, kind, intended, effective(now));
    if (!result) return refused(result.error());

    if (result->correct) {
        std::string out;
        if (intended) {
            // 9.2.1.1 / 9.3.1: the move is written down, not played; the PGN keeps it as a comment.
            claim_note_ply_ = plies;
            claim_note_ = "Draw claimed with the intended move " + to_san(before, *intended, Language::English);
            out += tr(Msg::PlayClaimedWith, to_san(before, *intended, config_.lang)) + "\n";
        }
        return out + finish();
    }

    std::string out = tr(Msg::PlayIncorrectClaim) + "\n";
    // 9.5.3: the opponent gets time. Game decides it and Match puts it on the clock; shown here.
    const auto& penalties = game().penalties();
    for (std::size_t i = penalties_before; i < penalties.size(); ++i) {
        const Penalty& p = penalties[i];
        if (!clock()) continue;
        const int minutes = p.seconds / 60;
        const std::string_view name = color_name(p.beneficiary, config_.lang);
        out += (p.seconds % 60 == 0 ? tr(minutes == 1 ? Msg::PlayGetsMinute : Msg::PlayGetsMinutes, name, minutes)
                                    : tr(Msg::PlayGetsSeconds, name, p.seconds)) +
               "\n";
    }
    if (result->played && game().plies() == plies + 1) {
        const std::string moved = after_move(before, *result->played);
        out += (config_.interactive ? board(now) : std::string()) + moved;
    }
    // 9.1.2.3: the claim stands as a draw offer.
    if (!game().is_over()) out += offer_notice();
    return out;
}

std::string PlaySession::resign(const std::vector<std::string>& args, ms now) {
    if (game().is_over()) return refused(Refusal{RefusalCode::GameOver});
    Color who = game().position().side_to_move();
    if (!args.empty()) {
        const auto color = args.size() == 1 ? parse_color(args.front()) : std::nullopt;
        if (!color) return error(tr(Msg::PlayResignUsage));
        who = *color;
    }
    auto outcome = match_.resign(who, effective(now));
    if (!outcome) return refused(outcome.error());
    std::string out = tr(Msg::PlayResigns, color_name(who, config_.lang));
    if (outcome->result == Result::Draw)  // 5.1.2: the opponent cannot checkmate
        out += " " + tr(Msg::PlayCannotMate, color_name(~who, config_.lang));
    return out + "\n" + finish();
}

std::string PlaySession::touch(const std::vector<std::string>& args, ms now) {
    if (!config_.touch_move) return error(tr(Msg::PlayTouchNeedsOption));
    if (args.size() != 1) return error(tr(Msg::PlayTouchWhich));
    const Square s = parse_square(fold(args.front()));
    if (s == Square::None) return error(tr(Msg::PlayNoSquare, args.front()));
    if (auto r = match_.touch(game().position().side_to_move(), s, effective(now)); !r) return refused(r.error());
    const Piece p = game().position().piece_on(s);
    const PieceName name = piece_name(type_of(p), config_.lang);
    return tr(Msg::PlayTouched, name.bare, to_string(s), color_name(color_of(p), config_.lang)) + "\n";
}

std::string PlaySession::wait(const std::vector<std::string>& args, ms now) {
    if (!config_.scripted) return error(tr(Msg::PlayWaitScripted));
    double seconds = -1;
    if (args.size() == 1) {
        const std::string& a = args.front();
        auto [ptr, ec] = std::from_chars(a.data(), a.data() + a.size(), seconds);
        if (ec != std::errc{} || ptr != a.data() + a.size()) seconds = -1;
    }
    if (!(seconds >= 0 && seconds <= 1e7)) return error(tr(Msg::PlayWaitUsage));
    offset_ += ms(std::llround(seconds * 1000));
    std::string out = check_flag(now);
    if (out.empty() && clock()) out = clock_line(now) + "\n";
    return out;
}

// ---------------------------------------------------------------- display

std::string PlaySession::list_moves() const {
    if (game().is_over()) return tr(Msg::PlayNoMovesOver) + "\n";
    const Position& pos = game().position();
    const MoveList moves = legal_moves(pos);
    std::vector<std::string> texts;
    for (Move m : moves) texts.push_back(to_san(pos, m, config_.lang));
    std::sort(texts.begin(), texts.end());
    std::string line;
    for (const std::string& t : texts) line += " " + t;
    return tr(Msg::PlayLegalMoves, texts.size(), line) + "\n";
}

std::string PlaySession::board(ms now) const {
    BoardView view;
    view.lang = config_.lang;
    view.flipped = flipped_;
    view.color = config_.color;
    if (!game().moves().empty()) view.last_move = game().moves().back();
    if (clock() && !config_.interactive)
        view.clocks = ByColor<ms>{
            {*match_.time_left(Color::White, effective(now)), *match_.time_left(Color::Black, effective(now))}};
    std::string out = render_board(game().position(), view);
    if (!game().is_over() && game().position().in_check()) out += tr(Msg::PlayCheck) + "\n";
    return out;
}

std::string PlaySession::clock_line(ms now) const {
    if (!clock()) return "";
    const std::optional<Color> running = clock()->running();
    std::string out;
    for (Color c : Colors) {
        if (!out.empty()) out += "   ";
        out += fmt::format("{}{} {}", running == c ? "▶ " : "  ", color_name(c, config_.lang),
                           format_clock(*match_.time_left(c, effective(now))));
    }
    return out;
}

std::string PlaySession::prompt() const {
    if (game().is_over()) return tr(Msg::PlayPromptOver);
    const Position& pos = game().position();
    const Color us = pos.side_to_move();
    return fmt::format("{}{} {}> ", pos.fullmove_number(), us == Color::White ? "." : "...",
                       color_name(us, config_.lang));
}

std::string PlaySession::result_line() const {
    const Outcome o = game().outcome();
    return fmt::format("{} {}", result_token(o.result), describe(o, config_.lang));
}

std::string PlaySession::end_of_input_line() const { return "* " + tr(Msg::PlayNotEnded) + "\n"; }

std::string PlaySession::pgn() const {
    PgnGame g;
    g.start = game().start();
    const Outcome o = game().outcome();
    g.result = o.result == Result::DoubleForfeit ? "*" : std::string(result_token(o.result));
    g.set_tag("Event", tr(Msg::PlayEvent));
    g.set_tag("Site", "?");
    g.set_tag("Date", config_.date.empty() ? "????.??.??" : config_.date);
    g.set_tag("Round", "-");
    g.set_tag("White", "?");
    g.set_tag("Black", "?");
    if (game().start().is_chess960() || to_fen(game().start(), FenFormat::Fen) != StartFen) {
        g.set_tag("SetUp", "1");
        g.set_tag("FEN", to_fen(game().start(), FenFormat::XFen));
    }
    if (game().start().is_chess960()) g.set_tag("Variant", "Chess960");
    g.set_tag("TimeControl", clock() ? to_pgn_time_control(clock()->control()) : "-");
    g.set_tag("Termination", termination_tag(o.termination));

    // The session made the match at ply 0, so the times are the moves' own.
    const std::vector<MoveTime>& times = match_.move_times();
    std::uint32_t parent = 0;
    for (std::size_t i = 0; i < game().moves().size(); ++i) {
        PgnNode node;
        node.move = game().moves()[i];
        node.parent = parent;
        if (i < times.size() && times[i].clock)
            node.comments_after.push_back("[%clk " + format_clk(*times[i].clock) + "]");
        const auto index = static_cast<std::uint32_t>(g.nodes.size());
        g.nodes.push_back(std::move(node));
        g.nodes[parent].children.push_back(index);
        parent = index;
    }
    if (!claim_note_.empty()) {
        if (claim_note_ply_ == 0) g.game_comments.push_back(claim_note_);
        else if (static_cast<std::size_t>(claim_note_ply_) < g.nodes.size())
            g.nodes[static_cast<std::size_t>(claim_note_ply_)].comments_after.push_back(claim_note_);
    }
    return write_pgn(g);
}

std::string PlaySession::help() const { return tr(Msg::PlayHelp, piece_letter(PieceType::Queen, config_.lang)); }

std::string PlaySession::welcome() const {
    std::string out = tr(Msg::PlayWelcome) + "\n";
    if (config_.chess960) out += tr(Msg::PlayChess960Number, *config_.chess960) + "\n";
    if (clock()) {
        const TimeControl& tc = clock()->control();
        out += tr(Msg::PlayTimeControl, to_string(tc), describe_time_control(tc, config_.lang),
                  time_class_name(classify(tc), config_.lang)) +
               "\n";
    } else {
        out += tr(Msg::PlayNoClock) + "\n";
    }
    if (config_.touch_move) out += tr(Msg::PlayTouchMoveOn) + "\n";
    return out;
}

}  // namespace schach::cli
