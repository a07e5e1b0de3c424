#include "server/game_service.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <random>
#include <span>
#include <thread>
#include <unordered_map>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "server/engine_pool.hpp"
#include "server/event_history.hpp"
#include "server/game_json.hpp"
#include "server/game_pgn.hpp"
#include "server/live_game.hpp"
#include "server/secrets.hpp"
#include "server/store.hpp"

namespace schach::server {
namespace asio = boost::asio;
namespace {

Millis steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
Millis wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

struct Slot;

namespace {

/// A subscriber: its handler, called on the game's strand; never again once cancelled.
struct Subscriber {
    std::weak_ptr<Slot> slot;    // where it is registered (under mutex)
    std::recursive_mutex mutex;  // cancel() from inside the handler must not deadlock
    EventHandler handler;
    bool active = true;
    std::int64_t delivered = 0;  // the last version handed over (events are never repeated)

    void deliver(const Event& e) {
        std::lock_guard lock(mutex);
        if (!active) return;
        if (e.version != 0 && e.version <= delivered) return;
        delivered = e.version != 0 ? e.version : e.view->version;
        handler(e);
    }
    void cancel() {
        std::lock_guard lock(mutex);
        active = false;
        handler = nullptr;
    }
};

}  // namespace

/// One live game: its strand, the current value (replaced whole on every change) and its
/// subscribers. `write` serialises the changes (the strand's tasks and the synchronous join);
/// `read` guards `current` and `subscribers` for readers on any thread.
struct Slot : std::enable_shared_from_this<Slot> {
    explicit Slot(asio::io_context& io, LiveGame game)
        : strand(asio::make_strand(io)), current(std::make_shared<const LiveGame>(std::move(game))) {}
    asio::strand<asio::io_context::executor_type> strand;
    std::mutex write;
    mutable std::mutex read;
    std::shared_ptr<const LiveGame> current;
    std::vector<std::shared_ptr<Subscriber>> subscribers;
    bool engine_pending = false;  // under `write`
    /// Taken out of memory (under `write`): whoever still holds the slot finds the game again.
    bool unloaded = false;
    std::atomic<Millis> last_used{0};  // the service's now() when last looked up or watched
    // Committed events not yet broadcast, in commit order: appended by commit (under `write`),
    // taken and broadcast only on the strand (Impl::flush), so subscribe() sees no broadcast
    // between its backlog and its registration.
    std::mutex outgoing_mutex;
    std::vector<Event> outgoing;

    std::shared_ptr<const LiveGame> snapshot() const {
        std::lock_guard lock(read);
        return current;
    }
};

struct GameService::Impl : std::enable_shared_from_this<GameService::Impl> {
    Impl(asio::io_context& io_, Store& store_, EnginePool& engines_, ServiceOptions options_)
        : io(io_), store(store_), engines(engines_), options(std::move(options_)), flag_timer(io_) {
        if (!options.now) options.now = steady_ms;
        if (!options.wall_now) options.wall_now = wall_ms;
    }

    void log(const std::string& message) const {
        if (options.log) options.log(message);
    }

    asio::io_context& io;
    Store& store;
    EnginePool& engines;
    ServiceOptions options;
    asio::steady_timer flag_timer;
    Millis last_sweep = 0;  // on the flag timer's handler only
    std::atomic<bool> closed{false};
    std::atomic<int> busy{0};  // handlers running now; the service's end waits for them

    /// Entered by every posted handler: false once the service has ended. While the guard
    /// lives, the service (and the store it uses) stays.
    struct Guard {
        Impl* impl = nullptr;
        explicit operator bool() const { return impl != nullptr; }
        Guard(const Guard&) = delete;
        Guard& operator=(const Guard&) = delete;
        explicit Guard(Impl& i) {
            ++i.busy;
            if (i.closed) --i.busy;
            else impl = &i;
        }
        ~Guard() {
            if (impl) --impl->busy;
        }
    };
    mutable std::mutex games_mutex;
    std::unordered_map<GameId, std::shared_ptr<Slot>> games;

