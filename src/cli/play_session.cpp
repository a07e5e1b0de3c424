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
#include "text/time_control_text.hpp"
#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "notation/notation.hpp"
#include "core/outcome.hpp"
#include "pgn/pgn.hpp"

namespace schach::cli {
namespace {

using ms = std::chrono::milliseconds;

enum class Cmd {
    Offer, Accept, Decline, Claim, Resign, Moves, Board, Flip, Clock, Pgn, Fen, Help, Touch, Wait, Quit
};

struct CommandWord {
    std::string_view word;  // lower case
    Cmd cmd;
};

// Every command in German and English, each with a short form. No entry is a move text (a move
// needs a square, "O-O"/"0-0" or "--"), so commands are looked up before moves.
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
    : config_(std::move(config)),
      match_(config_.start, config_.control.value_or(TimeControl::untimed()),
             GameOptions{.touch_move = config_.touch_move, .stop_at_end = true}) {
    // 6.6: the clock of the side to move starts with the game (Match refuses for a game already over).
    (void)match_.start(effective(now));
}

std::string PlaySession::tr(std::string_view de, std::string_view en) const {
    return std::string(config_.lang == Language::English ? en : de);
}

std::string PlaySession::error(std::string_view message) const { return fmt::format("Fehler / error: {}\n", message); }

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
        case Cmd::Flip:
            flipped_ = !flipped_;
            return out + board(now);
        case Cmd::Clock:
            if (!clock()) return out + tr("Die Partie hat keine Uhr (--tc).\n", "The game has no clock (--tc).\n");
            return out + clock_line(now) + "\n";
        case Cmd::Pgn: return out + pgn();
        case Cmd::Fen: return out + to_fen(game().position()) + "\n";
        case Cmd::Help: return out + help();
        case Cmd::Touch: return out + touch(args, now);
        case Cmd::Wait: return out + wait(args, now);
        case Cmd::Quit:
            quit_ = true;
            if (game().is_over()) return out;
            return out + "* " + tr("Partie abgebrochen.", "Game abandoned.") + "\n";
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
        const bool looks_like_word = e.kind == MoveTextError::Kind::Syntax && !has_digit(text) &&
                                     text.front() != 'O' && text.front() != 'o' && text.front() != '-';
        if (looks_like_word)
            return error(config_.lang == Language::English
                             ? fmt::format("Unknown command or move \"{}\"; \"help\" lists the commands", text)
                             : fmt::format("Unbekannter Befehl oder Zug „{}“; „hilfe“ zeigt die Befehle", text));
        return error(describe(e, before, config_.lang));
    }
    if (*parsed == Move::null()) return error(tr("Nullzüge gibt es in einer Partie nicht", "No null moves in a game"));
    const Color mover = before.side_to_move();
    const std::optional<Color> offer_before = game().draw_offer();
    if (auto played = match_.play(*parsed, effective(now)); !played) return refused(played.error());
    std::string out = after_move(before, *parsed);
    if (!game().is_over() && offer_before && *offer_before != mover && !game().draw_offer())
        out += tr("Das Remisangebot ist mit dem Zug abgelehnt.\n", "The move declines the draw offer.\n");
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
    const bool en = config_.lang == Language::English;
    std::string out = en ? fmt::format("{}'s time has run out.", color_name(side, config_.lang))
                         : fmt::format("Die Zeit von {} ist abgelaufen.", color_name(side, config_.lang));
    if (fall.outcome.result == Result::Draw)
        out += en ? fmt::format(" {} cannot checkmate.", color_name(~side, config_.lang))
                  : fmt::format(" {} kann nicht mehr mattsetzen.", color_name(~side, config_.lang));
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
    return config_.lang == Language::English
               ? fmt::format("{} offers a draw ({}: \"accept\" or \"decline\").\n", who, other)
               : fmt::format("{} bietet Remis an ({}: „annehmen“ oder „ablehnen“).\n", who, other);
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
    return config_.lang == Language::English
               ? fmt::format("{} declines the draw offer.\n", color_name(decliner, config_.lang))
               : fmt::format("{} lehnt das Remisangebot ab.\n", color_name(decliner, config_.lang));
}

