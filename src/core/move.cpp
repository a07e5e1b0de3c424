#include "core/move.hpp"

namespace schach {

std::string to_uci(Move m, bool chess960) {
    if (m == Move::null()) return "0000";
    if (!m) return "(none)";
    Square to = m.to();
    if (m.kind() == MoveKind::Castling && !chess960) {
        // King takes own rook -> king to the g- or c-file on its rank.
        File f = m.to() > m.from() ? File::G : File::C;
        to = make_square(f, rank_of(m.from()));
    }
    std::string s = to_string(m.from()) + to_string(to);
    if (m.kind() == MoveKind::Promotion) s += "nbrq"[idx(m.promotion()) - idx(PieceType::Knight)];
    return s;
}

}  // namespace schach