    std::shared_ptr<Slot> find(const GameId& id) {
        {
            std::lock_guard lock(games_mutex);
            if (auto it = games.find(id); it != games.end()) {
                it->second->last_used = options.now();
                return it->second;
            }
        }
        // A game of an earlier run, or one unloaded: loaded on demand.
        if (!is_game_id(id)) return nullptr;
        auto loaded = store.load_game(id);
        if (!loaded || !*loaded) return nullptr;
        auto game = LiveGame::restore(**loaded, options.now());
        if (!game) return nullptr;
        std::lock_guard lock(games_mutex);
        auto [it, inserted] = games.try_emplace(id, std::make_shared<Slot>(io, std::move(*game)));
        it->second->last_used = options.now();
        return it->second;
    }

    /// Locks the live slot of `slot`'s game: `slot` itself, or the game loaded again when it was
    /// unloaded meanwhile. None when the game is gone from the store too.
    std::optional<std::unique_lock<std::mutex>> lock_live(std::shared_ptr<Slot>& slot) {
        for (;;) {
            std::unique_lock lock(slot->write);
            if (!slot->unloaded) return lock;
            const GameId id = slot->snapshot()->id();
            lock.unlock();
            auto again = find(id);
            if (!again) return std::nullopt;
            slot = std::move(again);
        }
    }

    /// Takes out of memory the games ServiceOptions lets go (see there).
    std::size_t unload_idle() {
        const Millis now = options.now();
        std::size_t unloaded = 0;
        for (const auto& slot : all_slots()) {
            std::unique_lock lock(slot->write, std::try_to_lock);
            if (!lock || slot->engine_pending) continue;
            {
                std::lock_guard read(slot->read);
                if (!slot->subscribers.empty()) {
                    slot->last_used = now;  // watched: the idle time counts from the last watcher
                    continue;
                }
            }
            const auto game = slot->snapshot();
            const bool finished = game->status() == Status::Over || game->status() == Status::Aborted;
            // An agreed rematch is known only in memory (its players take their seats with it):
            // such a game waits as long as an idle one.
            const bool short_grace = finished && game->rematch_id().empty();
            const Millis limit = short_grace ? options.unload_finished_ms : options.unload_idle_ms;
            if (limit <= 0 || game->timer_running() || now - slot->last_used < limit) continue;
            slot->unloaded = true;
            std::lock_guard games_lock(games_mutex);
            if (auto it = games.find(game->id()); it != games.end() && it->second == slot) games.erase(it);
            ++unloaded;
        }
        return unloaded;
    }

    /// Stores an action's effects, then makes the changed game current and queues its events for
    /// the broadcast (flush). Under slot.write.
    bool commit(Slot& slot, LiveGame& game, const Effects& effects, Millis wall) {
        std::vector<StoredEvent> events;
        for (const Event& e : effects.events)
            events.push_back({e.version, std::string(event_kind_id(e.kind)), stored_event_json(e)});
        const GameUpdate update = game.update(wall);
        std::expected<void, StoreError> r;
        if (effects.move) r = store.append_move(game.id(), *effects.move, update, events);
        else if (effects.take_back_from) r = store.take_back(game.id(), *effects.take_back_from, update, events);
        else r = store.update_game(game.id(), update, events, effects.seats);
        if (!r) {
            log("store: game " + game.id() + ": " + r.error().message);
            return false;
        }
        game.remember(effects, options.recent_events);
        auto next = std::make_shared<const LiveGame>(std::move(game));
        {
            std::lock_guard lock(slot.read);
            slot.current = next;
        }
        {
            std::lock_guard lock(slot.outgoing_mutex);
            slot.outgoing.insert(slot.outgoing.end(), effects.events.begin(), effects.events.end());
        }
        return true;
    }

    /// Broadcasts the committed events not yet sent, in commit order. On the strand only.
    void flush(Slot& slot) {
        std::vector<Event> events;
        {
            std::lock_guard lock(slot.outgoing_mutex);
            events.swap(slot.outgoing);
        }
        if (!events.empty()) broadcast(slot, events);
    }

    void broadcast(Slot& slot, const std::vector<Event>& events) {
        std::vector<std::shared_ptr<Subscriber>> subs;
        {
            std::lock_guard lock(slot.read);
            subs = slot.subscribers;
        }
        for (const Event& e : events)
            for (const auto& s : subs) s->deliver(e);
    }

