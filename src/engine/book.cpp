#include "engine/book.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

#include "core/movegen.hpp"

namespace schach::engine {

namespace {

std::uint64_t read_be(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
    return v;
}

}  // namespace

Move from_polyglot(const Position& pos, std::uint16_t code) {
    // Bits: to file 0-2, to row 3-5, from file 6-8, from row 9-11, promotion 12-14 (1 = knight).
    const Square to = make_square(static_cast<File>(code & 7), static_cast<Rank>((code >> 3) & 7));
    const Square from = make_square(static_cast<File>((code >> 6) & 7), static_cast<Rank>((code >> 9) & 7));
    const int promo = (code >> 12) & 7;
    // Polyglot writes castling as king takes rook (e1h1), as we encode it; the generator's list
    // decides which of our move kinds it is.
    for (Move m : legal_moves(pos)) {
        if (m.from() != from || m.to() != to) continue;
        if (m.kind() == MoveKind::Promotion) {
            if (promo != 0 && idx(m.promotion()) == promo) return m;
        } else if (promo == 0) {
            return m;
        }
    }
    return Move::none();
}

std::expected<PolyglotBook, BookError> PolyglotBook::open(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::unexpected(BookError{BookError::Kind::CannotOpen, path, 0});
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return from_bytes(bytes, path);
}

std::expected<PolyglotBook, BookError> PolyglotBook::from_bytes(const std::vector<std::uint8_t>& bytes,
                                                                const std::filesystem::path& name) {
    if (bytes.size() % 16 != 0) return std::unexpected(BookError{BookError::Kind::BadSize, name, bytes.size()});
    PolyglotBook book;
    book.entries_.reserve(bytes.size() / 16);
    for (std::size_t i = 0; i < bytes.size(); i += 16) {
        const std::uint8_t* p = bytes.data() + i;
        Raw r{read_be(p, 8), static_cast<std::uint16_t>(read_be(p + 8, 2)),
              static_cast<std::uint16_t>(read_be(p + 10, 2))};
        if (!book.entries_.empty() && r.key < book.entries_.back().key)
            return std::unexpected(BookError{BookError::Kind::NotSorted, name, i / 16});
        book.entries_.push_back(r);
    }
    return book;
}

std::vector<BookEntry> PolyglotBook::moves(const Position& pos) const {
    const Key key = pos.key();
    auto first = std::ranges::lower_bound(entries_, key, {}, &Raw::key);
    std::vector<BookEntry> out;
    for (auto it = first; it != entries_.end() && it->key == key; ++it) {
        const Move m = from_polyglot(pos, it->move);
        if (!m) continue;
        if (std::ranges::any_of(out, [&](const BookEntry& e) { return e.move == m; })) continue;
        out.push_back({m, it->weight});
    }
    std::ranges::stable_sort(out, std::greater<>{}, &BookEntry::weight);
    return out;
}

Move PolyglotBook::pick(const Position& pos, std::mt19937_64& rng) const {
    const auto list = moves(pos);
    std::uint64_t total = 0;
    for (const auto& e : list) total += e.weight;
    if (total == 0) return Move::none();
    std::uint64_t r = std::uniform_int_distribution<std::uint64_t>(0, total - 1)(rng);
    for (const auto& e : list) {
        if (r < e.weight) return e.move;
        r -= e.weight;
    }
    return Move::none();
}

}  // namespace schach::engine
