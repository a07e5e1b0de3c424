#pragma once
// Builds the attack tables (core/attacks.hpp) from first principles: rays walked square by square,
// slider slices by a portable PEXT and by magics (known ones first, each verified), the lines and
// between-sets of every pair of squares. schach_attack_tables writes them at build time; the tests
// build them again and compare with what the program carries (AttackTables.*).

#include "core/attacks.hpp"

namespace schach::attacks::detail {

/// Fills `t`, which must start zeroed (a free magic slot is 0).
void build_tables(Tables& t);

}  // namespace schach::attacks::detail