    using Action = std::function<std::expected<Effects, ServiceError>(LiveGame&, Millis now, Millis wall)>;

    /// Runs an action on a copy of the game: a fallen flag decides first, then the action; each
    /// change is stored before it becomes current. Under slot.write.
    std::expected<Effects, ServiceError> apply_locked(Slot& slot, const Action& action, Language lang) {
        const Millis now = options.now(), wall = options.wall_now();
        LiveGame copy = *slot.current;
        Effects flag = copy.check_flag(now);
        if (!flag.empty()) {
            if (!commit(slot, copy, flag, wall)) return std::unexpected(make_error(ServiceCode::Storage, lang));
            copy = *slot.current;
        }
        auto effects = action(copy, now, wall);
        if (!effects || effects->empty()) return effects;
        if (!commit(slot, copy, *effects, wall)) return std::unexpected(make_error(ServiceCode::Storage, lang));
        return effects;
    }

    using Answer = std::function<void(const std::expected<Effects, ServiceError>&)>;

    /// apply_locked under slot.write; then `answer` (the caller's reply: acknowledged before the
    /// events go out) and the broadcast: at once on the strand, where the strand's tasks run
    /// (act, engine moves, flags), posted to it from any other thread (join). An action never
    /// waits for a free thread to tell its opponent.
    std::expected<Effects, ServiceError> apply(std::shared_ptr<Slot> slot, const Action& action, Language lang,
                                               bool on_strand = true, const Answer& answer = {}) {
        std::expected<Effects, ServiceError> r;
        {
            auto lock = lock_live(slot);
            if (!lock) return std::unexpected(make_error(ServiceCode::NoSuchGame, lang));
            r = apply_locked(*slot, action, lang);
        }
        if (answer) answer(r);
        if (on_strand) {
            flush(*slot);
        } else {
            asio::post(slot->strand, [self = shared_from_this(), slot] {
                Guard guard(*self);
                if (guard) self->flush(*slot);
            });
        }
        post_engine_check(slot);
        return r;
    }

    void post_engine_check(const std::shared_ptr<Slot>& slot) {
        asio::post(slot->strand, [weak = weak_from_this(), slot] {
            if (auto self = weak.lock()) {
                Guard guard(*self);
                if (guard) self->engine_check(slot);
            }
        });
    }

    /// Asks the pool for the computer's move when it is to move and nobody asked yet.
    void engine_check(const std::shared_ptr<Slot>& slot) {
        std::lock_guard lock(slot->write);
        if (slot->engine_pending || slot->unloaded) return;
        auto task = slot->current->engine_task(options.now());
        if (!task) return;
        slot->engine_pending = true;
        const int ply = task->ply;
        EngineRequest request;
        static_cast<EnginePosition&>(request) = std::move(*task);
        request.done = [weak = weak_from_this(), slot, ply](std::optional<Move> m) {
            auto self = weak.lock();
            if (!self || self->closed) return;
            asio::post(slot->strand, [weak, slot, ply, m] {
                auto me = weak.lock();
                if (!me) return;
                Guard guard(*me);
                if (!guard) return;
                {
                    std::lock_guard pending(slot->write);
                    slot->engine_pending = false;
                }
                if (m)
                    (void)me->apply(
                        slot, [&](LiveGame& g, Millis now, Millis wall) { return g.engine_move(*m, ply, now, wall); },
                        Language::English);
                else me->post_engine_check(slot);
            });
        };
        engines.submit(std::move(request));
    }

    void arm_flag_timer() {
        if (options.flag_interval_ms <= 0 || closed) return;
        flag_timer.expires_after(std::chrono::milliseconds(options.flag_interval_ms));
        flag_timer.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
            auto self = weak.lock();
            if (ec || !self) return;
            Guard guard(*self);
            if (!guard) return;
            self->check_all_flags();
            if (self->options.unload_sweep_ms > 0 &&
                self->options.now() - self->last_sweep >= self->options.unload_sweep_ms) {
                self->last_sweep = self->options.now();
                self->unload_idle();
            }
            self->arm_flag_timer();
        });
    }

    std::vector<std::shared_ptr<Slot>> all_slots() const {
        std::lock_guard lock(games_mutex);
        std::vector<std::shared_ptr<Slot>> out;
        for (const auto& [id, slot] : games) out.push_back(slot);
        return out;
    }

