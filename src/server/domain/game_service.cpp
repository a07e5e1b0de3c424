#include "server/domain/game_service.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <future>
#include <limits>
#include <mutex>
#include <random>
#include <span>
#include <unordered_map>

#include "core/chess960.hpp"
#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "server/domain/analysis_records.hpp"
#include "server/domain/engine_pool.hpp"
#include "server/domain/event_history.hpp"
#include "server/domain/game_pgn.hpp"
#include "server/domain/live_game.hpp"
#include "server/domain/mistake_records.hpp"
#include "server/domain/secrets.hpp"
#include "server/domain/store.hpp"

namespace schach::server {
namespace {

Millis steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
Millis wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

/// A subscriber: its handler, called on the game's mailbox only. `active` is the one field
/// another thread touches (the subscription's end); the mailbox drops ended subscribers lazily.
struct Subscriber {
    EventHandler handler;
    std::atomic<bool> active{true};
    std::int64_t delivered = 0;  // the last version handed over (events are never repeated); mailbox only

    void deliver(const Event& e) {
        if (!active.load(std::memory_order_acquire)) return;
        if (e.kind == EventKind::Analysis) return handler(e);  // not versioned
        if (e.kind == EventKind::Moved) {                      // the last: this node no longer holds the game
            active.store(false, std::memory_order_release);
            return handler(e);
        }
        if (e.version != 0 && e.version <= delivered) return;
        delivered = e.version != 0 ? e.version : e.view->version;
        handler(e);
    }
};

}  // namespace

struct Actor;

/// A task of a game's actor: `run` on its mailbox while no commit of the game is under way, or
/// `lost` (may be empty) with the reason when the game is gone meanwhile (from the store:
/// NoSuchGame; to another node: Moved).
struct Task {
    std::function<void(const std::shared_ptr<Actor>&)> run;
    std::function<void(const ServiceError&)> lost;
};

/// One live game: its mailbox and its current value (replaced whole on every change).
struct Actor {
    Actor(std::unique_ptr<Mailbox> b, LiveGame game, std::string client_key, std::uint64_t tenure_)
        : box(std::move(b)), current(std::make_shared<const LiveGame>(std::move(game))), client(std::move(client_key)),
          tenure(tenure_) {}
    const std::unique_ptr<Mailbox> box;
    /// Replaced only on the mailbox, after the commit (set_current); read from any thread.
    std::atomic<std::shared_ptr<const LiveGame>> current;
    /// When the current game's flag may fall (LiveGame::flag_time), never when no timer runs:
    /// the tick looks at a game only from then on, without loading `current`.
    std::atomic<Millis> flag_at{NoFlag};
    static constexpr Millis NoFlag = std::numeric_limits<Millis>::max();
    std::atomic<Millis> last_used{0};      // the service's now() when last looked up or watched
    std::atomic<bool> flag_queued{false};  // a flag check waits in the mailbox
    /// Whose game it is for the limits and the engine's turns: the creator's address (or
    /// browser); a game loaded from the store is its own client ("game:<id>").
    const std::string client;
    /// The store's tenure when the game was claimed: a copy of an older tenure may have been
    /// taken over by another node while this one had lost its lease, so it is dropped.
    const std::uint64_t tenure;

    // The mailbox's own state: touched by its tasks only, so no lock.
    std::deque<Task> queue;  // tasks waiting while a commit is under way
    bool busy = false;       // a commit (or a rematch's new game) is under way
    bool engine_pending = false;
    /// Out of memory (unloaded, or stale after another writer won): its tasks and subscribers
    /// go to the game's actor loaded again.
    bool gone = false;
    std::vector<std::shared_ptr<Subscriber>> subscribers;
    std::vector<std::function<void()>> on_idle;  // the service's end waits for the commit under way

    std::shared_ptr<const LiveGame> snapshot() const { return current.load(std::memory_order_acquire); }
    /// Makes `game` current (`now`: the service's clock). On the mailbox.
    void set_current(std::shared_ptr<const LiveGame> game, Millis now) {
        flag_at.store(game->flag_time(now).value_or(NoFlag), std::memory_order_relaxed);
        current.store(std::move(game), std::memory_order_release);
    }
};

/// A game's live actor for a call, or why there is none: NoSuchGame, or Moved with the node that
/// holds the game now.
struct ActorRef {
    std::shared_ptr<Actor> actor;
    ServiceError missing = make_error(ServiceCode::NoSuchGame);

    explicit operator bool() const { return actor != nullptr; }
    Actor* operator->() const { return actor.get(); }
    operator const std::shared_ptr<Actor>&() const { return actor; }
};

ServiceError moved_error(const std::string& owner) {
    ServiceError e = make_error(ServiceCode::Moved);
    e.owner = owner;
    return e;
}

struct GameService::Impl : std::enable_shared_from_this<GameService::Impl> {
    Impl(Runtime& runtime_, Store& store_, EnginePool& engines_, ServiceOptions options_)
        : runtime(runtime_), store(store_), engines(engines_), options(std::move(options_)) {
        if (!options.now) options.now = steady_ms;
        if (!options.wall_now) options.wall_now = wall_ms;
    }

    void log(const std::string& message) const {
        if (options.log) options.log(message);
    }

    Runtime& runtime;
    Store& store;
    EnginePool& engines;
    ServiceOptions options;
    Millis last_sweep = 0;  // on the tick only
    std::atomic<bool> closed{false};

    // ---- The map of live games: sharded, each lock held only for one lookup or change --------

    struct Shard {
        mutable std::mutex mutex;
        std::unordered_map<GameId, std::shared_ptr<Actor>> games;
    };
    static constexpr std::size_t Shards = 16;
    std::array<Shard, Shards> shards;

    Shard& shard_of(const GameId& id) { return shards[std::hash<GameId>{}(id) % Shards]; }

    std::shared_ptr<Actor> find(const GameId& id) {
        std::shared_ptr<Actor> stale;
        {
            Shard& s = shard_of(id);
            std::lock_guard lock(s.mutex);
            const auto it = s.games.find(id);
            if (it == s.games.end()) return nullptr;
            if (it->second->tenure == store.tenure()) {
                it->second->last_used.store(options.now(), std::memory_order_relaxed);
                return it->second;
            }
            stale = std::move(it->second);
            s.games.erase(it);
        }
        retire(stale);
        return nullptr;
    }

    /// A copy of an older tenure (this node's lease lapsed since it was claimed): out of memory;
    /// its tasks and subscribers go to the game claimed again (or are told where it went).
    void retire(const std::shared_ptr<Actor>& actor) {
        actor->box->post([weak = weak_from_this(), actor] {
            const auto self = weak.lock();
            if (!self || self->closed || actor->gone) return;
            actor->gone = true;
            if (!actor->busy) self->forward(actor, true);  // else the commit's end forwards them
        });
    }

    /// The tick's one pass over the live games: every game whose flag may have fallen by `now`
    /// gets a flag check, and (`retire_stale`) every copy of an older tenure is dropped (a
    /// running game is claimed again at once, so that its clock and its engine go on here, or on
    /// the node that took it). The others cost a look at two numbers under their shard's lock.
    void sweep_games(Millis now, bool retire_stale) {
        const std::uint64_t tenure = store.tenure();
        std::vector<std::shared_ptr<Actor>> stale, due;
        for (auto& shard : shards) {
            {
                std::lock_guard lock(shard.mutex);
                for (auto it = shard.games.begin(); it != shard.games.end();) {
                    if (retire_stale && it->second->tenure != tenure) {
                        stale.push_back(std::move(it->second));
                        it = shard.games.erase(it);
                        continue;
                    }
                    if (it->second->flag_at.load(std::memory_order_relaxed) <= now) due.push_back(it->second);
                    ++it;
                }
            }
            for (const auto& actor : stale) retire(actor);
            for (const auto& actor : due) check_flag(actor, now);
            stale.clear();
            due.clear();
        }
    }

