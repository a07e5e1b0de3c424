#include "core/types.hpp"

namespace schach {

std::string to_string(Square s) {
    if (!is_ok(s)) return "-";
    return {to_char(file_of(s)), to_char(rank_of(s))};
}

Square parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return Square::None;
    return make_square(static_cast<File>(text[0] - 'a'), static_cast<Rank>(text[1] - '1'));
}

}  // namespace schach