    void check_all_flags() {
        for (const auto& slot : all_slots()) {
            if (!slot->snapshot()->flag_due(options.now())) continue;
            asio::post(slot->strand, [weak = weak_from_this(), slot] {
                auto self = weak.lock();
                if (!self) return;
                Guard guard(*self);
                if (!guard) return;
                (void)self->apply(
                    slot, [](LiveGame&, Millis, Millis) { return std::expected<Effects, ServiceError>(Effects{}); },
                    Language::English);
            });
        }
    }

    /// The events after `since` from the store (after a restart the memory holds none that
    /// old), or none when they are not all kept there. Under slot.write.
    std::optional<std::vector<Event>> stored_backlog(const LiveGame& game, std::int64_t since) {
        if (since < 1 || since >= game.version()) return std::nullopt;
        auto stored = store.events_after(game.id(), since);
        if (!stored) {
            log("store: events of game " + game.id() + ": " + stored.error().message);
            return std::nullopt;
        }
        return events_from_store(*stored, since, *game.view(options.now()));
    }

    /// Gives a new game its id, stores it and makes it live (the computer starts thinking when
    /// it has White). None when the store fails.
    std::optional<std::shared_ptr<Slot>> insert_new_game(GameSetup setup, const ByColor<StoredSeat>& seats) {
        for (int attempt = 0; attempt < 8; ++attempt) {
            setup.id = random_game_id();
            {
                std::lock_guard lock(games_mutex);
                if (games.contains(setup.id)) continue;
            }
            LiveGame game(setup, seats, options.now(), setup.created);
            auto stored = store.create_game(game.stored_game(), {seats[Color::White], seats[Color::Black]},
                                            {1, "state", "{}"});
            if (!stored) {  // an id taken in the store (or the store failed: tried again)
                log("store: new game " + setup.id + ": " + stored.error().message);
                continue;
            }
            auto slot = std::make_shared<Slot>(io, std::move(game));
            {
                std::lock_guard lock(games_mutex);
                games.emplace(setup.id, slot);
            }
            post_engine_check(slot);
            return slot;
        }
        return std::nullopt;
    }

    /// The rematch of `old`: the same settings, the colours swapped; each player's seat opens
    /// with their secret of the old game (its hash is the new seat's invitation).
    std::expected<GameId, ServiceError> create_rematch(const LiveGame& old, Language lang) {
        GameSetup setup = old.setup();
        setup.created = options.wall_now();
        ByColor<StoredSeat> seats{};
        for (Color c : {Color::White, Color::Black}) {
            const StoredSeat& was = old.seats()[c];
            StoredSeat& now = seats[~c];
            now.color = ~c;
            now.engine = was.engine;
            now.invite_hash = was.engine ? "" : was.secret_hash;
            now.browser = was.browser;
        }
        auto slot = insert_new_game(std::move(setup), seats);
        if (!slot) return std::unexpected(make_error(ServiceCode::Storage, lang));
        return (*slot)->snapshot()->id();
    }

    /// Loads the games that were running (or waiting for the friend) when the server stopped.
    void recover() {
        for (Status status : {Status::Started, Status::Created}) {
            auto ids = store.games_with_status(status);
            if (!ids) continue;
            for (const GameId& id : *ids) {
                auto loaded = store.load_game(id);
                if (!loaded || !*loaded) continue;
                auto game = LiveGame::restore(**loaded, options.now());
                if (!game) {  // a corrupt record stays in the store, unplayed
                    log("recovery: game " + id + ": " + game.error());
                    continue;
                }
                auto slot = std::make_shared<Slot>(io, std::move(*game));
                {
                    std::lock_guard lock(games_mutex);
                    games.emplace(id, slot);
                }
                post_engine_check(slot);
            }
        }
    }
};

// ---- GameService ------------------------------------------------------------------------------

GameService::GameService(asio::io_context& io, Store& store, EnginePool& engines, ServiceOptions options)
    : impl_(std::make_shared<Impl>(io, store, engines, std::move(options))) {
    impl_->recover();
    impl_->arm_flag_timer();
}

