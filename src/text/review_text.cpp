// The words of a game review. German and gender-neutral German share their sentences; only the
// piece names differ (de Springere, de Wesire: text/piece_names).

#include "text/review_text.hpp"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "notation/notation.hpp"
#include "text/piece_names.hpp"
#include "text/words.hpp"

namespace schach {
namespace {

using review::Fact;
using review::FactKind;
using review::Man;

bool english(Language lang) { return lang == Language::English; }

/// The moves of a line in SAN with the language's letters, without move numbers.
std::string line_text(const Position& start, const std::vector<Move>& line, Language lang) {
    Position pos = start;
    std::string out;
    for (Move m : line) {
        if (!m || !pos.is_legal(m)) break;
        if (!out.empty()) out += ' ';
        out += to_san(pos, m, lang);
        pos.do_move(m);
    }
    return out;
}

std::string first_move(const Fact& f, Language lang) {
    return f.line.empty() ? std::string() : line_text(f.position, {f.line.front()}, lang);
}

std::string where(Square s, Language lang) { return std::string(english(lang) ? " on " : " auf ") + to_string(s); }

/// "der Springer auf e5" / "the knight on e5".
std::string nominative(const Man& m, Language lang) {
    return std::string(piece_name(m.type, lang).nominative) + where(m.square, lang);
}
std::string accusative(const Man& m, Language lang) {
    return std::string(piece_name(m.type, lang).accusative) + where(m.square, lang);
}
/// The man without its square: "der Springer".
std::string bare_nominative(const Man& m, Language lang) { return std::string(piece_name(m.type, lang).nominative); }

std::string points(int centipawns, Language lang) {
    const int n = std::abs(centipawns) / 100;
    if (english(lang)) return fmt::format("{} {}", n, n == 1 ? "point" : "points");
    return fmt::format("{} {}", n, n == 1 ? "Punkt" : "Punkte");
}

/// "den König auf g8 und den Turm auf c8" / "the king on g8 and the rook on c8".
std::string target_list(const std::vector<Man>& targets, Language lang) {
    std::string out;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        if (i > 0) out += i + 1 == targets.size() ? (english(lang) ? " and " : " und ") : ", ";
        out += accusative(targets[i], lang);
    }
    return out;
}

/// "nach Sxe5 dxe5 ist der Springer verloren" (the loss of a fact's line), lower case.
std::string loss_clause(const Fact& f, Language lang) {
    const std::string line = line_text(f.position, f.line, lang);
    if (f.piece.type == PieceType::None)
        return english(lang) ? fmt::format("after {} material is lost ({})", line, points(f.material, lang))
                             : fmt::format("nach {} ist Material verloren ({})", line, points(f.material, lang));
    return english(lang) ? fmt::format("after {} {} is lost", line, bare_nominative(f.piece, lang))
                         : fmt::format("nach {} ist {} verloren", line, bare_nominative(f.piece, lang));
}

std::string german(const Fact& f, Language lang) {
    const std::string line = line_text(f.position, f.line, lang);
    switch (f.kind) {
        case FactKind::AllowsMate: return fmt::format("Das erlaubt Matt in {}: {}.", f.mate_in, line);
        case FactKind::BackRankMate: return fmt::format("Das erlaubt ein Grundreihenmatt in {}: {}.", f.mate_in, line);
        case FactKind::LosesMaterial: return capitalized(loss_clause(f, lang)) + ".";
        case FactKind::Fork:
            return fmt::format("Das erlaubt eine Gabel: {} greift {} zugleich an; {}.", nominative(f.by, lang),
                               target_list(f.targets, lang), loss_clause(f, lang));
        case FactKind::Pin:
            return fmt::format("Das erlaubt eine Fesselung: {} ist durch {} an {} gefesselt; {}.",
                               nominative(f.piece, lang), accusative(f.by, lang), accusative(f.targets.front(), lang),
                               loss_clause(f, lang));
        case FactKind::Skewer:
            return fmt::format("Das erlaubt einen Spieß: {} greift {} an, dahinter steht {}; {}.",
                               nominative(f.by, lang), accusative(f.targets.front(), lang), nominative(f.piece, lang),
                               loss_clause(f, lang));
        case FactKind::DiscoveredAttack:
            return fmt::format(
                "Das erlaubt einen Abzugsangriff: sobald eine Figur den Weg freigibt, greift {} {} an; {}.",
                nominative(f.by, lang), accusative(f.targets.front(), lang), loss_clause(f, lang));
        case FactKind::LosingTrade:
            return fmt::format("Ein Tausch, der {} kostet: {}.", points(f.material, lang), loss_clause(f, lang));
        case FactKind::HangingPiece:
            return fmt::format("{} {} und geht nach {} verloren.", capitalized(nominative(f.piece, lang)),
                               f.defended ? "ist nicht genug gedeckt" : "bleibt ungedeckt", line);
        case FactKind::Promotion:
            return fmt::format("Das erlaubt eine Umwandlung: nach {} erreicht {} die letzte Reihe auf {}.", line,
                               bare_nominative(f.piece, lang), to_string(f.piece.square));
        case FactKind::MissedMate: return fmt::format("Matt in {} war möglich: {}.", f.mate_in, line);
        case FactKind::MissedMaterial:
            if (f.promoted != PieceType::None)
                return fmt::format("{} hätte einen Bauern auf {} umgewandelt.", first_move(f, lang),
                                   to_string(f.piece.square));
            if (f.piece.type == PieceType::None)
                return fmt::format("{} hätte Material gewonnen ({}).", first_move(f, lang), points(f.material, lang));
            return fmt::format("{} hätte {} gewonnen.", first_move(f, lang), accusative(f.piece, lang));
        case FactKind::BestMove: return fmt::format("Besser war {}.", first_move(f, lang));
    }
    return {};
}

std::string english_text(const Fact& f, Language lang) {
    const std::string line = line_text(f.position, f.line, lang);
    switch (f.kind) {
        case FactKind::AllowsMate: return fmt::format("This allows mate in {}: {}.", f.mate_in, line);
        case FactKind::BackRankMate: return fmt::format("This allows a back-rank mate in {}: {}.", f.mate_in, line);
        case FactKind::LosesMaterial: return capitalized(loss_clause(f, lang)) + ".";
        case FactKind::Fork:
            return fmt::format("This allows a fork: {} attacks {} at once; {}.", nominative(f.by, lang),
                               target_list(f.targets, lang), loss_clause(f, lang));
        case FactKind::Pin:
            return fmt::format("This allows a pin: {} is pinned to {} by {}; {}.", nominative(f.piece, lang),
                               accusative(f.targets.front(), lang), accusative(f.by, lang), loss_clause(f, lang));
        case FactKind::Skewer:
            return fmt::format("This allows a skewer: {} attacks {} with {} behind it; {}.", nominative(f.by, lang),
                               accusative(f.targets.front(), lang), accusative(f.piece, lang), loss_clause(f, lang));
        case FactKind::DiscoveredAttack:
            return fmt::format("This allows a discovered attack: once a man steps aside, {} attacks {}; {}.",
                               nominative(f.by, lang), accusative(f.targets.front(), lang), loss_clause(f, lang));
        case FactKind::LosingTrade:
            return fmt::format("A trade that costs {}: {}.", points(f.material, lang), loss_clause(f, lang));
        case FactKind::HangingPiece:
            return fmt::format("{} is {} and is lost after {}.", capitalized(nominative(f.piece, lang)),
                               f.defended ? "not protected enough" : "left unprotected", line);
        case FactKind::Promotion:
            return fmt::format("This allows a promotion: after {} the pawn reaches the last rank on {}.", line,
                               to_string(f.piece.square));
        case FactKind::MissedMate: return fmt::format("Mate in {} was possible: {}.", f.mate_in, line);
        case FactKind::MissedMaterial:
            if (f.promoted != PieceType::None)
                return fmt::format("{} would have promoted a pawn on {}.", first_move(f, lang),
                                   to_string(f.piece.square));
            if (f.piece.type == PieceType::None)
                return fmt::format("{} would have won material ({}).", first_move(f, lang), points(f.material, lang));
            return fmt::format("{} would have won {}.", first_move(f, lang), accusative(f.piece, lang));
        case FactKind::BestMove: return fmt::format("{} was best.", first_move(f, lang));
    }
    return {};
}

}  // namespace