std::string PlaySession::claim(const std::vector<std::string>& args, ms now) {
    if (game().is_over()) return refused(Refusal{RefusalCode::GameOver});
    if (args.size() > 1)
        return error(tr("Reklamieren nimmt höchstens einen Zug: „reklamieren Sf3“",
                        "A claim takes at most one move: \"claim Nf3\""));
    const Position before = game().position();
    const Color claimant = before.side_to_move();
    std::optional<Move> intended;
    if (!args.empty()) {
        auto parsed = parse_san(before, strip_move_number(args.front()), ParseMode::Lenient);
        if (!parsed) return error(describe(parsed.error(), before, config_.lang));
        if (*parsed == Move::null()) return error(tr("Nullzüge gibt es in einer Partie nicht", "No null moves in a game"));
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
            out += (config_.lang == Language::English ? "Claimed with the intended move "
                                                      : "Reklamiert mit dem beabsichtigten Zug ") +
                   to_san(before, *intended, config_.lang) + "\n";
        }
        return out + finish();
    }

    std::string out = tr("Die Reklamation ist unberechtigt: weder dreimalige Stellungswiederholung noch 50-Züge-Regel "
                         "(Art. 9.5.3).\n",
                         "The claim is incorrect: neither threefold repetition nor the 50-move rule (Art. 9.5.3).\n");
    // 9.5.3: the opponent gets time. Game decides it and Match puts it on the clock; shown here.
    const auto& penalties = game().penalties();
    for (std::size_t i = penalties_before; i < penalties.size(); ++i) {
        const Penalty& p = penalties[i];
        if (!clock()) continue;
        const int minutes = p.seconds / 60;
        const std::string_view name = color_name(p.beneficiary, config_.lang);
        out += config_.lang == Language::English
                   ? (p.seconds % 60 == 0 ? fmt::format("{} gets {} more minute{}.\n", name, minutes, minutes == 1 ? "" : "s")
                                          : fmt::format("{} gets {} more seconds.\n", name, p.seconds))
                   : (p.seconds % 60 == 0 ? fmt::format("{} erhält {} Minute{} dazu.\n", name, minutes, minutes == 1 ? "" : "n")
                                          : fmt::format("{} erhält {} Sekunden dazu.\n", name, p.seconds));
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
        if (!color)
            return error(tr("Aufgeben: „aufgeben“, „aufgeben weiß“ oder „aufgeben schwarz“",
                            "Resign: \"resign\", \"resign white\" or \"resign black\""));
        who = *color;
    }
    auto outcome = match_.resign(who, effective(now));
    if (!outcome) return refused(outcome.error());
    const bool en = config_.lang == Language::English;
    std::string out = en ? fmt::format("{} resigns.", color_name(who, config_.lang))
                         : fmt::format("{} gibt auf.", color_name(who, config_.lang));
    if (outcome->result == Result::Draw)  // 5.1.2: the opponent cannot checkmate
        out += en ? fmt::format(" {} cannot checkmate.", color_name(~who, config_.lang))
                  : fmt::format(" {} kann nicht mehr mattsetzen.", color_name(~who, config_.lang));
    return out + "\n" + finish();
}

std::string PlaySession::touch(const std::vector<std::string>& args, ms now) {
    if (!config_.touch_move)
        return error(tr("„berühre“ gibt es nur mit --touch-move (berührt – geführt)",
                        "\"touch\" needs --touch-move (touch-move rule)"));
    if (args.size() != 1) return error(tr("Welches Feld? Zum Beispiel „berühre e2“", "Which square? For example \"touch e2\""));
    const Square s = parse_square(fold(args.front()));
    if (s == Square::None)
        return error(config_.lang == Language::English ? fmt::format("\"{}\" is no square", args.front())
                                                       : fmt::format("„{}“ ist kein Feld", args.front()));
    if (auto r = match_.touch(game().position().side_to_move(), s, effective(now)); !r) return refused(r.error());
    const Piece p = game().position().piece_on(s);
    const PieceName name = piece_name(type_of(p), config_.lang);
    return config_.lang == Language::English
               ? fmt::format("Touched: {} on {} ({}).\n", name.bare, to_string(s), color_name(color_of(p), config_.lang))
               : fmt::format("Berührt: {} auf {} ({}).\n", name.bare, to_string(s), color_name(color_of(p), config_.lang));
}