GameService::~GameService() {
    impl_->closed = true;
    // A handler that entered before keeps using the store: wait until it is done.
    while (impl_->busy > 0) std::this_thread::yield();
    // The timer belongs to the io_context's thread; cancelling it from here is a request only.
    asio::post(impl_->io, [impl = impl_] { impl->flag_timer.cancel(); });
}

std::expected<CreatedGame, ServiceError> GameService::create_game(const CreateGameRequest& request,
                                                                  const Caller& caller) {
    const Language lang = caller.lang;
    auto bad = [&] { return std::unexpected(make_error(ServiceCode::BadRequest, lang)); };
    if (request.mode == Mode::Computer && (request.level < 1 || request.level > 8)) return bad();
    std::string tc;
    if (!request.tc.empty() && request.tc != "-") {
        auto control = parse_time_control(request.tc);
        if (!control || !control->is_timed()) return bad();
        tc = to_string(*control);
    }
    std::random_device random;
    GameSetup setup;
    setup.mode = request.mode;
    setup.level = request.mode == Mode::Computer ? request.level : 0;
    setup.tc = tc;
    setup.created = impl_->options.wall_now();
    if (request.fen) {
        const Variant variant = request.chess960 ? Variant::Chess960 : Variant::Standard;
        auto pos = position_from_fen(*request.fen, ValidateOptions{.variant = variant});
        if (!pos) return std::unexpected(make_error(pos.error(), lang));
        setup.chess960 = request.chess960;
        setup.chess960_number = -1;  // none: start_of reads the stored FEN
        setup.start = *pos;
    } else if (request.chess960) {
        const int n = request.chess960_number ? *request.chess960_number
                                              : static_cast<int>(random() % static_cast<unsigned>(Chess960Count));
        auto pos = chess960_position(n);
        if (!pos) return bad();
        setup.chess960 = true;
        setup.chess960_number = n;
        setup.start = *pos;
    }
    Color mine = request.color == ColorChoice::White   ? Color::White
                 : request.color == ColorChoice::Black ? Color::Black
                 : (random() & 1) != 0                 ? Color::White
                                                       : Color::Black;
    CreatedGame created;
    created.secret = random_secret();
    const std::string hash = sha256_hex(created.secret);
    ByColor<StoredSeat> seats{};
    seats[Color::White].color = Color::White;
    seats[Color::Black].color = Color::Black;
    seats[mine].secret_hash = hash;
    seats[mine].browser = caller.browser;
    switch (request.mode) {
        case Mode::Computer: seats[~mine].engine = true; break;
        case Mode::Friend:
            created.invite = random_secret();
            seats[~mine].invite_hash = sha256_hex(*created.invite);
            break;
        case Mode::Local:
            seats[~mine].secret_hash = hash;
            seats[~mine].browser = caller.browser;
            break;
    }
    created.seat = request.mode == Mode::Local ? Seat::Both : LiveGame::seat_for(mine);
    auto slot = impl_->insert_new_game(std::move(setup), seats);
    if (!slot) return std::unexpected(make_error(ServiceCode::Storage, lang));
    created.id = (*slot)->snapshot()->id();
    return created;
}

std::expected<JoinedGame, ServiceError> GameService::join(const GameId& id, const std::string& invite,
                                                          const Caller& caller) {
    auto slot = impl_->find(id);
    if (!slot) return std::unexpected(make_error(ServiceCode::NoSuchGame, caller.lang));
    JoinedGame joined;
    joined.secret = random_secret();
    const std::string hash = sha256_hex(joined.secret);
    std::optional<Color> color;
    bool both = false;
    auto r = impl_->apply(
        slot,
        [&](LiveGame& g, Millis now, Millis) -> std::expected<Effects, ServiceError> {
            auto e = g.join(invite, hash, caller.browser, now, caller.lang);
            if (e && !e->seats.empty()) color = e->seats.size() == 2 ? std::nullopt : std::optional(e->seats[0].color);
            if (e && e->seats.size() == 2) both = true;
            return e;
        },
        caller.lang, /*on_strand=*/false);
    if (!r) return std::unexpected(r.error());
    joined.seat = both ? Seat::Both : LiveGame::seat_for(color.value_or(Color::Black));
    return joined;
}