    /// The running games of dead nodes (the tick, about once a second): claimed here.
    void adopt_orphans() {
        store.take_orphans(OrphansPerSweep,
                           [weak = weak_from_this()](std::expected<std::vector<GameId>, StoreError> ids) {
                               const auto self = weak.lock();
                               if (!self || self->closed) return;
                               if (!ids) return self->log("store: orphaned games: " + ids.error().message);
                               for (const GameId& id : *ids) self->with_actor(id, [](const ActorRef&) {});
                           });
    }
    static constexpr int OrphansPerSweep = 200;
    static constexpr Millis OrphanSweepMs = 1000;
    Millis last_orphan_sweep = 0;  // on the tick only

    /// Makes `actor` the live one of its game unless another is already; the live one.
    std::pair<std::shared_ptr<Actor>, bool> insert(const GameId& id, std::shared_ptr<Actor> actor) {
        actor->last_used = options.now();
        Shard& s = shard_of(id);
        std::lock_guard lock(s.mutex);
        auto [it, inserted] = s.games.try_emplace(id, std::move(actor));
        return {it->second, inserted};
    }

    void erase(const GameId& id, const Actor& actor) {
        Shard& s = shard_of(id);
        std::lock_guard lock(s.mutex);
        if (const auto it = s.games.find(id); it != s.games.end() && it->second.get() == &actor) s.games.erase(it);
    }

    std::vector<std::shared_ptr<Actor>> all_actors() const {
        std::vector<std::shared_ptr<Actor>> out;
        for (const Shard& s : shards) {
            std::lock_guard lock(s.mutex);
            for (const auto& [id, actor] : s.games) out.push_back(actor);
        }
        return out;
    }

    std::shared_ptr<Actor> make_actor(LiveGame game, std::string client = {}) {
        if (client.empty()) client = "game:" + game.setup().id;
        auto actor = std::make_shared<Actor>(runtime.mailbox(), std::move(game), std::move(client), store.tenure());
        actor->flag_at = actor->snapshot()->flag_time(options.now()).value_or(Actor::NoFlag);
        return actor;
    }

    /// Games against the computer not yet over that `client` created.
    int running_computer_games(const std::string& client) const {
        int n = 0;
        for (const auto& actor : all_actors()) {
            if (actor->client != client) continue;
            const auto game = actor->snapshot();
            if (game->setup().mode == Mode::Computer &&
                (game->status() == Status::Created || game->status() == Status::Started))
                ++n;
        }
        return n;
    }

    /// The live actor of game `id`, claimed from the store when it is not in memory; none when
    /// there is no such game (NoSuchGame) or another node holds it (Moved). `then` runs on the
    /// caller's thread when the game is in memory, else on the game's mailbox (never on the
    /// store's thread).
    void with_actor(const GameId& id, std::function<void(ActorRef)> then) {
        if (auto actor = find(id)) return then({std::move(actor)});
        if (!is_game_id(id)) return then({});
        store.claim_game(id, [weak = weak_from_this(), id, then = std::move(then)](auto loaded) mutable {
            const auto self = weak.lock();
            if (!self || self->closed) return;
            if (!loaded && loaded.error().code == StoreCode::Moved)
                return then({nullptr, moved_error(loaded.error().owner)});
            if (!loaded || !*loaded) {
                if (!loaded) self->log("store: load game " + id + ": " + loaded.error().message);
                return then({});
            }
            auto game = LiveGame::restore(**loaded, self->options.now());
            if (!game) {
                self->log("store: game " + id + ": " + game.error());
                return then({});
            }
            // (No structured binding: clang 14, the fuzz build's, cannot capture one.)
            const auto live = self->insert(id, self->make_actor(std::move(*game)));
            const std::shared_ptr<Actor> actor = live.first;
            if (live.second) self->post_engine_check(actor);
            actor->box->post([actor, then = std::move(then)] { then({actor}); });
        });
    }

    /// The game as it is, from memory or read from the store (not claimed: a list may show the
    /// games of other nodes); none when there is no such game. `then` runs on any thread.
    void with_view(const GameId& id, std::function<void(std::shared_ptr<const LiveGame>)> then) {
        if (auto actor = find(id)) return then(actor->snapshot());
        if (!is_game_id(id)) return then(nullptr);
        store.load_game(id, [weak = weak_from_this(), id, then = std::move(then)](auto loaded) {
            const auto self = weak.lock();
            if (!self || self->closed) return;
            if (!loaded || !*loaded) return then(nullptr);
            auto game = LiveGame::restore(**loaded, self->options.now());
            if (!game) return then(nullptr);
            then(std::make_shared<const LiveGame>(std::move(*game)));
        });
    }

    // ---- The mailbox --------------------------------------------------------------------------

    /// Queues `task` for `actor`'s game.
    void send(const std::shared_ptr<Actor>& actor, Task task) {
        actor->box->post([weak = weak_from_this(), actor, task = std::move(task)]() mutable {
            const auto self = weak.lock();
            if (!self || self->closed) return;
            actor->queue.push_back(std::move(task));
            self->pump(actor);
        });
    }

    /// Runs the waiting tasks until one suspends the actor in a commit. On the mailbox.
    void pump(const std::shared_ptr<Actor>& actor) {
        while (!actor->busy && !actor->queue.empty() && !closed) {
            if (actor->gone) return forward(actor, true);
            Task task = std::move(actor->queue.front());
            actor->queue.pop_front();
            task.run(actor);
        }
        if (!actor->busy) {
            for (auto& f : std::exchange(actor->on_idle, {})) f();
        }
    }

    /// Hands the tasks and subscribers of an actor that is gone to the game's live actor (loaded
    /// again); once, not in a loop: a task that finds that one gone too is handed on from there.
    /// `reload`: the game is claimed again even when nothing waits (a running game's clock and
    /// engine go on).
    void forward(const std::shared_ptr<Actor>& old, bool reload = false) {
        std::deque<Task> tasks = std::exchange(old->queue, {});
        std::vector<std::shared_ptr<Subscriber>> subs = std::exchange(old->subscribers, {});
        std::erase_if(subs, [](const auto& s) { return !s->active; });
        const auto game = old->snapshot();
        const bool running = game->status() == Status::Created || game->status() == Status::Started;
        if (tasks.empty() && subs.empty() && !(reload && running)) return;
        with_actor(game->id(), [self = shared_from_this(), tasks = std::move(tasks),
                                subs = std::move(subs)](ActorRef actor) mutable {
            if (!actor) {
                for (Task& t : tasks)
                    if (t.lost) t.lost(actor.missing);
                // Watchers of a game another node holds now are told where it went.
                if (actor.missing.code == ServiceCode::Moved) {
                    Event moved;
                    moved.kind = EventKind::Moved;
                    moved.owner = actor.missing.owner;
                    for (auto& sub : subs) sub->deliver(moved);
                }
                return;
            }
            for (Task& t : tasks) self->send(actor, std::move(t));
            // A subscriber of the stale copy gets the game as it is now.
            for (auto& sub : subs)
                self->send(actor, {[self, sub](const std::shared_ptr<Actor>& a) {
                                       a->subscribers.push_back(sub);
                                       self->deliver_state(*a, *sub);
                                   },
                                   {}});
        });
    }

    void deliver_state(const Actor& actor, Subscriber& sub) {
        Event state;
        state.kind = EventKind::State;
        state.view = actor.snapshot()->view(options.now());
        sub.deliver(state);
    }

    void broadcast(Actor& actor, const std::vector<Event>& events) {
        std::erase_if(actor.subscribers, [](const auto& s) { return !s->active; });
        const auto subs = actor.subscribers;  // a handler may subscribe or end meanwhile
        for (const Event& e : events)
            for (const auto& s : subs) s->deliver(e);
    }

    // ---- Actions: applied to a copy, committed, then current, acknowledged, broadcast ---------

    using Action = std::function<std::expected<Effects, ServiceError>(LiveGame&, Millis now, Millis wall)>;
    using Answer = std::function<void(const std::expected<Effects, ServiceError>&)>;

    /// The task that runs `action` (see apply).
    Task action_task(Action action, Answer answer) {
        Task task;
        task.lost = [answer](const ServiceError& why) {
            if (answer) answer(std::unexpected(why));
        };
        task.run = [self = shared_from_this(), action = std::move(action), answer = std::move(answer)](
                       const std::shared_ptr<Actor>& actor) { self->apply(actor, action, answer); };
        return task;
    }