std::string PlaySession::wait(const std::vector<std::string>& args, ms now) {
    if (!config_.scripted)
        return error(tr("„warte“ gibt es nur, wenn die Eingabe aus einer Datei oder Pipe kommt",
                        "\"wait\" exists only when the input comes from a file or pipe"));
    double seconds = -1;
    if (args.size() == 1) {
        const std::string& a = args.front();
        auto [ptr, ec] = std::from_chars(a.data(), a.data() + a.size(), seconds);
        if (ec != std::errc{} || ptr != a.data() + a.size()) seconds = -1;
    }
    if (!(seconds >= 0 && seconds <= 1e7))
        return error(tr("„warte SEKUNDEN“ mit einer Zahl von 0 bis 10000000", "\"wait SECONDS\" with a number from 0 to 10000000"));
    offset_ += ms(std::llround(seconds * 1000));
    std::string out = check_flag(now);
    if (out.empty() && clock()) out = clock_line(now) + "\n";
    return out;
}

// ---------------------------------------------------------------- display

std::string PlaySession::list_moves() const {
    if (game().is_over()) return tr("Keine Züge: die Partie ist beendet.\n", "No moves: the game is over.\n");
    const Position& pos = game().position();
    const MoveList moves = legal_moves(pos);
    std::vector<std::string> texts;
    for (Move m : moves) texts.push_back(to_san(pos, m, config_.lang));
    std::sort(texts.begin(), texts.end());
    std::string line;
    for (const std::string& t : texts) line += " " + t;
    return fmt::format("{} ({}):{}\n", tr("Legale Züge", "Legal moves"), texts.size(), line);
}

std::string PlaySession::board(ms now) const {
    BoardView view;
    view.lang = config_.lang;
    view.flipped = flipped_;
    view.color = config_.color;
    if (!game().moves().empty()) view.last_move = game().moves().back();
    if (clock() && !config_.interactive)
        view.clocks = ByColor<ms>{{*match_.time_left(Color::White, effective(now)),
                                   *match_.time_left(Color::Black, effective(now))}};
    std::string out = render_board(game().position(), view);
    if (!game().is_over() && game().position().in_check()) out += tr("Schach!\n", "Check!\n");
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
    if (game().is_over()) return tr("Partie beendet> ", "Game over> ");
    const Position& pos = game().position();
    const Color us = pos.side_to_move();
    return fmt::format("{}{} {}> ", pos.fullmove_number(), us == Color::White ? "." : "...", color_name(us, config_.lang));
}

std::string PlaySession::result_line() const {
    const Outcome o = game().outcome();
    return fmt::format("{} {}", result_token(o.result), describe(o, config_.lang));
}

std::string PlaySession::end_of_input_line() const {
    return "* " + tr("Die Partie ist nicht beendet (Ende der Eingabe).", "The game has not ended (end of input).") + "\n";
}

