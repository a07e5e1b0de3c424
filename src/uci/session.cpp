#include "uci/session.hpp"

#include <fmt/core.h>

#include "core/fen.hpp"
#include "engine/book.hpp"
#include "engine/nnue.hpp"
#include "uci/info_line.hpp"
#include "uci/options.hpp"
#include "uci/words.hpp"

namespace schach::uci {

UciSession::UciSession(std::string version) : version_(std::move(version)) {
    engine_.on_info([this](const engine::SearchInfo& info) {
        bool chess960 = false, wdl = false;
        {
            std::lock_guard lock(state_mutex_);
            chess960 = chess960_;
            wdl = show_wdl_;
        }
        write(info_line(info, chess960, wdl));
    });
    engine_.on_bestmove([this](const engine::BestMove& best) {
        bool chess960 = false;
        {
            std::lock_guard lock(state_mutex_);
            chess960 = chess960_;
        }
        write(bestmove_line(best, chess960));
        std::lock_guard lock(state_mutex_);
        awaiting_bestmove_ = false;
        open_ended_ = false;
    });
}

UciSession::~UciSession() { finish(); }

void UciSession::finish() {
    engine_.stop();
    engine_.wait();
}

void UciSession::run(std::istream& in, std::ostream& out) {
    out_ = &out;
    // A stream tied to `in` (std::cin is tied to std::cout) would be flushed by each read, on this
    // thread and outside the output mutex, while the search thread writes: duplicated or torn
    // lines. Every line is flushed as it is written anyway.
    in.tie(nullptr);
    for (std::string line; std::getline(in, line);)
        if (!handle(line)) break;
    finish();
}

void UciSession::write(std::string_view line) {
    std::lock_guard lock(out_mutex_);
    if (out_ == nullptr) return;
    *out_ << line << '\n' << std::flush;
}

void UciSession::report(const UciError& error) { write("info string " + describe(error)); }

bool UciSession::open_ended() const {
    std::lock_guard lock(state_mutex_);
    return awaiting_bestmove_ && open_ended_;
}

bool UciSession::handle(std::string_view line) {
    const ParseContext context{&engine_.position(), engine_.options().chess960};
    auto parsed = parse_command(line, context);
    if (!parsed) {
        report(parsed.error());
        return true;
    }
    const auto refuse_if_open_ended = [&](std::string_view command) {
        if (!open_ended()) return false;
        report(make_error(UciError::Kind::Busy, std::string(command)));
        return true;
    };
    bool go_on = true;
    std::visit(
        [&](const auto& cmd) {
            using T = std::decay_t<decltype(cmd)>;
            if constexpr (std::is_same_v<T, UciCmd>) on_uci();
            else if constexpr (std::is_same_v<T, IsReadyCmd>) write("readyok");
            else if constexpr (std::is_same_v<T, SetOptionCmd>) {
                if (!refuse_if_open_ended("setoption")) on_setoption(cmd);
            } else if constexpr (std::is_same_v<T, NewGameCmd>) {
                if (!refuse_if_open_ended("ucinewgame")) engine_.new_game();
            } else if constexpr (std::is_same_v<T, PositionCmd>) on_position(cmd);
            else if constexpr (std::is_same_v<T, GoCmd>) {
                if (!refuse_if_open_ended("go")) on_go(cmd);
            } else if constexpr (std::is_same_v<T, StopCmd>) {
                {
                    std::lock_guard lock(state_mutex_);
                    open_ended_ = false;
                }
                engine_.stop();
            } else if constexpr (std::is_same_v<T, PonderHitCmd>) {
                {
                    std::lock_guard lock(state_mutex_);
                    if (!infinite_) open_ended_ = false;
                }
                engine_.ponderhit();
            } else if constexpr (std::is_same_v<T, QuitCmd>) go_on = false;
            else if constexpr (std::is_same_v<T, DisplayCmd>) on_display();
        },
        *parsed);
    return go_on;
}

void UciSession::on_uci() {
    write("id name Schach " + version_);
    write("id author the Schach authors");
    for (const std::string& option : option_lines()) write(option);
    write("uciok");
}

void UciSession::on_setoption(const SetOptionCmd& cmd) {
    engine::EngineOptions options = engine_.options();
    const auto effect = apply_option(cmd.name, cmd.value, options);
    if (!effect) {
        report(effect.error());
        return;
    }
    if (*effect == OptionEffect::ClearHash) {
        engine_.clear_hash();
        return;
    }
    if (options.book_file != engine_.options().book_file && !options.book_file.empty() &&
        !engine::PolyglotBook::open(options.book_file)) {
        report(make_error(UciError::Kind::BadBook, "setoption", {}, options.book_file));
        return;
    }
    const bool new_net = options.eval_file != engine_.options().eval_file;
    engine_.set_options(options);
    if (const auto bad = engine_.network_error(); new_net && bad)
        report(make_error(UciError::Kind::BadNet, "setoption", std::string(engine::nnue::net_error_text(*bad)),
                          options.eval_file));
}

void UciSession::on_position(const PositionCmd& cmd) {
    if (cmd.warning) report(*cmd.warning);
    const auto set = engine_.set_position(cmd.start, cmd.moves);
    if (!set) {
        // Cannot happen (the parser played the moves), but never set up half a game silently.
        UciError e = make_error(UciError::Kind::IllegalMove, "position", {},
                                to_uci(set.error().move, engine_.options().chess960));
        e.index = set.error().index;
        report(e);
    }
}

void UciSession::on_go(const GoCmd& cmd) {
    // A finite search still running ends by itself: wait for its bestmove first, so that its
    // end is not taken for this one's.
    engine_.wait();
    {
        std::lock_guard lock(state_mutex_);
        awaiting_bestmove_ = true;
        infinite_ = cmd.limits.infinite;
        open_ended_ = cmd.limits.infinite || cmd.limits.ponder;
        chess960_ = engine_.options().chess960;
        show_wdl_ = engine_.options().show_wdl;
    }
    engine_.go(cmd.limits);
}

void UciSession::on_display() {
    const Position& pos = engine_.position();
    write(fmt::format("Fen: {}", to_fen(pos, engine_.options().chess960 ? FenFormat::Shredder : FenFormat::XFen)));
    write(fmt::format("Key: {:016X}", pos.key()));
}

}  // namespace schach::uci