    /// Runs an action on a copy of the game: a fallen flag decides first (a commit of its own),
    /// then the action; its effects are stored, and only then is the copy current, the answer
    /// given and the events broadcast. On the mailbox, the actor not busy.
    void apply(const std::shared_ptr<Actor>& actor, const Action& action, const Answer& answer) {
        const Millis now = options.now(), wall = options.wall_now();
        auto copy = std::make_shared<LiveGame>(*actor->snapshot());
        Effects flag = copy->check_flag(now);
        if (!flag.empty()) {
            commit(actor, copy, std::move(flag), wall, {}, action_task(action, answer),
                   [self = shared_from_this(), actor, action, answer](bool stored) {
                       if (!stored) {
                           if (answer) answer(std::unexpected(make_error(ServiceCode::Storage)));
                           return self->idle(actor);
                       }
                       actor->busy = false;
                       self->apply(actor, action, answer);  // on the game as the flag left it
                       if (!actor->busy) self->idle(actor);
                   });
            return;
        }
        auto effects = action(*copy, now, wall);
        if (!effects || effects->empty()) {
            if (answer) answer(effects);
            return;
        }
        if (effects->rematch_agreed)
            return create_rematch_then_commit(actor, copy, std::move(*effects), wall, action, answer);
        commit(actor, copy, std::move(*effects), wall, answer, action_task(action, answer),
               [self = shared_from_this(), actor](bool) { self->idle(actor); });
    }

    /// The commit under way has ended (and its answer is given): the next task may run.
    void idle(const std::shared_ptr<Actor>& actor) {
        actor->busy = false;
        post_engine_check(actor);
        pump(actor);
    }

    /// The service ends while the actor waited for the store: it only tells whoever waits for it.
    static void settle_closed(Actor& actor) {
        actor.busy = false;
        for (auto& f : std::exchange(actor.on_idle, {})) f();
    }

    /// Hands `effects` of the changed copy `next` to the store, suspending the actor. When the
    /// store has committed them (back on the mailbox): `next` becomes current, `answer` gets the
    /// effects, the events are broadcast and `then(true)` goes on (ends the action with idle(), or
    /// runs its next step). A store that failed leaves the game as it was: `answer` gets Storage,
    /// then `then(false)`. A store where another writer was first makes this copy stale: the
    /// actor drops it, and `retry` (the action again) runs on the game as stored.
    void commit(const std::shared_ptr<Actor>& actor, std::shared_ptr<LiveGame> next, Effects effects, Millis wall,
                Answer answer, Task retry, std::function<void(bool)> then) {
        actor->busy = true;
        std::vector<StoredEvent> events;
        events.reserve(effects.events.size());
        for (const Event& e : effects.events)
            events.push_back({e.version, std::string(event_kind_id(e.kind)), stored_event_json(e)});
        const GameUpdate update = next->update(wall);
        struct Pending {
            std::shared_ptr<LiveGame> next;
            Effects effects;
            Answer answer;
            Task retry;
            std::function<void(bool)> then;
        };
        auto pending = std::make_shared<Pending>(
            Pending{std::move(next), std::move(effects), std::move(answer), std::move(retry), std::move(then)});
        StoreDone<void> done = [weak = weak_from_this(), actor, pending](std::expected<void, StoreError> r) {
            const auto self = weak.lock();
            if (!self) return;
            actor->box->post([self, actor, pending, r = std::move(r)] { self->committed(actor, *pending, r); });
        };
        const GameId& id = pending->next->id();
        const Effects& e = pending->effects;
        if (e.move) store.append_move(id, *e.move, update, events, std::move(done));
        else if (e.take_back_from) store.take_back(id, *e.take_back_from, update, events, std::move(done));
        else store.update_game(id, update, events, e.seats, std::move(done));
    }

    /// The store's answer to commit(), on the mailbox.
    template <class Pending>
    void committed(const std::shared_ptr<Actor>& actor, Pending& p, const std::expected<void, StoreError>& r) {
        if (closed) return settle_closed(*actor);  // nobody is told any more; the end waits for this
        if (!r) {
            log("store: game " + p.next->id() + ": " + r.error().message);
            // Another writer was first, or another node took the game over: this copy is stale.
            if (r.error().code == StoreCode::Conflict || r.error().code == StoreCode::Moved)
                return drop_stale(actor, std::move(p.retry));
            if (p.answer) p.answer(std::unexpected(make_error(ServiceCode::Storage)));
            return p.then(false);
        }
        p.next->remember(p.effects, options.recent_events);
        const bool ended = actor->snapshot()->status() != Status::Over && p.next->status() == Status::Over;
        actor->set_current(p.next, options.now());
        // A game against the computer is analysed when it ends (the server's own request), queued
        // before anyone hears of the end, so that the page's first question finds it.
        if (ended && p.next->setup().mode == Mode::Computer && options.analysis.auto_computer_games)
            admit_analysis(p.next, "", false, [](const std::expected<AnalysisReport, ServiceError>&) {});
        if (p.answer) p.answer(p.effects);
        broadcast(*actor, p.effects.events);
        p.then(true);
    }

    /// Another writer stored this game first: this copy is stale. It leaves memory, and the
    /// action (not stored, not answered) and every task waiting here go to the game loaded again,
    /// its subscribers too (they get the game as stored).
    void drop_stale(const std::shared_ptr<Actor>& actor, Task retry) {
        actor->gone = true;
        actor->busy = false;
        actor->queue.push_front(std::move(retry));
        erase(actor->snapshot()->id(), *actor);
        forward(actor);
        for (auto& f : std::exchange(actor->on_idle, {})) f();
    }

    /// An agreed rematch: its game is created and stored first, then the old game's Rematch event
    /// is committed. The actor stays busy in between.
    void create_rematch_then_commit(const std::shared_ptr<Actor>& actor, std::shared_ptr<LiveGame> copy,
                                    Effects effects, Millis wall, const Action& action, const Answer& answer) {
        actor->busy = true;
        GameSetup setup = copy->setup();
        setup.created = options.wall_now();
        ByColor<StoredSeat> seats{};
        for (Color c : {Color::White, Color::Black}) {
            const StoredSeat& was = copy->seats()[c];
            StoredSeat& now = seats[~c];
            now.color = ~c;
            now.engine = was.engine;
            now.invite_hash = was.engine ? "" : was.secret_hash;  // each opens it with their old secret
            now.browser = was.browser;
        }
        auto step = [self = shared_from_this(), actor, copy = std::move(copy), effects = std::move(effects), wall,
                     action, answer](std::shared_ptr<Actor> created) mutable {
            if (self->closed) return settle_closed(*actor);
            if (!created) {
                if (answer) answer(std::unexpected(make_error(ServiceCode::Storage)));
                return self->idle(actor);
            }
            copy->rematch_created(created->snapshot()->id(), effects, self->options.now());
            self->commit(actor, copy, std::move(effects), wall, answer, self->action_task(action, answer),
                         [self, actor](bool) { self->idle(actor); });
        };
        insert_new_game(
            std::move(setup), seats, actor->client,
            [actor, step = std::make_shared<decltype(step)>(std::move(step))](std::shared_ptr<Actor> created) {
                actor->box->post([step, created = std::move(created)] { (*step)(created); });
            });
    }

    /// Gives a new game its id, stores it and makes it live (the computer starts thinking when
    /// it has White); `done` gets its actor, or none when the store failed. An id taken (in
    /// memory or in the store) is drawn again, up to 8 times.
    void insert_new_game(GameSetup setup, ByColor<StoredSeat> seats, std::string client,
                         std::function<void(std::shared_ptr<Actor>)> done, int attempt = 0) {
        if (attempt >= 8) return done(nullptr);
        setup.id = random_game_id();
        if (find(setup.id))
            return insert_new_game(std::move(setup), seats, std::move(client), std::move(done), attempt + 1);
        auto game = std::make_shared<LiveGame>(setup, seats, options.now(), setup.created);
        store.create_game(game->stored_game(), {seats[Color::White], seats[Color::Black]}, {1, "state", "{}"},
                          [weak = weak_from_this(), setup = std::move(setup), seats, game, client = std::move(client),
                           done = std::move(done), attempt](std::expected<void, StoreError> r) mutable {
                              const auto self = weak.lock();
                              if (!self) return;
                              if (self->closed) return done(nullptr);
                              if (!r) {  // an id taken in the store (or the store failed: tried again)
                                  self->log("store: new game " + setup.id + ": " + r.error().message);
                                  return self->insert_new_game(std::move(setup), seats, std::move(client),
                                                               std::move(done), attempt + 1);
                              }
                              auto actor = self->insert(setup.id, self->make_actor(std::move(*game), client)).first;
                              self->post_engine_check(actor);
                              done(std::move(actor));
                          });
    }