std::string PlaySession::pgn() const {
    PgnGame g;
    g.start = game().start();
    const Outcome o = game().outcome();
    g.result = o.result == Result::DoubleForfeit ? "*" : std::string(result_token(o.result));
    g.set_tag("Event", "Schach: Partie am Terminal / terminal game");
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

std::string PlaySession::help() const {
    if (config_.lang == Language::English)
        return "Moves: SAN with English or German letters (Nf3, Sf3, e4, O-O, e8=Q), long (Ng1-f3) or UCI (g1f3);\n"
               "  several moves on one line are played in turn; \"e4 draw\" moves and offers a draw.\n"
               "Commands (short form in brackets; the German words work too):\n"
               "  draw (=)                  offer a draw; accepts the opponent's offer\n"
               "  accept (yes, y)           accept the draw offer\n"
               "  decline (no, n)           decline the draw offer\n"
               "  claim [MOVE] (c)          claim a draw: threefold repetition or 50-move rule, also with\n"
               "                            the move you intend to play (an incorrect claim costs time)\n"
               "  resign [white|black] (rs) resign (the side to move, unless named)\n"
               "  moves (m)                 the legal moves\n"
               "  board (b)                 show the board\n"
               "  flip (f)                  turn the board around\n"
               "  clock (cl)                show the clocks\n"
               "  pgn (p)                   the game so far as PGN\n"
               "  fen                       the position as FEN\n"
               "  touch SQUARE (t)          touch a piece (with --touch-move)\n"
               "  wait SECONDS (w)          scripts only: let time pass\n"
               "  help (h, ?)               this help\n"
               "  quit (q)                  leave\n"
               "Offers, claims and resigning are for the side to move; accepting and declining for the side\n"
               "that did not offer.\n";
    return "Züge: SAN mit deutschen oder englischen Buchstaben (Sf3, Nf3, e4, 0-0, e8=D), lang (Sg1-f3) oder UCI\n"
           "  (g1f3); mehrere Züge in einer Zeile werden nacheinander gespielt; „e4 remis“ zieht und bietet Remis an.\n"
           "Befehle (Kurzform in Klammern; die englischen Wörter gehen auch):\n"
           "  remis (=)                  Remis anbieten; nimmt ein Angebot der Gegenseite an\n"
           "  annehmen (ja, j)           das Remisangebot annehmen\n"
           "  ablehnen (nein, n)         das Remisangebot ablehnen\n"
           "  reklamieren [ZUG] (rk)     Remis reklamieren: dreimalige Stellungswiederholung oder 50-Züge-Regel,\n"
           "                             auch mit dem beabsichtigten Zug (unberechtigt kostet es Zeit)\n"
           "  aufgeben [weiß|schwarz] (ag) aufgeben (die Seite am Zug, wenn keine genannt ist)\n"
           "  züge (z)                   die legalen Züge\n"
           "  brett (b)                  das Brett zeigen\n"
           "  drehen (dr)                das Brett drehen\n"
           "  uhr (u)                    die Uhren zeigen\n"
           "  pgn (p)                    die Partie bisher als PGN\n"
           "  fen                        die Stellung als FEN\n"
           "  berühre FELD (be)          eine Figur berühren (mit --touch-move)\n"
           "  warte SEKUNDEN (w)         nur in Skripten: Zeit vergehen lassen\n"
           "  hilfe (h, ?)               diese Hilfe\n"
           "  ende (q)                   beenden\n"
           "Angebote, Reklamationen und Aufgeben gelten für die Seite am Zug; annehmen und ablehnen für die\n"
           "Seite, die nicht angeboten hat.\n";
}

std::string PlaySession::welcome() const {
    std::string out = tr("Schach – Partie zu zweit an einem Terminal. „hilfe“ zeigt die Befehle.\n",
                         "Schach – two players at one terminal. \"help\" lists the commands.\n");
    if (config_.chess960)
        out += fmt::format("{} {}\n", tr("Chess960-Startstellung Nr.", "Chess960 start position no."), *config_.chess960);
    if (clock()) {
        const TimeControl& tc = clock()->control();
        out += fmt::format("{}: {} ({}, {})\n", tr("Bedenkzeit", "Time control"), to_string(tc),
                           describe_time_control(tc, config_.lang), time_class_name(classify(tc), config_.lang));
    } else {
        out += tr("Ohne Uhr.\n", "No clock.\n");
    }
    if (config_.touch_move) out += tr("Berührt – geführt: „berühre e2“.\n", "Touch-move: \"touch e2\".\n");
    return out;
}

}  // namespace schach::cli
