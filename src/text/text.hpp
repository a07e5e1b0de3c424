#pragma once
// Every sentence a person reads, in one include: describe(error or code, Language) for each kind.

#include "text/chess960_text.hpp"
#include "text/cli_text.hpp"
#include "text/coach_text.hpp"
#include "text/exercise_text.hpp"
#include "text/fen_text.hpp"
#include "text/move_text.hpp"
#include "text/outcome_text.hpp"
#include "text/perft_suite_text.hpp"
#include "text/pgn_text.hpp"
#include "text/piece_names.hpp"
#include "text/refusal_text.hpp"
#include "text/service_text.hpp"
#include "text/time_control_text.hpp"
#include "text/words.hpp"