    // ---- The computer, flags, unloading -------------------------------------------------------

    void post_engine_check(const std::shared_ptr<Actor>& actor) {
        actor->box->post([weak = weak_from_this(), actor] {
            if (const auto self = weak.lock(); self && !self->closed) self->engine_check(actor);
        });
    }

    /// Asks the pool for the computer's move when it is to move and nobody asked yet. On the
    /// mailbox; the reply comes back as a task.
    void engine_check(const std::shared_ptr<Actor>& actor) {
        if (actor->engine_pending || actor->gone) return;
        auto task = actor->snapshot()->engine_task(options.now());
        if (!task) return;
        actor->engine_pending = true;
        const int ply = task->ply;
        EngineRequest request;
        static_cast<EnginePosition&>(request) = std::move(*task);
        request.client = actor->client;
        request.done = [weak = weak_from_this(), actor, ply](EngineReply r) {
            const auto self = weak.lock();
            if (!self || self->closed) return;
            Task reply;
            reply.run = [self, m = r.move, waited = r.waited_ms, ply](const std::shared_ptr<Actor>& a) {
                a->engine_pending = false;
                if (!m) return self->engine_check(a);
                self->apply(a,
                            [m, ply, waited](LiveGame& g, Millis now, Millis wall) {
                                return g.engine_move(*m, ply, now, wall, waited);
                            },
                            {});
            };
            self->send(actor, std::move(reply));
        };
        engines.submit(std::move(request));
    }

    /// Queues a flag check for `actor` when its flag has fallen by `now` and none waits yet.
    void check_flag(const std::shared_ptr<Actor>& actor, Millis now) {
        if (!actor->snapshot()->flag_due(now) || actor->flag_queued.exchange(true)) return;
        Task task = action_task([](LiveGame&, Millis, Millis) { return std::expected<Effects, ServiceError>(); }, {});
        task.run = [run = std::move(task.run)](const std::shared_ptr<Actor>& a) {
            a->flag_queued = false;
            run(a);
        };
        send(actor, std::move(task));
    }

    void check_all_flags() { sweep_games(options.now(), false); }

    /// Whether ServiceOptions lets the game go now (without looking at its mailbox's state).
    bool may_unload(const Actor& actor, Millis now) const {
        const auto game = actor.snapshot();
        const bool finished = game->status() == Status::Over || game->status() == Status::Aborted;
        // An agreed rematch is known only in memory (its players take their seats with it):
        // such a game waits as long as an idle one.
        const bool short_grace = finished && game->rematch_id().empty();
        const Millis limit = short_grace ? options.unload_finished_ms : options.unload_idle_ms;
        return limit > 0 && !game->timer_running() && now - actor.last_used.load() >= limit;
    }

    void unload_idle(std::function<void(std::size_t)> done) {
        const Millis now = options.now();
        std::vector<std::shared_ptr<Actor>> candidates;
        for (auto& actor : all_actors())
            if (may_unload(*actor, now)) candidates.push_back(std::move(actor));
        struct Count {
            std::atomic<std::size_t> left, unloaded{0};
            std::function<void(std::size_t)> done;
            void answer(bool gone) {
                if (gone) ++unloaded;
                if (--left == 0 && done) done(unloaded);
            }
        };
        if (candidates.empty()) {
            if (done) done(0);
            return;
        }
        auto count = std::make_shared<Count>();
        count->left = candidates.size();
        count->done = std::move(done);
        for (const auto& actor : candidates) {
            Task task;
            task.lost = [count](const ServiceError&) { count->answer(false); };
            task.run = [self = shared_from_this(), count, now](const std::shared_ptr<Actor>& a) {
                std::erase_if(a->subscribers, [](const auto& s) { return !s->active; });
                if (!a->subscribers.empty()) {
                    a->last_used = now;  // watched: the idle time counts from the last watcher
                    return count->answer(false);
                }
                if (a->engine_pending || !self->may_unload(*a, now)) return count->answer(false);
                a->gone = true;  // the tasks that come after go to the game loaded again
                self->erase(a->snapshot()->id(), *a);
                count->answer(true);
            };
            send(actor, std::move(task));
        }
    }

    void start_ticks() {
        if (options.flag_interval_ms <= 0) return;
        runtime.every(std::chrono::milliseconds(options.flag_interval_ms), [weak = weak_from_this()] {
            const auto self = weak.lock();
            if (!self || self->closed) return false;
            const Millis now = self->options.now();
            self->sweep_games(now, true);
            if (now - self->last_orphan_sweep >= OrphanSweepMs) {
                self->last_orphan_sweep = now;
                self->adopt_orphans();
            }
            if (self->options.unload_sweep_ms > 0 && now - self->last_sweep >= self->options.unload_sweep_ms) {
                self->last_sweep = now;
                self->unload_idle({});
            }
            return true;
        });
    }

    /// The events after `since` from the store (after a restart the memory holds none that
    /// old); `then` gets none when they are not all kept there. On the mailbox.
    void stored_backlog(const std::shared_ptr<Actor>& actor, std::int64_t since,
                        std::function<void(std::optional<std::vector<Event>>)> then) {
        const auto game = actor->snapshot();
        if (since < 1 || since >= game->version()) return then(std::nullopt);
        store.events_after(
            game->id(), since,
            [weak = weak_from_this(), actor, game, since, then = std::move(then)](auto stored) mutable {
                const auto self = weak.lock();
                if (!self) return;
                actor->box->post([self, game, since, stored = std::move(stored), then = std::move(then)] {
                    if (self->closed) return then(std::nullopt);
                    if (!stored) {
                        self->log("store: events of game " + game->id() + ": " + stored.error().message);
                        return then(std::nullopt);
                    }
                    then(events_from_store(*stored, since, *game->view(self->options.now())));
                });
            });
    }

    /// Loads the games that were running (or waiting for the friend) when the server stopped.
    /// Waits for the store: the service's construction only.
    void recover() {
        for (Status status : {Status::Started, Status::Created}) {
            std::promise<std::expected<std::vector<GameId>, StoreError>> ids_promise;
            store.games_with_status(status, [&](auto ids) { ids_promise.set_value(std::move(ids)); });
            const auto ids = ids_promise.get_future().get();
            if (!ids) continue;
            for (const GameId& id : *ids) {
                // Claimed: a game another node (alive) runs stays there.
                std::promise<std::expected<std::optional<LoadedGame>, StoreError>> loaded_promise;
                store.claim_game(id, [&](auto loaded) { loaded_promise.set_value(std::move(loaded)); });
                const auto loaded = loaded_promise.get_future().get();
                if (!loaded || !*loaded) continue;
                auto game = LiveGame::restore(**loaded, options.now());
                if (!game) {  // a corrupt record stays in the store, unplayed
                    log("recovery: game " + id + ": " + game.error());
                    continue;
                }
                auto actor = insert(id, make_actor(std::move(*game))).first;
                post_engine_check(actor);
            }
        }
    }

    // ---- The computer analysis (analysis_queue.hpp) ------------------------------------------

    std::shared_ptr<AnalysisQueue> analyses;

    static constexpr Millis Day = 24 * 60 * 60 * 1000;

    /// The moves an analysis reviews: the game's, at most max_plies.
    std::vector<Move> reviewed_moves(const LiveGame& game) const {
        const std::vector<Move>& all = game.match().game().moves();
        const auto n = std::min(all.size(), static_cast<std::size_t>(std::max(0, options.analysis.max_plies)));
        return {all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n)};
    }