std::expected<JoinedGame, ServiceError> GameService::join_rematch(const GameId& id, const GameId& old_id,
                                                                  const Caller& caller) {
    auto old = impl_->find(old_id);
    if (!old) return std::unexpected(make_error(ServiceCode::NoSuchGame, caller.lang));
    auto game = old->snapshot();
    if (game->rematch_id() != id || !game->seat_of(caller.secret))
        return std::unexpected(make_error(ServiceCode::BadInvitation, caller.lang));
    return join(id, caller.secret, caller);
}

void GameService::act(const GameId& id, const Caller& caller, ClientMessage message, ReplyHandler reply) {
    const Language lang = caller.lang;
    const std::optional<std::int64_t> a = counter_of(message);
    if (std::holds_alternative<PingMessage>(message)) {
        reply(Ack{});
        return;
    }
    auto slot = impl_->find(id);
    if (!slot) {
        reply(std::unexpected(make_error(ServiceCode::NoSuchGame, lang)));
        return;
    }
    asio::post(slot->strand, [weak = std::weak_ptr<Impl>(impl_), slot, caller, message = std::move(message),
                              reply = std::move(reply), a, lang] {
        auto self = weak.lock();
        if (!self) return;
        Impl::Guard guard(*self);
        if (!guard) return;
        const std::optional<Seat> seat = slot->snapshot()->seat_of(caller.secret);
        if (!seat) {
            reply(std::unexpected(make_error(ServiceCode::NotYourSeat, lang)));
            return;
        }
        (void)self->apply(
            slot,
            [&](LiveGame& g, Millis now, Millis wall) -> std::expected<Effects, ServiceError> {
                return std::visit(
                    [&](const auto& m) -> std::expected<Effects, ServiceError> {
                        using T = std::decay_t<decltype(m)>;
                        if constexpr (std::is_same_v<T, MoveMessage>)
                            return g.move(*seat, m, now, wall, lang, caller.lag_ms);
                        else if constexpr (std::is_same_v<T, DrawMessage>) return g.draw(*seat, m.answer, now, lang);
                        else if constexpr (std::is_same_v<T, ClaimMessage>) return g.claim(*seat, m, now, wall, lang);
                        else if constexpr (std::is_same_v<T, ResignMessage>) return g.resign(*seat, now, lang);
                        else if constexpr (std::is_same_v<T, AbortMessage>) return g.abort(*seat, now, lang);
                        else if constexpr (std::is_same_v<T, TakebackMessage>)
                            return g.takeback(*seat, m.answer, now, lang);
                        else if constexpr (std::is_same_v<T, RematchMessage>) {
                            auto e = g.rematch(*seat, m.answer, now, lang);
                            if (e && e->rematch_agreed) {
                                auto new_id = self->create_rematch(g, lang);
                                if (!new_id) return std::unexpected(new_id.error());
                                g.rematch_created(*new_id, *e, now);
                            }
                            return e;
                        } else return std::unexpected(make_error(ServiceCode::BadRequest, lang));
                    },
                    message);
            },
            lang, /*on_strand=*/true,
            [&](const std::expected<Effects, ServiceError>& r) {
                if (!r) reply(std::unexpected(r.error()));
                else reply(Ack{a});
            });
    });
}

