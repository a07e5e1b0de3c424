#pragma once
// Can a side still checkmate by any series of legal moves? (FIDE 5.2.2 dead position, 6.9 flag
// fall, 5.1.2 resignation, 7.5.5 second illegal move.) Sound by construction: "no" only with a
// proof; anything unproven is "undetermined", which the rules treat as "a mate is possible".
//
// The layers, cheapest first: forced moves, terminal positions and material; a short helpmate
// search steered toward mate (helpmate.hpp), which settles most real positions; a static
// analysis of where every piece can ever go (blockade.hpp: pawn walls, locked kings, bishops of
// one colour); an exhaustive search of every reachable position (exhaustive.hpp), which also
// applies the static analysis after captures; a search over kings and pawns with the other
// pieces abstracted (skeleton.hpp); then rounds of growing budget that alternate
// helpmate searches in three styles with the exhaustive search, led, for a winner with a lone
// minor piece, by a search toward mating pictures (mate_plan.hpp); last, for what they all leave
// open, the deep proofs (deep_proof.hpp: the loser's men never step where they would mate the
// winner's immobile king, statically and in an exhaustive search). A helpmate found is replayed
// before it is reported.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "analysis/mate_context.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

namespace schach {

enum class Winnability : std::uint8_t { Winnable, Unwinnable, Undetermined };

/// How an answer was found.
enum class MateProof : std::uint8_t {
    None,              // undetermined
    Checkmate,         // the position is already mate (or, for the other side, mate or stalemate)
    Material,          // the side lacks mating material against this opponent
    ForcedSequence,    // every legal continuation (only forced moves) ends where it cannot mate
    Helpmate,          // a line of legal moves that ends in mate (winnable)
    BlockedStructure,  // static analysis: the pieces that could give mate can never reach the king
    ExhaustedSearch,   // every position reachable from here was visited: none is a mate
};

struct MateAnalysis {
    Winnability verdict = Winnability::Undetermined;
    MateProof proof = MateProof::None;
    std::vector<Move> line;   // winnable: the moves from the position that end in mate
    std::uint64_t nodes = 0;  // positions the searches visited (work done)
};

/// Work allowed for one question, in positions visited. Each helpmate style gets `quick_nodes`
/// first (most real positions are settled there), then the static analysis runs; then rounds
/// with budgets growing fourfold from `first_round` give each style and the exhaustive search
/// the round's budget, so that a question costs about what its answer needs. A round beyond
/// `max_round` is not started; the deep proofs come last (an exhaustive search of `max_round`
/// positions, helpmate searches of 16 × `max_round`), and then the answer is "undetermined".
struct MateLimits {
    std::uint64_t quick_nodes = 100;
    std::uint64_t first_round = 1'000;
    std::uint64_t max_round = 1'024'000;
};

/// Whether `winner` can still checkmate from `pos` by some series of legal moves. The searches
/// work in `context` (reuse one per thread or worker: it keeps its tables between questions).
MateAnalysis can_checkmate(const Position& pos, Color winner, const MateLimits& limits, MateContext& context);
/// The same in memory of its own for this one question (a few kilobytes for most questions, up
/// to the 8 MB table for the longest).
MateAnalysis can_checkmate(const Position& pos, Color winner, const MateLimits& limits = {});
/// Dead position (5.2.2): neither side can checkmate (both proven).
bool is_dead(const Position& pos, const MateLimits& limits, MateContext& context);
bool is_dead(const Position& pos, const MateLimits& limits = {});

/// What shows a position alive: `winner` mates by the legal moves of `line` from it.
struct AliveProof {
    Color winner = Color::White;
    std::vector<Move> line;
};

/// is_dead, and when the position is alive by one of its quick helpmates, that helpmate in
/// `proof` (left empty otherwise), for carry_alive_proof after the next move.
bool is_dead(const Position& pos, const MateLimits& limits, MateContext& context, AliveProof& proof);

/// The helpmate of `proof` (from `before`) carried to the position after the legal move `played`
/// without a search: the rest of its line when it begins with `played`; else, when `played` can be
/// taken back (a piece's move that captures nothing, not castling), a move of the other side that
/// can be taken back too, `played` taken back, that move taken back (each checked legal), and, when
/// that is `before` again (Position::same_position), the line from `before`: a proof as long as
/// `proof` is one. None when no such line is found or it would be longer than `max_plies`; a game
/// then searches anew (is_dead), which gives a short line again.
std::optional<AliveProof> carry_alive_proof(const Position& before, Move played, const AliveProof& proof,
                                            std::size_t max_plies = 48);
/// Material alone rules out a mate by `winner` (whatever the moves), as in python-chess and lichess.
bool insufficient_material(const Position& pos, Color winner);

/// A line of legal moves without its detours: from each position, the legal move (with
/// `lookahead` 2: or pair of moves) that reaches the latest later position of the line. A
/// helpmate stays a helpmate; searches return lines with waiting moves, which this removes for
/// showing them (lookahead 2 costs about the square of the moves per position).
std::vector<Move> shortened_line(const Position& start, std::vector<Move> line, int lookahead = 1);

/// A helpmate line for people to read: a bounded search for a shorter one when `line` is long,
/// then shortened_line with lookahead 2. `line` must be a helpmate by `winner` from `start`.
std::vector<Move> presentable_helpmate(const Position& start, Color winner, std::vector<Move> line);
std::vector<Move> presentable_helpmate(const Position& start, Color winner, std::vector<Move> line,
                                       MateContext& context);

/// "checkmate", "material", "forced-sequence", "helpmate", "blocked-structure", "exhausted-search", "none".
std::string_view proof_id(MateProof proof);

}  // namespace schach