    /// Tells the game's watchers (when it is in memory) how its analysis stands.
    void broadcast_analysis(const GameId& id, AnalysisState state, AnalysisProgress progress) {
        const auto actor = find(id);
        if (!actor) return;
        Event e;
        e.kind = EventKind::Analysis;
        e.analysis = state;
        e.progress = progress;
        send(actor,
             {[self = shared_from_this(), e](const std::shared_ptr<Actor>& a) { self->broadcast(*a, {e}); }, {}});
    }

    /// Stores a finished analysis, then forgets it in the queue and tells the watchers.
    void analysis_finished(const AnalysisJob& job, const std::vector<review::PositionEval>& positions) {
        StoredAnalysis row{job.game,
                           AnalysisStatus::Done,
                           job.browser,
                           job.requested,
                           options.analysis.nodes,
                           static_cast<int>(job.moves.size()),
                           stored_positions(positions)};
        const AnalysisProgress total{static_cast<int>(positions.size()), static_cast<int>(positions.size())};
        store.save_analysis(
            row, [weak = weak_from_this(), id = job.game, total, positions](std::expected<void, StoreError> r) {
                const auto self = weak.lock();
                if (!self) return;
                if (!r) self->log("store: analysis of game " + id + ": " + r.error().message);
                self->analyses->forget(id);
                if (!r) return;
                self->broadcast_analysis(id, AnalysisState::Done, total);
                // Read, not claimed: the game may be another node's by now.
                self->with_view(id, [self, positions](std::shared_ptr<const LiveGame> game) {
                    if (game && !self->closed) self->save_mistakes(*game, positions, {});
                });
            });
    }

    // ---- One's own mistakes as exercises (mistake_records.hpp) ---------------------------------

    /// Stores the exercises a finished analysis of `game` gives (none: the analysis is marked as
    /// turned all the same); a failure is logged and left for the next start (the analysis stays
    /// unmarked). `done` (may be empty) gets whether they were stored.
    void save_mistakes(const LiveGame& game, const std::vector<review::PositionEval>& positions,
                       std::function<void(bool)> done) {
        const std::vector<Move>& all = game.match().game().moves();
        std::vector<StoredMistake> exercises;
        if (!positions.empty() && positions.size() <= all.size() + 1) {
            const std::span<const Move> moves(all.data(), positions.size() - 1);
            exercises = mistake_exercises(game.id(), game.setup().start, moves, positions,
                                          exercise_browsers(game.setup().mode, game.setup().imported, game.seats()),
                                          options.wall_now());
        }
        store.save_mistakes(game.id(), exercises,
                            [weak = weak_from_this(), id = game.id(), done](std::expected<void, StoreError> r) {
                                const auto self = weak.lock();
                                if (self && !r) self->log("store: mistakes of game " + id + ": " + r.error().message);
                                if (done) done(r.has_value());
                            });
    }

    /// The exercises of the analyses stored before there were exercises (schema 7), or whose
    /// exercises could not be stored: each game and its analysis read and turned once (waits for
    /// the store: the service's construction only).
    void backfill_mistakes() {
        std::promise<std::expected<std::vector<GameId>, StoreError>> ids_promise;
        store.analyses_without_mistakes([&](auto ids) { ids_promise.set_value(std::move(ids)); });
        const auto ids = ids_promise.get_future().get();
        if (!ids) return log("recovery: analyses without exercises: " + ids.error().message);
        for (const GameId& id : *ids) {
            std::promise<std::expected<std::optional<LoadedGame>, StoreError>> game_promise;
            store.load_game(id, [&](auto loaded) { game_promise.set_value(std::move(loaded)); });
            const auto loaded = game_promise.get_future().get();
            std::promise<std::expected<std::optional<StoredAnalysis>, StoreError>> analysis_promise;
            store.load_analysis(id, [&](auto stored) { analysis_promise.set_value(std::move(stored)); });
            const auto stored = analysis_promise.get_future().get();
            if (!loaded || !stored) continue;  // the store failed: the next start tries again
            const auto game = *loaded && *stored ? LiveGame::restore(**loaded, options.now())
                                                 : std::unexpected(std::string("no game or no analysis"));
            if (!game) {  // nothing to turn (a corrupt record): marked, so that no start reads it again
                log("recovery: exercises of game " + id + ": " + game.error());
                std::promise<void> marked;
                store.save_mistakes(id, {}, [&](auto) { marked.set_value(); });
                marked.get_future().wait();
                continue;
            }
            const std::vector<Move>& all = game->match().game().moves();
            const int plies = (*stored)->plies;
            if (plies < 0 || static_cast<std::size_t>(plies) > all.size()) continue;
            const std::span<const Move> moves(all.data(), static_cast<std::size_t>(plies));
            auto positions = review_positions(game->setup().start, moves, (*stored)->positions);
            // An analysis that does not fit its game gives no exercise (and is not read again).
            if (!positions || positions->size() != moves.size() + 1) positions.emplace();
            std::promise<bool> saved;
            save_mistakes(*game, *positions, [&](bool) { saved.set_value(true); });
            saved.get_future().wait();
        }
    }

    /// Asks for the analysis of the finished `game` (see GameService::request_analysis);
    /// `limited`: the browser's limits apply. `done` may be empty.
    void request_analysis(std::shared_ptr<const LiveGame> game, std::string browser, std::string address, bool limited,
                          Done<AnalysisReport> done) {
        auto answer = std::make_shared<Done<AnalysisReport>>(std::move(done));
        const auto reply = [answer](std::expected<AnalysisReport, ServiceError> r) {
            if (*answer) (*answer)(std::move(r));
        };
        const GameId id = game->id();
        if (const auto s = analyses->status(id))
            return reply(AnalysisReport{s->first, s->second, game->setup().start, {}, {}});
        store.load_analysis(id, [weak = weak_from_this(), game, browser, address, limited, reply](auto stored) {
            const auto self = weak.lock();
            if (!self || self->closed) return;
            if (!stored) return reply(std::unexpected(make_error(ServiceCode::Storage)));
            const Position& start = game->setup().start;
            if (*stored) {  // asked for before: computed once
                const int total = (*stored)->plies + 1;
                const bool finished = (*stored)->status == AnalysisStatus::Done;
                return reply(AnalysisReport{finished ? AnalysisState::Done : AnalysisState::Queued,
                                            {finished ? total : 0, total},
                                            start,
                                            {},
                                            {}});
            }
            self->admit_analysis(game, browser, limited, reply, address);
        });
    }