std::expected<Subscription, ServiceError> GameService::subscribe(const GameId& id,
                                                                 std::optional<std::int64_t> since_version,
                                                                 EventHandler handler) {
    auto slot = impl_->find(id);
    if (!slot) return std::unexpected(make_error(ServiceCode::NoSuchGame, Language::English));
    auto sub = std::make_shared<Subscriber>();
    sub->handler = std::move(handler);
    // On the strand: no broadcast runs in between the backlog and the registration.
    asio::post(slot->strand, [weak = std::weak_ptr<Impl>(impl_), slot, sub, since_version]() mutable {
        auto self = weak.lock();
        if (!self) return;
        Impl::Guard guard(*self);
        if (!guard) return;
        std::shared_ptr<const LiveGame> game;
        std::optional<std::vector<Event>> backlog;
        {
            // Under `write`: no change is stored between the snapshot and the store's events.
            auto write = self->lock_live(slot);
            if (!write) return;
            {
                std::lock_guard registered(sub->mutex);
                if (!sub->active) return;  // cancelled meanwhile
                sub->slot = slot;
            }
            {
                std::lock_guard lock(slot->read);
                game = slot->current;
                slot->subscribers.push_back(sub);
            }
            if (since_version) backlog = game->events_after(*since_version);
            if (since_version && !backlog) backlog = self->stored_backlog(*game, *since_version);
        }
        if (!backlog) {
            Event state;
            state.kind = EventKind::State;
            state.view = game->view(self->options.now());
            sub->deliver(state);
            return;
        }
        {
            std::lock_guard lock(sub->mutex);
            sub->delivered = *since_version;  // the client has these: a late broadcast must not repeat them
        }
        for (const Event& e : *backlog) sub->deliver(e);
    });
    return Subscription([sub] {
        std::shared_ptr<Slot> s;
        {
            std::lock_guard lock(sub->mutex);
            s = sub->slot.lock();
        }
        sub->cancel();
        if (s) {
            std::lock_guard lock(s->read);
            std::erase(s->subscribers, sub);
        }
    });
}

std::expected<GameState, ServiceError> GameService::state(const GameId& id, const Caller& caller) const {
    auto slot = impl_->find(id);
    if (!slot) return std::unexpected(make_error(ServiceCode::NoSuchGame, caller.lang));
    auto game = slot->snapshot();
    return GameState{game->view(impl_->options.now()), game->seat_of(caller.secret)};
}

std::expected<std::string, ServiceError> GameService::pgn(const GameId& id, Language lang) const {
    auto slot = impl_->find(id);
    if (!slot) return std::unexpected(make_error(ServiceCode::NoSuchGame, lang));
    return game_pgn(*slot->snapshot());
}

std::expected<CoachAdvice, ServiceError> GameService::coach(const GameId& id, const Caller& caller,
                                                            std::optional<std::int64_t> ply) const {
    auto slot = impl_->find(id);
    if (!slot) return std::unexpected(make_error(ServiceCode::NoSuchGame, caller.lang));
    const auto live = slot->snapshot();
    if (live->setup().mode != Mode::Computer) return std::unexpected(make_error(ServiceCode::CoachOff, caller.lang));
    const auto seat = live->seat_of(caller.secret);
    if (!seat || *seat == Seat::Both) return std::unexpected(make_error(ServiceCode::NotYourSeat, caller.lang));
    const Game& game = live->match().game();
    if (ply && (*ply < 0 || *ply > game.plies()))
        return std::unexpected(make_error(ServiceCode::BadRequest, caller.lang));
    CoachAdvice advice;
    advice.ply = ply ? static_cast<int>(*ply) : game.plies();
    advice.learner = *seat == Seat::White ? Color::White : Color::Black;
    const std::span<const Move> moves(game.moves().data(), static_cast<std::size_t>(advice.ply));
    advice.hints = coach_hints(game.start(), moves, advice.learner);
    const bool odd = advice.ply % 2 == 1;  // an odd count of moves: the start's side moved last
    advice.mover = odd || advice.ply == 0 ? game.start().side_to_move() : ~game.start().side_to_move();
    return advice;
}

std::vector<GameSummary> GameService::list_games(const std::string& browser) const {
    std::vector<GameSummary> out;
    auto ids = impl_->store.games_of_browser(browser);
    if (!ids) return out;
    for (const GameId& id : *ids) {
        auto slot = impl_->find(id);
        if (!slot) continue;
        const auto view = slot->snapshot()->view(impl_->options.now());
        out.push_back({id, view->white, view->black, view->status, view->outcome, view->updated});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const GameSummary& a, const GameSummary& b) { return a.updated > b.updated; });
    return out;
}

void GameService::check_flags() { impl_->check_all_flags(); }

std::size_t GameService::unload_idle() { return impl_->unload_idle(); }

std::size_t GameService::live_games() const {
    std::lock_guard lock(impl_->games_mutex);
    return impl_->games.size();
}

void GameService::drain() {
    for (const auto& slot : impl_->all_slots()) {
        std::promise<void> done;
        asio::post(slot->strand, [&done] { done.set_value(); });
        done.get_future().wait();
    }
}

}  // namespace schach::server
