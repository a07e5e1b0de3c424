#pragma once
// What the Laws of Chess say about a recorded game (`schach pgn adjudicate`, the PGN page of
// `schach serve`): the main line replayed in a Game that does not stop at the end, then, in this
// order, the first automatic ending it passed through; a loss on time (6.9) when the record says a
// flag fell; a decisive record without a board reason taken as a resignation (5.1.2); otherwise
// a claimable draw or a game still going on. Data only; the words are made by the callers.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/outcome.hpp"
#include "core/position.hpp"

namespace schach {

/// What a record says beyond its moves.
struct GameRecord {
    std::string recorded;                         // the Result tag, else the termination marker; "" when neither
    std::optional<std::string> termination;       // the Termination tag
    ByColor<std::optional<double>> last_clock{};  // [%clk] seconds after each side's last move
};

struct Adjudication {
    enum class Verdict : std::uint8_t {
        Over,                // the Laws end the game: `laws`
        ClaimableThreefold,  // 9.2: the player to move may claim
        ClaimableFifty,      // 9.3
        Ongoing,             // the board alone does not decide
        NotReplayable,       // a null move at `bad_ply` (the reader checked every other move)
    };
    Verdict verdict = Verdict::Ongoing;
    Outcome laws;                          // Verdict::Over
    std::optional<int> end_ply;            // an automatic ending after this many plies (moves may follow)
    int plies = 0;                         // the main line's plies
    int bad_ply = 0;                       // NotReplayable: the ply of the null move (1-based)
    std::optional<Color> cannot_mate;      // the winner of the record cannot checkmate (6.9 / 5.1.2): a draw
    std::string_view cannot_mate_article;  // "6.9" or "5.1.2"
    bool differs = false;                  // Over, and the recorded result is another
};

/// The stable label of a verdict: the termination id when over ("checkmate"), else
/// "claimable threefold-repetition", "claimable fifty-moves", "ongoing", "not-replayable".
std::string adjudication_label(const Adjudication& a);

/// Termination tags of games lost on time ("Time forfeit", "X won on time", "timeout", ...).
bool is_time_forfeit_tag(std::string_view termination);

/// Adjudicates the main line `moves` from `start`.
Adjudication adjudicate(const Position& start, std::span<const Move> moves, const GameRecord& record);

/// The move number of the ply that ends after `plies` plies from `start`: "34." or "34...", as
/// an adjudication names the ply where a game ended or could not be replayed.
std::string move_number_of_ply(const Position& start, int plies);

}  // namespace schach
