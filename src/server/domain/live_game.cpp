#include "server/domain/live_game.hpp"

#include <algorithm>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "server/domain/secrets.hpp"

namespace schach::server {
namespace {

TimeControl control_of(const std::string& tc) {
    if (tc.empty()) return TimeControl::untimed();
    auto parsed = parse_time_control(tc);
    return parsed ? *parsed : TimeControl::untimed();
}

/// Reads a player's move text in `pos`; refusals keep the rule, unreadable text keeps why.
std::expected<Move, ServiceError> read_move(const Position& pos, const std::string& text, bool is_san) {
    auto parsed = is_san ? parse_san(pos, text) : parse_uci(pos, text);
    if (parsed) {
        if (*parsed == Move::null()) return std::unexpected(make_error(ServiceCode::BadMove));
        return *parsed;
    }
    return std::unexpected(make_error(parsed.error(), pos));
}

ServiceError match_error(const MatchError& e) {
    if (e.kind == MatchError::Kind::Rules) {
        if (e.refusal.code == RefusalCode::DrawOfferTooEarly || e.refusal.code == RefusalCode::DrawOfferForbiddenYet)
            return make_error(ServiceCode::OfferNotAllowedYet);
        if (e.refusal.code == RefusalCode::NoDrawOffer) return make_error(ServiceCode::NothingToAnswer);
        return make_error(e.refusal);
    }
    return make_error(ServiceCode::GameOver);
}

Position start_of(const StoredGame& g) {
    if (g.chess960) {
        if (auto p = chess960_position(g.chess960_number)) return *p;
    }
    // A numbered start, or a position of one's own read with the game's rules.
    const Variant variant = g.chess960 ? Variant::Chess960 : Variant::Standard;
    if (!g.initial_fen.empty())
        if (auto p = position_from_fen(g.initial_fen, ValidateOptions{.variant = variant})) return *p;
    return Position();
}

}  // namespace

LiveGame::LiveGame(GameSetup setup, ByColor<StoredSeat> seats, Millis now, Millis wall_now)
    : setup_(std::move(setup)), control_(control_of(setup_.tc)), seats_(std::move(seats)),
      match_(setup_.start, control_), updated_(wall_now) {
    version_ = 1;  // the creation
    if (seats_[Color::White].invite_hash.empty() && seats_[Color::Black].invite_hash.empty()) {
        status_ = Status::Started;
        (void)match_.start(Match::ms(match_time(now)));
    }
    update_first_move(now);
}

void LiveGame::update_first_move(Millis now) {
    const int plies = match_.game().plies();
    const bool pending = status_ == Status::Started && control_.is_timed() && plies < 2 && !match_.game().is_over();
    if (!pending) {
        if (frozen_) offset_ = now - *frozen_;  // the clocks run from here on
        frozen_.reset();
        first_move_deadline_.reset();
        first_move_ply_ = -1;
        return;
    }
    if (!frozen_) frozen_ = now - offset_;
    if (is_engine(match_.game().position().side_to_move())) {
        first_move_deadline_.reset();
    } else if (first_move_ply_ != plies || !first_move_deadline_) {
        first_move_deadline_ = now + FirstMoveTimeMs;
    }
    first_move_ply_ = plies;
}

std::expected<LiveGame, std::string> LiveGame::restore(const LoadedGame& loaded, Millis now) {
    const StoredGame& g = loaded.game;
    GameSetup setup{g.id,        g.mode,    g.level,    g.chess960,   g.chess960_number, g.tc,
                    start_of(g), g.created, g.imported, g.white_name, g.black_name};
    ByColor<StoredSeat> seats{};
    for (const StoredSeat& s : loaded.seats) seats[s.color] = s;
    LiveGame game(std::move(setup), seats, now, g.state.updated);
    game.status_ = g.state.status;
    game.version_ = g.state.version;
    if (auto r = game.rebuild(loaded.moves, now); !r) return std::unexpected(r.error());
    if (game.status_ == Status::Over && !game.match_.game().is_over()) {
        Outcome o;
        o.result = parse_result_token(g.state.result).value_or(Result::Draw);
        for (int t = 0; t <= static_cast<int>(Termination::Arbiter); ++t)
            if (termination_id(static_cast<Termination>(t)) == g.state.reason)
                o.termination = static_cast<Termination>(t);
        game.recorded_outcome_ = o;
    }
    game.restore_offers(g.state.offers, now);
    game.rematch_id_ = g.state.rematch;
    if (game.first_move_deadline_) {
        // What was used of the first-move time before the restart, as far as the store shows it:
        // from the turn's start (the first move, or the last change before any move) to the last
        // change; the time the server was down is charged to nobody.
        const Millis turn_began = loaded.moves.empty() ? g.state.updated : loaded.moves.back().stamp_ms;
        const Millis used = std::clamp<Millis>(g.state.updated - turn_began, 0, FirstMoveTimeMs);
        game.first_move_deadline_ = now + FirstMoveTimeMs - used;
    }
    return game;
}

void LiveGame::restore_offers(const StoredOffers& offers, Millis now) {
    if (status_ == Status::Started) {
        // The offer was allowed when it was made, in this very position: made again, it stands.
        if (offers.draw) (void)match_.offer_draw(*offers.draw, Match::ms(match_time(now)));
        takeback_offer_ = offers.takeback;
    }
    if (status_ == Status::Over || status_ == Status::Aborted) rematch_offer_ = offers.rematch;
}

std::expected<void, std::string> LiveGame::rebuild(std::vector<StoredMove> moves, Millis now) {
    Match m(setup_.start, control_);
    MoveRecords records;
    Match::ms t{0};
    ByColor<Millis> quota{LagQuotaMs, LagQuotaMs};
    if (status_ != Status::Created) (void)m.start(t);
    for (const StoredMove& sm : moves) {
        const Position before = m.game().position();
        auto move = parse_uci(before, sm.uci);
        if (!move) return std::unexpected("move " + std::to_string(sm.ply) + " (" + sm.uci + ") is not legal");
        const Color mover = before.side_to_move();
        quota[mover] = std::max<Millis>(0, quota[mover] - sm.lag_ms);
        // Lets exactly the time pass that brings the mover's clock to the stored value (the
        // increment counted); what the clock model gives otherwise is corrected afterwards.
        if (m.clock() && sm.clock_ms) {
            const Millis left = m.time_left(mover, t)->count();
            const Millis inc = m.clock()->increment(mover).count();
            t += Match::ms(std::max<Millis>(0, left + inc - *sm.clock_ms));
        }
        const std::string san = to_san(before, *move);
        if (auto r = m.play(*move, t); !r)
            return std::unexpected("move " + std::to_string(sm.ply) + " (" + sm.uci + ") was refused on replay");
        if (m.clock() && sm.clock_ms) {
            const Millis actual = m.time_left(mover, t)->count();
            if (actual != *sm.clock_ms)
                (void)m.add_time(mover, Match::ms(*sm.clock_ms - actual), AdjustmentReason::Correction);
        }
        records.push_back({to_uci(*move, true), san, sm.clock_ms, to_fen(m.game().position())});
    }
    match_ = std::move(m);
    lag_quota_ = quota;  // what the kept moves took of it (a takeback gives back its moves' credit)
    stored_ = {};
    for (StoredMove& sm : moves) stored_.push_back(std::move(sm));
    records_ = std::move(records);
    // The side to move's clock runs from now: the time between is charged to nobody.
    offset_ = now - t.count();
    frozen_.reset();
    update_first_move(now);
    return {};
}

std::optional<Seat> LiveGame::seat_of(std::string_view secret) const {
    if (secret.empty()) return std::nullopt;
    const std::string hash = sha256_hex(secret);
    const bool white = constant_time_equal(hash, seats_[Color::White].secret_hash);
    const bool black = constant_time_equal(hash, seats_[Color::Black].secret_hash);
    if (white && black) return Seat::Both;
    if (white) return Seat::White;
    if (black) return Seat::Black;
    return std::nullopt;
}

bool LiveGame::has_browser(std::string_view browser) const {
    return !browser.empty() && (seats_[Color::White].browser == browser || seats_[Color::Black].browser == browser);
}

StoredGame LiveGame::stored_game() const {
    StoredGame g;
    g.id = setup_.id;
    g.created = setup_.created;
    g.chess960 = setup_.chess960;
    g.chess960_number = setup_.chess960_number;
    g.mode = setup_.mode;
    g.level = setup_.level;
    g.tc = setup_.tc;
    g.initial_fen = to_fen(setup_.start);
    g.state = update(updated_);
    g.imported = setup_.imported;
    g.white_name = setup_.white_name;
    g.black_name = setup_.black_name;
    return g;
}

GameUpdate LiveGame::update(Millis wall_now) const {
    GameUpdate u;
    u.status = status_;
    const Outcome o = outcome();
    if (status_ == Status::Over) {
        u.result = std::string(result_token(o.result));
        u.reason = std::string(termination_id(o.termination));
    }
    u.version = version_;
    u.updated = wall_now;
    if (status_ == Status::Started) u.offers = {match_.game().draw_offer(), takeback_offer_, std::nullopt};
    u.offers.rematch = rematch_offer_;
    u.rematch = rematch_id_;
    return u;
}

Color LiveGame::color_of(Seat seat) const {
    if (seat == Seat::White) return Color::White;
    if (seat == Seat::Black) return Color::Black;
    return match_.game().position().side_to_move();
}

std::optional<ServiceError> LiveGame::check_running() const {
    if (status_ == Status::Created) return make_error(ServiceCode::NotStarted);
    if (status_ != Status::Started || match_.game().is_over()) return make_error(ServiceCode::GameOver);
    return std::nullopt;
}

Position LiveGame::position_at(int ply) const {
    Game replay(setup_.start);
    for (int i = 0; i < ply; ++i) (void)replay.play(match_.game().moves()[static_cast<std::size_t>(i)]);
    return replay.position();
}

Event& LiveGame::add_event(Effects& effects, EventKind kind, Millis now) {
    ++version_;
    Event e;
    e.version = version_;
    e.kind = kind;
    e.view = view(now);
    effects.events.push_back(std::move(e));
    return effects.events.back();
}

void LiveGame::add_end_or_draw_offer(Effects& effects, Millis now) {
    if (status_ == Status::Over) {
        add_event(effects, EventKind::End, now);
        return;
    }
    Event& e = add_event(effects, EventKind::Offer, now);
    e.offer = OfferKind::Draw;
    e.by = match_.game().draw_offer();
}

void LiveGame::settle_status() {
    if (status_ == Status::Started && match_.game().is_over()) status_ = Status::Over;
}

Millis LiveGame::take_lag_credit(Color mover, Millis lag_ms) {
    // None while the first moves cost nothing anyway, nor after the move ended the game.
    if (lag_ms <= 0 || !match_.clock() || frozen_ || match_.game().is_over()) return 0;
    const Millis credit = std::min({lag_ms, LagCapMs, lag_quota_[mover]});
    if (credit <= 0 || !match_.add_time(mover, Match::ms(credit), AdjustmentReason::Correction)) return 0;
    lag_quota_[mover] -= credit;
    return credit;
}

std::expected<Effects, ServiceError> LiveGame::play(Move m, Millis now, Millis wall_now, Millis lag_ms,
                                                    Millis engine_wait_ms) {
    const Position before = match_.game().position();
    const Color mover = before.side_to_move();
    const std::optional<Color> draw_before = match_.game().draw_offer();
    const std::string san = to_san(before, m);
    const bool charged = !frozen_;  // a first move costs nothing: no lag to credit
    auto played = match_.play(m, Match::ms(match_time(now)));
    if (!played) return std::unexpected(match_error(played.error()));
    std::optional<Millis> clock;
    if (played->clock) clock = played->clock->count();
    Millis credit = charged && clock ? take_lag_credit(mover, lag_ms) : 0;
    // The computer's clock runs only while it searches: its wait for a free engine is given back.
    if (charged && clock && engine_wait_ms > 0 && !match_.game().is_over() &&
        match_.add_time(mover, Match::ms(engine_wait_ms), AdjustmentReason::Correction))
        credit += engine_wait_ms;
    if (clock) *clock += credit;
    const int ply = static_cast<int>(stored_.size());
    stored_.push_back({ply, to_uci(m, true), clock, wall_now, credit});
    records_.push_back({stored_.back().uci, san, clock, to_fen(match_.game().position())});
    updated_ = wall_now;
    settle_status();
    update_first_move(now);
    Effects effects;
    effects.move = stored_.back();
    add_event(effects, EventKind::Move, now);
    // A move ends the opponent's offers (9.1.2.3); the page is told, it never guesses.
    if (draw_before && !match_.game().draw_offer()) add_event(effects, EventKind::Offer, now).offer = OfferKind::Draw;
    if (takeback_offer_) {
        takeback_offer_.reset();
        add_event(effects, EventKind::Offer, now).offer = OfferKind::Takeback;
    }
    return effects;
}

std::expected<Effects, ServiceError> LiveGame::move(Seat seat, const MoveMessage& message, Millis now, Millis wall_now,
                                                    Millis lag_ms) {
    const int plies = match_.game().plies();
    if (message.ply == MoveMessage::CurrentPly) {
        MoveMessage now_message = message;
        now_message.ply = plies;
        return move(seat, now_message, now, wall_now, lag_ms);
    }
    if (message.ply < 0 || message.ply > plies) return std::unexpected(make_error(ServiceCode::Stale));
    if (message.ply < plies) {
        // A resend: the move already played there is acknowledged again, anything else is stale.
        const Position pos = position_at(message.ply);
        auto meant = message.is_san ? parse_san(pos, message.text) : parse_uci(pos, message.text);
        if (meant && *meant == match_.game().moves()[static_cast<std::size_t>(message.ply)]) return Effects{};
        return std::unexpected(make_error(ServiceCode::Stale));
    }
    if (auto e = check_running()) return std::unexpected(*e);
    const Color mover = match_.game().position().side_to_move();
    if (is_engine(mover)) return std::unexpected(make_error(ServiceCode::EngineThinking));
    if (!seat_has(seat, mover)) return std::unexpected(make_error(ServiceCode::NotYourTurn));
    auto m = read_move(match_.game().position(), message.text, message.is_san);
    if (!m) return std::unexpected(m.error());
    return play(*m, now, wall_now, lag_ms);
}

std::expected<Effects, ServiceError> LiveGame::engine_move(Move m, int ply, Millis now, Millis wall_now,
                                                           Millis waited_ms) {
    if (status_ != Status::Started || match_.game().is_over() || ply != match_.game().plies() ||
        !is_engine(match_.game().position().side_to_move()))
        return Effects{};  // the game moved on (a takeback, a resignation): the reply is void
    return play(m, now, wall_now, 0, waited_ms);
}

std::expected<Effects, ServiceError> LiveGame::draw(Seat seat, Answer answer, Millis now) {
    if (auto e = check_running()) return std::unexpected(*e);
    const std::optional<Color> offer = match_.game().draw_offer();
    Color c = color_of(seat);
    // At one device the answer is the other side's, whoever is to move.
    if (seat == Seat::Both && answer != Answer::Offer && offer) c = ~*offer;
    const Match::ms t(match_time(now));
    std::expected<void, MatchError> r;
    switch (answer) {
        case Answer::Offer: r = match_.offer_draw(c, t); break;
        case Answer::Accept: r = match_.accept_draw(c, t); break;
        case Answer::Decline: r = match_.decline_draw(c, t); break;
    }
    if (!r) return std::unexpected(match_error(r.error()));
    settle_status();
    Effects effects;
    add_end_or_draw_offer(effects, now);
    return effects;
}

std::expected<Effects, ServiceError> LiveGame::claim(Seat seat, const ClaimMessage& message, Millis now,
                                                     Millis wall_now) {
    if (auto e = check_running()) return std::unexpected(*e);
    const Color c = color_of(seat);
    const Position before = match_.game().position();
    std::optional<Move> intended;
    if (message.move) {
        auto m = read_move(before, *message.move, message.is_san);
        if (!m) return std::unexpected(m.error());
        intended = *m;
    }
    const std::string san = intended ? to_san(before, *intended) : std::string();
    auto r = match_.claim_draw(c, message.kind, intended, Match::ms(match_time(now)));
    if (!r) return std::unexpected(match_error(r.error()));
    Effects effects;
    if (r->played) {
        std::optional<Millis> clock;
        if (!match_.move_times().empty() && match_.move_times().back().clock)
            clock = match_.move_times().back().clock->count();
        const int ply = static_cast<int>(stored_.size());
        stored_.push_back({ply, to_uci(*r->played, true), clock, wall_now});
        records_.push_back({stored_.back().uci, san, clock, to_fen(match_.game().position())});
        effects.move = stored_.back();
        updated_ = wall_now;
    }
    settle_status();
    update_first_move(now);
    if (r->played) add_event(effects, EventKind::Move, now);
    // 9.1.2.3: an incorrect claim stands as a draw offer.
    add_end_or_draw_offer(effects, now);
    return effects;
}

std::expected<Effects, ServiceError> LiveGame::resign(Seat seat, Millis now) {
    if (auto e = check_running()) return std::unexpected(*e);
    auto r = match_.resign(color_of(seat), Match::ms(match_time(now)));
    if (!r) return std::unexpected(match_error(r.error()));
    settle_status();
    Effects effects;
    add_event(effects, EventKind::End, now);
    return effects;
}

std::expected<Effects, ServiceError> LiveGame::abort(Seat, Millis now) {
    if (status_ == Status::Over || status_ == Status::Aborted)
        return std::unexpected(make_error(ServiceCode::GameOver));
    if (match_.game().plies() >= 2) return std::unexpected(make_error(ServiceCode::AbortTooLate));
    status_ = Status::Aborted;
    update_first_move(now);
    Effects effects;
    add_event(effects, EventKind::End, now);
    return effects;
}

std::expected<Effects, ServiceError> LiveGame::takeback(Seat seat, Answer answer, Millis now) {
    if (auto e = check_running()) return std::unexpected(*e);
    const int plies = match_.game().plies();
    const Color to_move = match_.game().position().side_to_move();
    int keep = -1;  // the plies that stay
    Effects effects;
    if (setup_.mode == Mode::Computer) {
        if (answer != Answer::Offer && answer != Answer::Accept) return effects;
        // Always granted: back to the human's last turn, the engine's reply and the human's move.
        keep = is_engine(to_move) ? plies - 1 : plies - 2;
    } else if (setup_.mode == Mode::Local) {
        if (answer == Answer::Decline) return effects;
        keep = plies - 1;
    } else {
        const Color c = color_of(seat);
        if (answer == Answer::Offer) {
            // The caller needs a move of their own to take back.
            const bool has_move = plies >= 2 || (plies == 1 && to_move != c);
            if (!has_move) return std::unexpected(make_error(ServiceCode::TakebackNothing));
            takeback_offer_ = c;
            Event& e = add_event(effects, EventKind::Offer, now);
            e.offer = OfferKind::Takeback;
            e.by = c;
            return effects;
        }
        if (!takeback_offer_ || *takeback_offer_ == c) return std::unexpected(make_error(ServiceCode::NothingToAnswer));
        if (answer == Answer::Decline) {
            takeback_offer_.reset();
            add_event(effects, EventKind::Offer, now).offer = OfferKind::Takeback;
            return effects;
        }
        const Color asker = *takeback_offer_;
        keep = to_move == asker ? plies - 2 : plies - 1;
    }
    if (keep < 0) return std::unexpected(make_error(ServiceCode::TakebackNothing));
    std::vector<StoredMove> moves = stored_.to_vector(static_cast<std::size_t>(keep));
    if (auto r = rebuild(std::move(moves), now); !r) return std::unexpected(make_error(ServiceCode::Storage));
    takeback_offer_.reset();
    effects.take_back_from = keep;
    add_event(effects, EventKind::Takeback, now);
    return effects;
}

std::expected<Effects, ServiceError> LiveGame::join(std::string_view invite, const std::string& secret_hash,
                                                    const std::string& browser, Millis now) {
    // Every seat the invitation opens (both at one device: a rematch of a local game).
    Effects effects;
    for (Color c : {Color::White, Color::Black}) {
        StoredSeat& seat = seats_[c];
        if (seat.engine || seat.invite_hash.empty()) continue;
        if (!secret_matches(invite, seat.invite_hash)) continue;
        seat.invite_hash.clear();
        seat.secret_hash = secret_hash;
        seat.browser = browser;
        effects.seats.push_back(seat);
        add_event(effects, EventKind::Join, now).by = c;
    }
    if (!effects.seats.empty()) {
        if (seats_[Color::White].invite_hash.empty() && seats_[Color::Black].invite_hash.empty()) {
            status_ = Status::Started;
            (void)match_.start(Match::ms(match_time(now)));
            update_first_move(now);
            for (Event& e : effects.events) e.view = view(now);
        }
        return effects;
    }
    const bool taken = seats_[Color::White].invite_hash.empty() && seats_[Color::Black].invite_hash.empty();
    return std::unexpected(make_error(taken ? ServiceCode::SeatTaken : ServiceCode::BadInvitation));
}

Effects LiveGame::check_flag(Millis now) {
    Effects effects;
    if (status_ != Status::Started || match_.game().is_over()) return effects;
    if (first_move_deadline_ && now >= *first_move_deadline_) {
        // No first move in time: the game is aborted (no result), as if the player had aborted it.
        status_ = Status::Aborted;
        update_first_move(now);
        add_event(effects, EventKind::End, now);
        return effects;
    }
    if (match_.flag_check(Match::ms(match_time(now)))) {
        settle_status();
        add_event(effects, EventKind::End, now);
    }
    return effects;
}

bool LiveGame::flag_due(Millis now) const {
    if (status_ != Status::Started || match_.game().is_over()) return false;
    if (first_move_deadline_) return now >= *first_move_deadline_;
    if (!match_.clock()) return false;
    const auto left = match_.time_left(match_.game().position().side_to_move(), Match::ms(match_time(now)));
    return left && left->count() <= 0;
}

std::optional<Millis> LiveGame::flag_time(Millis now) const {
    if (status_ != Status::Started || match_.game().is_over()) return std::nullopt;
    if (first_move_deadline_) return *first_move_deadline_;
    if (!match_.clock()) return std::nullopt;
    const auto left = match_.time_left(match_.game().position().side_to_move(), Match::ms(match_time(now)));
    if (!left) return std::nullopt;
    return now + std::max<Millis>(0, left->count());
}

std::optional<EngineTask> LiveGame::engine_task(Millis now) const {
    if (status_ != Status::Started || match_.game().is_over()) return std::nullopt;
    if (!is_engine(match_.game().position().side_to_move())) return std::nullopt;
    EngineTask task;
    task.start = setup_.start;
    task.moves = match_.game().moves();
    task.level = setup_.level;
    task.ply = match_.game().plies();
    if (const auto& clock = match_.clock()) {
        const Match::ms t(match_time(now));
        task.wtime = match_.time_left(Color::White, t)->count();
        task.btime = match_.time_left(Color::Black, t)->count();
        task.winc = clock->increment(Color::White).count();
        task.binc = clock->increment(Color::Black).count();
    }
    return task;
}

std::shared_ptr<const GameView> LiveGame::view(Millis now) const {
    auto v = std::make_shared<GameView>();
    v->id = setup_.id;
    v->chess960 = setup_.chess960;
    v->chess960_number = setup_.chess960_number;
    v->mode = setup_.mode;
    v->level = setup_.level;
    if (control_.is_timed()) {
        v->tc_text = setup_.tc;
        v->tc_class = std::string(time_class_id(classify(control_)));
    }
    auto player = [&](Color c) {
        const StoredSeat& s = seats_[c];
        PlayerView p;
        p.engine = s.engine;
        p.joined = s.engine || !s.secret_hash.empty();
        if (s.engine) p.name = "Schach " + std::to_string(setup_.level);
        if (setup_.imported) {
            p.name = c == Color::White ? setup_.white_name : setup_.black_name;
            p.joined = true;
        }
        return p;
    };
    v->white = player(Color::White);
    v->black = player(Color::Black);
    v->initial_fen = to_fen(setup_.start);
    v->position = match_.game().position();
    v->moves = records_;
    if (const auto& clock = match_.clock()) {
        const Match::ms t(match_time(now));
        ClockView cv;
        cv.white = match_.time_left(Color::White, t)->count();
        cv.black = match_.time_left(Color::Black, t)->count();
        if (status_ == Status::Started && !frozen_) cv.running = clock->running();
        const double initial_s = static_cast<double>(control_.periods.front().base.count()) / 1000.0;
        cv.low_time = static_cast<Millis>(1000.0 * std::min(60.0, std::max(10.0, initial_s * 0.125)));
        v->clock = cv;
    }
    if (status_ == Status::Started) {
        v->draw_offer = match_.game().draw_offer();
        v->takeback_offer = takeback_offer_;
        v->can_claim_threefold = match_.game().can_claim(DrawClaim::Threefold);
        v->can_claim_fifty = match_.game().can_claim(DrawClaim::FiftyMoves);
    }
    if (first_move_deadline_)
        v->first_move = FirstMoveView{match_.game().position().side_to_move(),
                                      std::max<Millis>(0, *first_move_deadline_ - now)};
    v->rematch_offer = rematch_offer_;
    v->status = status_;
    if (status_ == Status::Over) v->outcome = outcome();
    v->version = version_;
    v->updated = updated_;
    v->imported = setup_.imported;
    return v;
}

std::expected<Effects, ServiceError> LiveGame::rematch(Seat seat, Answer answer, Millis now) {
    if (status_ == Status::Created || status_ == Status::Started)
        return std::unexpected(make_error(ServiceCode::StillRunning));
    Effects effects;
    if (!rematch_id_.empty()) return effects;  // agreed already: the event told where
    if (setup_.mode != Mode::Friend) {
        effects.rematch_agreed = answer != Answer::Decline;
        return effects;
    }
    const Color c = color_of(seat);
    const bool offered_by_other = rematch_offer_ && *rematch_offer_ != c;
    switch (answer) {
        case Answer::Offer:
            if (offered_by_other) {
                effects.rematch_agreed = true;
                return effects;
            }
            if (rematch_offer_ == c) return effects;
            rematch_offer_ = c;
            break;
        case Answer::Accept:
            if (!offered_by_other) return std::unexpected(make_error(ServiceCode::NothingToAnswer));
            effects.rematch_agreed = true;
            return effects;
        case Answer::Decline:
            if (!offered_by_other) return std::unexpected(make_error(ServiceCode::NothingToAnswer));
            rematch_offer_.reset();
            break;
    }
    Event& e = add_event(effects, EventKind::Offer, now);
    e.offer = OfferKind::Rematch;
    e.by = rematch_offer_;
    return effects;
}

void LiveGame::rematch_created(const GameId& id, Effects& effects, Millis now) {
    rematch_id_ = id;
    rematch_offer_.reset();
    add_event(effects, EventKind::Rematch, now).rematch = id;
}

Outcome LiveGame::outcome() const { return recorded_outcome_ ? *recorded_outcome_ : match_.game().outcome(); }

std::optional<std::vector<Event>> LiveGame::events_after(std::int64_t version) const {
    if (version > version_) return std::nullopt;
    std::vector<Event> out;
    if (version == version_) return out;
    if (recent_.empty() || recent_.front().version > version + 1) return std::nullopt;
    for (const Event& e : recent_)
        if (e.version > version) out.push_back(e);
    return out;
}

void LiveGame::remember(const Effects& effects, std::size_t keep) {
    for (const Event& e : effects.events) recent_.push_back(e);
    while (recent_.size() > keep) recent_.pop_front();
}

}  // namespace schach::server
