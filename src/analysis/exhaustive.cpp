#include "analysis/exhaustive.hpp"

#include <array>

#include "analysis/blockade.hpp"
#include "analysis/dead.hpp"
#include "core/movegen.hpp"

namespace schach {
namespace {

using PT = PieceType;

std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

}  // namespace

std::uint64_t independent_key(const Position& pos) {
    // The placement is White's men and the six piece types (Black's men follow from them);
    // castling rooks stand on the first and last rank, so side to move and en-passant square fit
    // in the middle ranks of the same word. Each field is mixed on its own with its own offset (the
    // mixes run side by side, not one after the other), then the sum is mixed once more.
    const std::uint64_t state = pos.castling_rooks() | static_cast<std::uint64_t>(idx(pos.ep_square())) << 24 |
                                static_cast<std::uint64_t>(idx(pos.side_to_move())) << 32;
    constexpr std::array<std::uint64_t, 6> Offsets = {0x452821E638D01377ULL, 0xBE5466CF34E90C6CULL,
                                                      0xC0AC29B7C97C50DDULL, 0x3F84D5B5B5470917ULL,
                                                      0x9216D5D98979FB1BULL, 0xD1310BA698DFB5ACULL};
    std::uint64_t h = splitmix(pos.pieces(Color::White) + 0x243F6A8885A308D3ULL) +
                      splitmix(state + 0x13198A2E03707344ULL);
    for (std::size_t i = 0; i < PieceTypes.size(); ++i) h += splitmix(pos.pieces(PieceTypes[i]) + Offsets[i]);
    return splitmix(h);
}

bool PositionSet::insert(const Position& pos, std::uint64_t salt) {
    return insert_keys(pos.key() ^ salt, independent_key(pos) | 1);  // b == 0 marks an empty slot
}

bool PositionSet::insert_keys(std::uint64_t a, std::uint64_t b) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    for (std::size_t i = a & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
        Slot& s = slots_[i];
        if (s.b == 0) {
            s = Slot{a, b};
            ++size_;
            return true;
        }
        if (s.a == a && s.b == b) return false;
    }
}

void PositionSet::grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    size_ = 0;
    for (const Slot& s : old)
        if (s.b != 0) insert_keys(s.a, s.b);
}

namespace {

/// Moves that can never be undone; only after them can the static analysis newly succeed.
bool irreversible(const Position& before, Move m) {
    return before.is_capture(m) || m.kind() == MoveKind::Promotion || m.kind() == MoveKind::Castling;
}

}  // namespace

ExhaustiveResult exhaust(const Position& root, Color winner, std::uint64_t max_nodes, Pruning pruning) {
    struct Frame {
        std::uint32_t first, count, next;
        Move move;  // the move that led here (none at the root)
        Undo undo;
    };
    ExhaustiveResult result;
    Position pos = root;
    PositionSet visited;
    std::vector<Move> moves;
    std::vector<Frame> frames;

    // Pushes a frame for the current position, or nothing when it is a leaf (mate, no moves,
    // no mating material, or a blocked structure); a mate also fills the line.
    auto expand = [&](Move via, const Undo& undo, bool after_irreversible) {
        MoveList list;
        generate_legal(pos, list);
        if (list.empty()) {
            if (pos.side_to_move() != winner && pos.in_check()) {
                for (std::size_t i = 1; i < frames.size(); ++i) result.line.push_back(frames[i].move);
                if (via) result.line.push_back(via);
                result.outcome = ExhaustiveResult::Outcome::Mate;
            }
            return;
        }
        if (insufficient_material(pos, winner)) return;
        // The static analysis pays off where few moves remain (blocked structures), not in open play;
        // the deep one (for the questions the rest leaves open) is asked everywhere, with its
        // costlier search for stationary men after irreversible moves only.
        if (pruning == Pruning::Deep ? deep_blocked_unwinnable(pos, winner, after_irreversible)
                                     : after_irreversible && list.size() <= 16 && blocked_unwinnable(pos, winner))
            return;
        frames.push_back(
            Frame{static_cast<std::uint32_t>(moves.size()), static_cast<std::uint32_t>(list.size()), 0, via, undo});
        moves.insert(moves.end(), list.begin(), list.end());
    };

    visited.insert(pos);
    result.nodes = 1;
    expand(Move::none(), Undo{}, false);
    while (!frames.empty() && result.outcome != ExhaustiveResult::Outcome::Mate) {
        Frame& f = frames.back();
        if (f.next == f.count) {
            moves.resize(f.first);
            if (f.move) pos.undo_move(f.move, f.undo);
            frames.pop_back();
            continue;
        }
        const Move m = moves[f.first + f.next++];
        const bool irrev = irreversible(pos, m);
        const Undo u = pos.do_move(m);
        if (!visited.insert(pos)) {
            pos.undo_move(m, u);
            continue;
        }
        if (++result.nodes > max_nodes) {
            result.outcome = ExhaustiveResult::Outcome::Aborted;
            return result;
        }
        const std::size_t depth = frames.size();
        expand(m, u, irrev);
        if (frames.size() == depth) pos.undo_move(m, u);  // a leaf
    }
    if (result.outcome != ExhaustiveResult::Outcome::Mate) result.outcome = ExhaustiveResult::Outcome::NoMate;
    return result;
}

}  // namespace schach