std::string_view judgement_name(review::Judgement j, Language lang) {
    switch (j) {
        case review::Judgement::None: return {};
        case review::Judgement::Inaccuracy: return words::pick(lang, "Ungenauigkeit", "Inaccuracy");
        case review::Judgement::Mistake: return words::pick(lang, "Fehler", "Mistake");
        case review::Judgement::Blunder: return words::pick(lang, "Patzer", "Blunder");
    }
    return {};
}

std::string describe(const Fact& fact, Language lang) {
    return english(lang) ? english_text(fact, lang) : german(fact, lang);
}

std::string describe(const review::Explanation& e, Language lang) {
    // The pattern says what the move allows better than the bare loss; a mate's pattern (the back
    // rank) replaces the plain "allows mate".
    const Fact* pattern = e.pattern();
    std::string out;
    const auto add = [&](const Fact& f) {
        if (!out.empty()) out += ' ';
        out += describe(f, lang);
    };
    if (pattern) add(*pattern);
    for (const Fact& f : e.facts) {
        if (&f == pattern) continue;
        if (pattern && (f.kind == FactKind::LosesMaterial || f.kind == FactKind::AllowsMate)) continue;
        add(f);
    }
    return out;
}

std::string eval_text(review::Eval e) {
    switch (e.kind) {
        case review::Eval::Kind::Checkmate: return "#";
        case review::Eval::Kind::Mate: return fmt::format("#{}", e.value);
        case review::Eval::Kind::Centipawns: break;
    }
    return fmt::format("{}{:.2f}", e.value >= 0 ? "+" : "-", std::abs(e.value) / 100.0);
}

std::string review_comment(const review::PlyReview& ply, Language lang) {
    if (ply.verdict.judgement == review::Judgement::None) return {};
    std::string out = fmt::format("({} → {}) {}.", eval_text(ply.before), eval_text(ply.after),
                                  judgement_name(ply.verdict.judgement, lang));
    const std::string words = describe(ply.explanation, lang);
    if (!words.empty()) out += ' ' + words;
    return out;
}

std::string describe_try_solved(const Position& before, Move tried, Move best, Language lang) {
    const std::string move = to_san(before, tried, lang);
    const bool en = lang == Language::English;
    if (best == Move::none() || best == tried)
        return en ? "Solved: " + move + " is the best move." : "Gelöst: " + move + " ist der beste Zug.";
    const std::string other = to_san(before, best, lang);
    return en ? "Solved: " + move + " is as good as the best move, " + other + "."
              : "Gelöst: " + move + " ist so gut wie der beste Zug, " + other + ".";
}

}  // namespace schach
