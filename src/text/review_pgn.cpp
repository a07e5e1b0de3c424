#include "text/review_pgn.hpp"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "text/opening_names.hpp"
#include "text/review_text.hpp"

namespace schach {

std::string pgn_eval(review::Eval e) {
    switch (e.kind) {
        case review::Eval::Kind::Checkmate: return {};
        case review::Eval::Kind::Mate: return fmt::format("#{}", e.value);
        case review::Eval::Kind::Centipawns: break;
    }
    return fmt::format("{}{:.2f}", e.value < 0 ? "-" : "", std::abs(e.value) / 100.0);
}

int judgement_nag(review::Judgement j) {
    switch (j) {
        case review::Judgement::Inaccuracy: return 6;
        case review::Judgement::Mistake: return 2;
        case review::Judgement::Blunder: return 4;
        case review::Judgement::None: return 0;
    }
    return 0;
}

namespace {

/// A comment without its [%eval ...] commands (the review gives its own).
std::string without_eval(std::string_view comment) {
    std::string out;
    std::size_t at = 0;
    while (at < comment.size()) {
        const std::size_t start = comment.find("[%eval", at);
        if (start == std::string_view::npos) {
            out += comment.substr(at);
            break;
        }
        out += comment.substr(at, start - at);
        const std::size_t end = comment.find(']', start);
        if (end == std::string_view::npos) break;
        at = end + 1;
    }
    const std::size_t b = out.find_first_not_of(' '), e = out.find_last_not_of(' ');
    return b == std::string::npos ? std::string() : out.substr(b, e - b + 1);
}

std::uint32_t add_node(PgnGame& g, std::uint32_t parent, Move m) {
    PgnNode node;
    node.move = m;
    node.parent = parent;
    g.nodes.push_back(std::move(node));
    const auto index = static_cast<std::uint32_t>(g.nodes.size() - 1);
    g.nodes[parent].children.push_back(index);
    return index;
}

std::string accuracy_tag(const std::optional<double>& a) { return a ? fmt::format("{:.0f}", *a) : std::string("?"); }

}  // namespace

PgnGame annotated_game(const PgnGame& original, const review::GameReview& review,
                       const std::optional<review::OpeningMatch>& opening, Language lang) {
    PgnGame g;
    g.tags = original.tags;
    g.start = original.start;
    g.game_comments = original.game_comments;
    g.result = original.result;
    if (opening && opening->opening) {
        g.set_tag("ECO", opening->opening->eco);
        g.set_tag("Opening", opening_name(*opening->opening, lang));
    }
    if (!review.plies.empty()) {
        g.set_tag("WhiteAccuracy", accuracy_tag(review.white.accuracy));
        g.set_tag("BlackAccuracy", accuracy_tag(review.black.accuracy));
    }
    g.set_tag("Annotator", "schach analyse");
    std::uint32_t from = 0;  // in the original
    std::uint32_t to = 0;    // in the copy
    for (std::size_t ply = 0; !original.nodes[from].children.empty(); ++ply) {
        const std::uint32_t next = original.nodes[from].children.front();
        const PgnNode& source = original.nodes[next];
        const std::uint32_t parent = to;
        to = add_node(g, parent, source.move);
        PgnNode& node = g.nodes[to];
        if (ply < review.plies.size()) {
            const review::PlyReview& p = review.plies[ply];
            const std::string eval = pgn_eval(p.after);
            if (!eval.empty()) node.comments_after.push_back("[%eval " + eval + "]");
            if (const int nag = judgement_nag(p.verdict.judgement)) {
                node.nags.push_back(nag);
                node.comments_after.push_back(review_comment(p, lang));
            }
        }
        for (const std::string& c : source.comments_after) {
            std::string kept = without_eval(c);
            if (!kept.empty()) g.nodes[to].comments_after.push_back(std::move(kept));
        }
        // The engine's line as a variation beside a judged move.
        if (ply < review.plies.size() && review.plies[ply].verdict.judgement != review::Judgement::None) {
            std::uint32_t at = parent;
            for (Move m : review.plies[ply].best_line) at = add_node(g, at, m);
        }
        from = next;
    }
    return g;
}

}  // namespace schach