    void admit_analysis(const std::shared_ptr<const LiveGame>& game, const std::string& browser, bool limited,
                        const std::function<void(std::expected<AnalysisReport, ServiceError>)>& reply,
                        const std::string& address = {}) {
        AnalysisJob job{game->id(), game->setup().start, reviewed_moves(*game), browser, options.wall_now(), address};
        const AnalysisProgress waiting{0, static_cast<int>(job.moves.size()) + 1};
        const auto refuse = [&](AnalysisLimitKind kind, Millis wait_ms) {
            ServiceError e = make_error(ServiceCode::AnalysisLimit);
            e.limit = kind;
            e.daily_limit = options.analysis.daily_limit;
            e.retry_after_s = std::max<Millis>(1, (wait_ms + 999) / 1000);
            reply(std::unexpected(e));
        };
        switch (analyses->reserve(job, limited, job.requested)) {
            case Admission::Present: {
                const auto s = analyses->status(job.game);
                return reply(
                    AnalysisReport{s ? s->first : AnalysisState::Queued, s ? s->second : waiting, job.start, {}, {}});
            }
            case Admission::BrowserBusy: return refuse(AnalysisLimitKind::Running, 60'000);
            case Admission::AddressBusy: return refuse(AnalysisLimitKind::Address, 60'000);
            case Admission::DailyLimit:
                return refuse(AnalysisLimitKind::Daily, analyses->next_allowed(browser, job.requested) - job.requested);
            case Admission::Full: return refuse(AnalysisLimitKind::Full, 60'000);
            case Admission::Admitted: break;
        }
        StoredAnalysis row{job.game,
                           AnalysisStatus::Queued,
                           browser,
                           job.requested,
                           options.analysis.nodes,
                           static_cast<int>(job.moves.size()),
                           {}};
        store.queue_analysis(row, [weak = weak_from_this(), id = job.game, start = job.start, waiting,
                                   reply](std::expected<void, StoreError> r) {
            const auto self = weak.lock();
            if (!self || self->closed) return;
            if (!r) {
                self->log("store: analysis request of game " + id + ": " + r.error().message);
                self->analyses->cancel(id);
                return reply(std::unexpected(make_error(ServiceCode::Storage)));
            }
            self->analyses->start(id);
            self->broadcast_analysis(id, AnalysisState::Queued, waiting);
            reply(AnalysisReport{AnalysisState::Queued, waiting, start, {}, {}});
        });
    }

    /// The analysis queue, its daily counts and the requests a restart resumes (waits for the
    /// store: the service's construction only).
    void start_analyses() {
        analyses = std::make_shared<AnalysisQueue>(
            engines, options.analysis,
            [weak = weak_from_this()](const GameId& id, AnalysisState state, AnalysisProgress progress) {
                if (const auto self = weak.lock(); self && !self->closed) self->broadcast_analysis(id, state, progress);
            },
            [weak = weak_from_this()](const AnalysisJob& job, std::vector<review::PositionEval> positions) {
                if (const auto self = weak.lock(); self && !self->closed) self->analysis_finished(job, positions);
            });
        const Millis now = options.wall_now();
        std::promise<std::expected<std::vector<StoredAnalysis>, StoreError>> recent_promise;
        store.analyses_requested_since(now - Day, [&](auto rows) { recent_promise.set_value(std::move(rows)); });
        if (const auto recent = recent_promise.get_future().get(); recent)
            for (const StoredAnalysis& a : *recent) analyses->count_request(a.browser, a.requested);
        std::promise<std::expected<std::vector<StoredAnalysis>, StoreError>> queued_promise;
        store.queued_analyses([&](auto rows) { queued_promise.set_value(std::move(rows)); });
        const auto queued = queued_promise.get_future().get();
        if (!queued) return log("recovery: queued analyses: " + queued.error().message);
        for (const StoredAnalysis& a : *queued) {
            std::promise<std::expected<std::optional<LoadedGame>, StoreError>> loaded_promise;
            store.load_game(a.game, [&](auto loaded) { loaded_promise.set_value(std::move(loaded)); });
            const auto loaded = loaded_promise.get_future().get();
            if (!loaded || !*loaded) continue;
            auto game = LiveGame::restore(**loaded, options.now());
            if (!game) continue;
            AnalysisJob job{a.game, game->setup().start, reviewed_moves(*game), a.browser, a.requested};
            if (analyses->reserve(job, false, now) == Admission::Admitted) analyses->start(a.game);
        }
    }

    /// Stores an imported game under a new id (drawn again when taken, up to 8 times).
    void import_new(StoredGame g, std::vector<StoredSeat> seats, std::vector<StoredMove> moves, Done<GameId> done,
                    int attempt = 0) {
        if (closed) return;
        if (attempt >= 8) return done(std::unexpected(make_error(ServiceCode::Storage)));
        g.id = random_game_id();
        // Copies for the call: the completion below takes the originals (the arguments are bound
        // by reference while the completion is built).
        const StoredGame stored = g;
        const std::vector<StoredSeat> stored_seats = seats;
        const std::vector<StoredMove> stored_moves = moves;
        store.import_game(
            stored, stored_seats, stored_moves, {1, "state", "{}"},
            [weak = weak_from_this(), g = std::move(g), seats = std::move(seats), moves = std::move(moves),
             done = std::move(done), attempt](std::expected<void, StoreError> r) mutable {
                const auto self = weak.lock();
                if (!self) return;
                if (r) return done(g.id);
                self->log("store: imported game " + g.id + ": " + r.error().message);
                self->import_new(std::move(g), std::move(seats), std::move(moves), std::move(done), attempt + 1);
            });
    }

    /// The first to come with the invitation takes the free seat (GameService::join).
    void join(const GameId& id, const std::string& invite, const Caller& caller, Done<JoinedGame> done);

    /// Waits until every actor's tasks posted so far have run, commits included.
    void barrier() {
        std::vector<std::future<void>> waits;
        for (const auto& actor : all_actors()) {
            auto done = std::make_shared<std::promise<void>>();
            waits.push_back(done->get_future());
            actor->box->post([actor, done] {
                if (actor->busy) actor->on_idle.push_back([done] { done->set_value(); });
                else done->set_value();
            });
        }
        for (auto& w : waits) w.wait();
    }
};

// ---- GameService ------------------------------------------------------------------------------

GameService::GameService(Runtime& runtime, Store& store, EnginePool& engines, ServiceOptions options)
    : impl_(std::make_shared<Impl>(runtime, store, engines, std::move(options))) {
    impl_->start_analyses();  // first: a resumed game against the computer may end (and be analysed) at once
    impl_->backfill_mistakes();
    impl_->recover();
    impl_->start_ticks();
}

GameService::~GameService() {
    // No task runs from now on; a commit under way still comes back (the store is used until
    // then), which the barrier waits for. No spinning: each actor answers once.
    impl_->analyses->shutdown();  // no step runs from now on (the pool's threads stay)
    impl_->closed = true;
    impl_->barrier();
    // Nothing runs in a mailbox any more: what is still queued there is dropped, which also ends
    // the tasks' hold on the service (a task keeps its service, the service its games).
    for (const auto& actor : impl_->all_actors()) {
        actor->box->post([actor] {
            actor->queue.clear();
            actor->subscribers.clear();
        });
    }
    impl_->barrier();
    for (auto& shard : impl_->shards) {
        std::lock_guard lock(shard.mutex);
        shard.games.clear();
    }
}

void GameService::create_game(const CreateGameRequest& request, const Caller& caller, Done<CreatedGame> done) {
    auto bad = [&] { return done(std::unexpected(make_error(ServiceCode::BadRequest))); };
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
        if (!pos) return done(std::unexpected(make_error(pos.error())));
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
    auto created = std::make_shared<CreatedGame>();
    created->secret = random_secret();
    const std::string hash = sha256_hex(created->secret);
    ByColor<StoredSeat> seats{};
    seats[Color::White].color = Color::White;
    seats[Color::Black].color = Color::Black;
    seats[mine].secret_hash = hash;
    seats[mine].browser = caller.browser;
    switch (request.mode) {
        case Mode::Computer: seats[~mine].engine = true; break;
        case Mode::Friend:
            created->invite = random_secret();
            seats[~mine].invite_hash = sha256_hex(*created->invite);
            break;
        case Mode::Local:
            seats[~mine].secret_hash = hash;
            seats[~mine].browser = caller.browser;
            break;
    }
    created->seat = request.mode == Mode::Local ? Seat::Both : LiveGame::seat_for(mine);
    const std::string client = !caller.address.empty() ? caller.address : caller.browser;
    if (request.mode == Mode::Computer && impl_->options.computer_games_per_client > 0 && !client.empty() &&
        impl_->running_computer_games(client) >= impl_->options.computer_games_per_client) {
        ServiceError e = make_error(ServiceCode::ComputerGamesLimit);
        e.retry_after_s = 60;
        return done(std::unexpected(std::move(e)));
    }
    impl_->insert_new_game(std::move(setup), seats, client,
                           [created, done = std::move(done)](std::shared_ptr<Actor> actor) {
                               if (!actor) return done(std::unexpected(make_error(ServiceCode::Storage)));
                               created->id = actor->snapshot()->id();
                               done(std::move(*created));
                           });
}

void GameService::join(const GameId& id, const std::string& invite, const Caller& caller, Done<JoinedGame> done) {
    impl_->join(id, invite, caller, std::move(done));
}

void GameService::Impl::join(const GameId& id, const std::string& invite, const Caller& caller, Done<JoinedGame> done) {
    with_actor(id, [impl = shared_from_this(), invite, caller, done = std::move(done)](auto actor) mutable {
        if (!actor) return done(std::unexpected(actor.missing));
        auto joined = std::make_shared<JoinedGame>();
        joined->secret = random_secret();
        const std::string hash = sha256_hex(joined->secret);
        auto seated = std::make_shared<std::pair<std::optional<Color>, bool>>();  // one seat, or both
        impl->send(actor, impl->action_task(
                              [invite, hash, caller, seated](LiveGame& g, Millis now, Millis) {
                                  auto e = g.join(invite, hash, caller.browser, now);
                                  if (e && !e->seats.empty()) {
                                      seated->first = e->seats[0].color;
                                      seated->second = e->seats.size() == 2;
                                  }
                                  return e;
                              },
                              [joined, seated, done](const std::expected<Effects, ServiceError>& r) {
                                  if (!r) return done(std::unexpected(r.error()));
                                  joined->seat = seated->second
                                                     ? Seat::Both
                                                     : LiveGame::seat_for(seated->first.value_or(Color::Black));
                                  done(*joined);
                              }));
    });
}

void GameService::join_rematch(const GameId& id, const GameId& old_id, const Caller& caller, Done<JoinedGame> done) {
    impl_->with_actor(old_id, [impl = impl_, id, caller, done = std::move(done)](auto old) mutable {
        if (!old) return done(std::unexpected(old.missing));
        const auto game = old->snapshot();
        if (game->rematch_id() != id || !game->seat_of(caller.secret))
            return done(std::unexpected(make_error(ServiceCode::BadInvitation)));
        impl->join(id, caller.secret, caller, std::move(done));
    });
}

void GameService::act(const GameId& id, const Caller& caller, ClientMessage message, ReplyHandler reply) {
    const std::optional<std::int64_t> a = counter_of(message);
    if (std::holds_alternative<PingMessage>(message)) return reply(Ack{});
    impl_->with_actor(
        id, [impl = impl_, caller, message = std::move(message), reply = std::move(reply), a](auto actor) mutable {
            if (!actor) return reply(std::unexpected(actor.missing));
            // The seat is checked on the mailbox, against the game as it is when the action runs.
            auto seat = std::make_shared<std::optional<Seat>>();
            Impl::Action action = [caller, message = std::move(message), seat](
                                      LiveGame& g, Millis now, Millis wall) -> std::expected<Effects, ServiceError> {
                *seat = g.seat_of(caller.secret);
                if (!*seat) return std::unexpected(make_error(ServiceCode::NotYourSeat));
                const Seat s = **seat;
                return std::visit(
                    [&](const auto& m) -> std::expected<Effects, ServiceError> {
                        using T = std::decay_t<decltype(m)>;
                        if constexpr (std::is_same_v<T, MoveMessage>) return g.move(s, m, now, wall, caller.lag_ms);
                        else if constexpr (std::is_same_v<T, DrawMessage>) return g.draw(s, m.answer, now);
                        else if constexpr (std::is_same_v<T, ClaimMessage>) return g.claim(s, m, now, wall);
                        else if constexpr (std::is_same_v<T, ResignMessage>) return g.resign(s, now);
                        else if constexpr (std::is_same_v<T, AbortMessage>) return g.abort(s, now);
                        else if constexpr (std::is_same_v<T, TakebackMessage>) return g.takeback(s, m.answer, now);
                        else if constexpr (std::is_same_v<T, RematchMessage>) return g.rematch(s, m.answer, now);
                        else return std::unexpected(make_error(ServiceCode::BadRequest));
                    },
                    message);
            };
            impl->send(actor,
                       impl->action_task(std::move(action), [reply, a](const std::expected<Effects, ServiceError>& r) {
                           if (!r) reply(std::unexpected(r.error()));
                           else reply(Ack{a});
                       }));
        });
}

void GameService::subscribe(const GameId& id, std::optional<std::int64_t> since_version, EventHandler handler,
                            Done<Subscription> done) {
    auto sub = std::make_shared<Subscriber>();
    sub->handler = std::move(handler);
    impl_->with_actor(id, [impl = impl_, sub, since_version, done = std::move(done)](auto actor) mutable {
        if (!actor) return done(std::unexpected(actor.missing));
        // In the mailbox: no broadcast runs between the backlog and the registration.
        Task task;
        task.run = [impl, sub, since_version](const std::shared_ptr<Actor>& a) {
            a->subscribers.push_back(sub);
            const auto game = a->snapshot();
            if (!since_version) return impl->deliver_state(*a, *sub);
            const auto deliver = [impl, a, sub, since = *since_version](std::optional<std::vector<Event>> backlog) {
                if (!backlog) return impl->deliver_state(*a, *sub);
                sub->delivered = since;  // the client has these: a later broadcast must not repeat them
                for (const Event& e : *backlog) sub->deliver(e);
            };
            if (auto held = game->events_after(*since_version)) return deliver(std::move(held));
            // From the store: the actor waits meanwhile, so no event passes the backlog.
            a->busy = true;
            impl->stored_backlog(a, *since_version, [impl, a, deliver](std::optional<std::vector<Event>> backlog) {
                if (impl->closed) return Impl::settle_closed(*a);
                deliver(std::move(backlog));
                impl->idle(a);
            });
        };
        impl->send(actor, std::move(task));
        done(Subscription([sub] { sub->active.store(false, std::memory_order_release); }));
    });
}

void GameService::state(const GameId& id, const Caller& caller, Done<GameState> done) {
    impl_->with_actor(id, [impl = impl_, secret = caller.secret, done = std::move(done)](auto a) {
        if (!a) return done(std::unexpected(a.missing));
        const auto game = a->snapshot();
        done(GameState{game->view(impl->options.now()), game->seat_of(secret)});
    });
}

void GameService::pgn(const GameId& id, Done<std::string> done) {
    impl_->with_actor(id, [done = std::move(done)](auto a) {
        if (!a) return done(std::unexpected(a.missing));
        done(game_pgn(*a->snapshot()));
    });
}

void GameService::coach(const GameId& id, const Caller& caller, std::optional<std::int64_t> ply,
                        Done<CoachAdvice> done) {
    impl_->with_actor(id, [secret = caller.secret, ply, done = std::move(done)](auto a) {
        const auto fail = [&](ServiceCode code) { done(std::unexpected(make_error(code))); };
        if (!a) return done(std::unexpected(a.missing));
        const auto live = a->snapshot();
        if (live->setup().mode != Mode::Computer) return fail(ServiceCode::CoachOff);
        const auto seat = live->seat_of(secret);
        if (!seat || *seat == Seat::Both) return fail(ServiceCode::NotYourSeat);
        const Game& game = live->match().game();
        if (ply && (*ply < 0 || *ply > game.plies())) return fail(ServiceCode::BadRequest);
        CoachAdvice advice;
        advice.ply = ply ? static_cast<int>(*ply) : game.plies();
        advice.learner = *seat == Seat::White ? Color::White : Color::Black;
        const std::span<const Move> moves(game.moves().data(), static_cast<std::size_t>(advice.ply));
        advice.hints = coach_hints(game.start(), moves, advice.learner);
        const bool odd = advice.ply % 2 == 1;  // an odd count of moves: the start's side moved last
        advice.mover = odd || advice.ply == 0 ? game.start().side_to_move() : ~game.start().side_to_move();
        done(std::move(advice));
    });
}

void GameService::request_analysis(const GameId& id, const Caller& caller, Done<AnalysisReport> done) {
    impl_->with_actor(
        id, [impl = impl_, browser = caller.browser, address = caller.address, done = std::move(done)](auto a) mutable {
            if (!a) return done(std::unexpected(a.missing));
            const auto game = a->snapshot();
            if (game->status() != Status::Over) return done(std::unexpected(make_error(ServiceCode::GameNotFinished)));
            impl->request_analysis(game, browser, address, true, std::move(done));
        });
}

void GameService::analysis(const GameId& id, Done<AnalysisReport> done) {
    impl_->with_actor(id, [impl = impl_, done = std::move(done)](auto a) mutable {
        if (!a) return done(std::unexpected(a.missing));
        const auto game = a->snapshot();
        const Position start = game->setup().start;
        if (const auto s = impl->analyses->status(game->id()))
            return done(AnalysisReport{s->first, s->second, start, {}, {}});
        impl->store.load_analysis(
            game->id(), [weak = std::weak_ptr(impl), game, start, done = std::move(done)](auto stored) {
                const auto self = weak.lock();
                if (!self || self->closed) return;
                if (!stored) return done(std::unexpected(make_error(ServiceCode::Storage)));
                if (!*stored) return done(std::unexpected(make_error(ServiceCode::AnalysisNotRequested)));
                const StoredAnalysis& row = **stored;
                const int total = row.plies + 1;
                if (row.status != AnalysisStatus::Done)
                    return done(AnalysisReport{AnalysisState::Queued, {0, total}, start, {}, {}});
                const std::vector<Move>& all = game->match().game().moves();
                if (row.plies < 0 || static_cast<std::size_t>(row.plies) > all.size()) {
                    self->log("store: analysis of game " + game->id() + " does not fit its moves");
                    return done(std::unexpected(make_error(ServiceCode::Storage)));
                }
                AnalysisReport report{AnalysisState::Done,
                                      {total, total},
                                      start,
                                      std::vector<Move>(all.begin(), all.begin() + row.plies),
                                      {}};
                auto positions = review_positions(start, report.moves, row.positions);
                if (!positions || positions->size() != static_cast<std::size_t>(total)) {
                    self->log("store: analysis of game " + game->id() + " does not fit its moves");
                    return done(std::unexpected(make_error(ServiceCode::Storage)));
                }
                report.positions = std::move(*positions);
                done(std::move(report));
            });
    });
}

void GameService::try_move(const GameId& id, int ply, const std::string& uci, Done<MistakeTry> done) {
    // A finished game, read and not claimed: a try comes from the trainer too (/api/v1/mistakes,
    // no game path a proxy could route by), on whichever node the browser reaches.
    impl_->with_view(
        id, [impl = impl_, ply, uci, done = std::move(done)](std::shared_ptr<const LiveGame> game) mutable {
            const auto fail = [&](ServiceError e) { done(std::unexpected(std::move(e))); };
            if (!game) return fail(make_error(ServiceCode::NoSuchGame));
            if (game->status() != Status::Over) return fail(make_error(ServiceCode::GameNotFinished));
            const std::vector<Move>& all = game->match().game().moves();
            if (ply < 1 || static_cast<std::size_t>(ply) > all.size()) return fail(make_error(ServiceCode::BadRequest));
            auto result = std::make_shared<MistakeTry>();
            result->ply = ply;
            const Position start = game->setup().start;
            const std::vector<Move> before_moves(all.begin(), all.begin() + (ply - 1));
            result->before = start;
            for (Move m : before_moves) result->before.do_move(m);
            const auto tried = parse_uci(result->before, uci);
            if (!tried) return fail(make_error(tried.error(), result->before));
            if (*tried == Move::null()) return fail(make_error(ServiceCode::BadMove));
            result->tried = *tried;
            impl->store.load_analysis(game->id(), [weak = std::weak_ptr(impl), start, before_moves, result,
                                                   done = std::move(done)](auto stored) mutable {
                const auto self = weak.lock();
                if (!self || self->closed) return;
                // The best move's evaluation: the analysis's, where it has the position.
                std::optional<review::PositionEval> best;
                if (stored && *stored && (*stored)->status == AnalysisStatus::Done &&
                    (*stored)->positions.size() > before_moves.size()) {
                    std::vector<StoredPositionEval> one{(*stored)->positions[before_moves.size()]};
                    if (auto read = review_positions(result->before, {}, one)) best = read->front();
                }
                auto shared_done = std::make_shared<Done<MistakeTry>>(std::move(done));
                const auto finish = [result, shared_done](const review::PositionEval& b,
                                                          const review::PositionEval& after) {
                    const TryVerdict verdict = judge_try(result->before, result->tried, b, after);
                    result->best = b;
                    result->eval = after.eval;
                    result->solved = verdict.solved;
                    result->loss = verdict.loss;
                    result->explanation = verdict.explanation;
                    (*shared_done)(std::move(*result));
                };
                std::vector<Move> after_moves = before_moves;
                after_moves.push_back(result->tried);
                self->analyses->evaluate(
                    start, after_moves,
                    [weak, start, before_moves, best, finish, shared_done](std::optional<review::PositionEval> after) {
                        if (!after) return (*shared_done)(std::unexpected(make_error(ServiceCode::Storage)));
                        if (best) return finish(*best, *after);
                        const auto service = weak.lock();
                        if (!service || service->closed) return;
                        service->analyses->evaluate(
                            start, before_moves, [after, finish, shared_done](std::optional<review::PositionEval> b) {
                                if (!b) return (*shared_done)(std::unexpected(make_error(ServiceCode::Storage)));
                                finish(*b, *after);
                            });
                    });
            });
        });
}

void GameService::import_game(const ImportRequest& request, const Caller& caller, Done<GameId> done) {
    const Millis wall = impl_->options.wall_now();
    StoredGame g;
    g.created = wall;
    g.chess960 = request.chess960;
    g.chess960_number = request.chess960 ? -1 : 518;  // a Chess960 start is read from the FEN
    g.mode = Mode::Friend;
    g.initial_fen = to_fen(request.start);
    g.state.status = Status::Over;
    g.state.result = std::string(result_token(request.outcome.result));
    g.state.reason = request.outcome.is_over() ? std::string(termination_id(request.outcome.termination)) : "";
    g.state.version = 1;
    g.state.updated = wall;
    g.imported = true;
    g.white_name = request.white;
    g.black_name = request.black;
    // Nobody's seat (no secret, no invitation): nobody can move; the importer's browser lists it.
    std::vector<StoredSeat> seats{{Color::White, false, "", "", caller.browser},
                                  {Color::Black, false, "", "", caller.browser}};
    std::vector<StoredMove> moves;
    for (std::size_t i = 0; i < request.moves.size(); ++i)
        moves.push_back({static_cast<int>(i), to_uci(request.moves[i], true), std::nullopt, wall, 0});
    impl_->import_new(std::move(g), std::move(seats), std::move(moves), std::move(done));
}

void GameService::list_games(const std::string& browser, std::function<void(std::vector<GameSummary>)> done) {
    impl_->store.games_of_browser(browser, [weak = std::weak_ptr<Impl>(impl_), done = std::move(done)](auto ids) {
        const auto impl = weak.lock();
        if (!impl || impl->closed) return;
        if (!ids || ids->empty()) return done({});
        // Each game from memory or loaded; the list is answered when the last has come.
        struct Gather {
            std::mutex mutex;
            std::vector<GameSummary> out;
            std::size_t left = 0;
            std::function<void(std::vector<GameSummary>)> done;
        };
        auto gather = std::make_shared<Gather>();
        gather->left = ids->size();
        gather->done = std::move(done);
        for (const GameId& id : *ids) {
            impl->with_view(id, [impl, gather](std::shared_ptr<const LiveGame> game) {
                std::unique_lock lock(gather->mutex);
                if (game) {
                    const auto view = game->view(impl->options.now());
                    gather->out.push_back(
                        {view->id, view->white, view->black, view->status, view->outcome, view->updated});
                }
                if (--gather->left > 0) return;
                std::vector<GameSummary> out = std::move(gather->out);
                lock.unlock();
                std::stable_sort(out.begin(), out.end(),
                                 [](const GameSummary& x, const GameSummary& y) { return x.updated > y.updated; });
                gather->done(std::move(out));
            });
        }
    });
}

void GameService::check_flags() { impl_->check_all_flags(); }

void GameService::unload_idle(std::function<void(std::size_t)> done) { impl_->unload_idle(std::move(done)); }

std::size_t GameService::live_games() const {
    std::size_t n = 0;
    for (const auto& s : impl_->shards) {
        std::lock_guard lock(s.mutex);
        n += s.games.size();
    }
    return n;
}

void GameService::drain() {
    // Each actor's mailbox gets a task behind everything posted so far; it runs once those (and
    // their commits) are done.
    std::vector<std::future<void>> waits;
    for (const auto& actor : impl_->all_actors()) {
        auto done = std::make_shared<std::promise<void>>();
        waits.push_back(done->get_future());
        impl_->send(actor, {[done](const std::shared_ptr<Actor>&) { done->set_value(); },
                            [done](const ServiceError&) { done->set_value(); }});
    }
    for (auto& w : waits) w.wait();
}

}  // namespace schach::server
