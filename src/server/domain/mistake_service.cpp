#include "server/domain/mistake_service.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <mutex>
#include <unordered_set>

#include "core/fen.hpp"
#include "notation/notation.hpp"
#include "puzzle/spacing.hpp"
#include "server/domain/mistake_records.hpp"

namespace schach::server {

namespace {

Millis wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

/// The row's position and moves; none when they do not read (a corrupt row).
std::optional<MistakeExercise> exercise_of(const StoredMistake& row) {
    const auto pos = position_from_fen(
        row.fen, ValidateOptions{.variant = row.chess960 ? Variant::Chess960 : Variant::Standard});
    if (!pos) return std::nullopt;
    const auto played = parse_uci(*pos, row.played);
    const auto best = parse_uci(*pos, row.best);
    if (!played || !best || *played == Move::null() || *best == Move::null()) return std::nullopt;
    return MistakeExercise{row, *pos, *played, *best};
}

puzzle::Spacing spacing_of(const StoredMistake& row) { return {row.box, row.due, row.solved, row.missed}; }

/// The row after an attempt at `now` (solved or not).
StoredMistake after(StoredMistake row, bool solved, Millis now) {
    const puzzle::Spacing s = puzzle::after_attempt(spacing_of(row), solved, now);
    row.box = s.box;
    row.due = s.due_ms;
    row.solved = s.solved;
    row.missed = s.missed;
    row.last = now;
    return row;
}

std::vector<StoredMistake> replaced(std::vector<StoredMistake> rows, const StoredMistake& row) {
    for (StoredMistake& r : rows)
        if (r.game == row.game && r.ply == row.ply) r = row;
    return rows;
}

template <class T>
void fail(const Done<T>& done, ServiceCode code) {
    done(std::unexpected(make_error(code)));
}

}  // namespace

MistakeStats mistake_stats(const std::vector<StoredMistake>& rows, Millis now) {
    MistakeStats s;
    s.count = static_cast<int>(rows.size());
    for (const StoredMistake& r : rows) {
        if (r.due <= now) ++s.due;
        if (r.box > 0) ++s.solved;
        if (!s.next_due || r.due < *s.next_due) s.next_due = r.due;
    }
    return s;
}

struct MistakeService::Impl : std::enable_shared_from_this<MistakeService::Impl> {
    Impl(Store& s, GameService& g, MistakeServiceOptions o) : store(s), games(g), options(std::move(o)) {
        if (!options.now) options.now = wall_ms;
    }

    Store& store;
    GameService& games;
    MistakeServiceOptions options;
    std::mutex mutex;
    std::unordered_set<std::string> busy;  // browsers with a try or an answer under way
    int waiting = 0;                       // tries with the engine

    /// Takes the browser's one place (and a place with the engine for a try); false: Busy.
    bool enter(const std::string& browser, bool engine) {
        std::lock_guard lock(mutex);
        if (busy.contains(browser) || (engine && waiting >= options.max_waiting)) return false;
        busy.insert(browser);
        if (engine) ++waiting;
        return true;
    }
    void leave(const std::string& browser, bool engine) {
        std::lock_guard lock(mutex);
        busy.erase(browser);
        if (engine) --waiting;
    }

    /// The browser's rows and the one with this id (none: no such exercise), or a storage error.
    template <class T>
    void with_row(const std::string& browser, const std::string& id, Done<T> done,
                  std::function<void(std::vector<StoredMistake>, StoredMistake, Done<T>)> then) {
        const auto key = parse_mistake_id(id);
        if (!key || browser.empty()) return fail(done, ServiceCode::NoSuchMistake);
        store.load_mistakes(browser, [key, done = std::move(done), then = std::move(then)](
                                         std::expected<std::vector<StoredMistake>, StoreError> rows) mutable {
            if (!rows) return fail(done, ServiceCode::Storage);
            const auto it = std::find_if(rows->begin(), rows->end(), [&](const StoredMistake& r) {
                return r.game == key->first && r.ply == key->second;
            });
            if (it == rows->end()) return fail(done, ServiceCode::NoSuchMistake);
            const StoredMistake row = *it;
            then(std::move(*rows), row, std::move(done));
        });
    }

    /// Stores the row after a counted attempt, then answers.
    void store_row(const StoredMistake& row, std::function<void(bool)> then) {
        store.update_mistake(row, [then = std::move(then)](std::expected<void, StoreError> r) { then(r.has_value()); });
    }
};

MistakeService::MistakeService(Store& store, GameService& games, MistakeServiceOptions options)
    : impl_(std::make_shared<Impl>(store, games, std::move(options))) {}

MistakeService::~MistakeService() = default;

void MistakeService::next(const std::string& browser, Done<MistakeNext> done) {
    if (browser.empty()) return done(MistakeNext{});
    impl_->store.load_mistakes(
        browser, [impl = impl_, done = std::move(done)](std::expected<std::vector<StoredMistake>, StoreError> rows) {
            if (!rows) return fail(done, ServiceCode::Storage);
            const Millis now = impl->options.now();
            MistakeNext out;
            out.stats = mistake_stats(*rows, now);
            std::vector<puzzle::Spacing> spacings;
            for (const StoredMistake& r : *rows) spacings.push_back(spacing_of(r));
            // The one due longest ago; a row that does not read (corrupt) is passed over.
            while (const auto i = puzzle::next_due(spacings, now)) {
                if ((out.exercise = exercise_of((*rows)[*i]))) break;
                spacings[*i].due_ms = std::numeric_limits<std::int64_t>::max();
            }
            done(std::move(out));
        });
}

void MistakeService::stats(const std::string& browser, Done<MistakeStats> done) {
    if (browser.empty()) return done(MistakeStats{});
    impl_->store.load_mistakes(
        browser, [impl = impl_, done = std::move(done)](std::expected<std::vector<StoredMistake>, StoreError> rows) {
            if (!rows) return fail(done, ServiceCode::Storage);
            done(mistake_stats(*rows, impl->options.now()));
        });
}

void MistakeService::try_move(const std::string& browser, const std::string& id, const std::string& uci,
                              Done<MistakeAttempt> done) {
    if (!parse_mistake_id(id) || browser.empty()) return fail(done, ServiceCode::NoSuchMistake);
    if (!impl_->enter(browser, true)) return fail(done, ServiceCode::Busy);
    auto impl = impl_;
    Done<MistakeAttempt> finish = [impl, browser,
                                   done = std::move(done)](std::expected<MistakeAttempt, ServiceError> r) {
        impl->leave(browser, true);
        done(std::move(r));
    };
    impl->with_row<MistakeAttempt>(
        browser, id, std::move(finish),
        [impl, uci](std::vector<StoredMistake> rows, StoredMistake row, Done<MistakeAttempt> reply) {
            const auto exercise = exercise_of(row);
            if (!exercise) return fail(reply, ServiceCode::Storage);
            impl->games.try_move(
                row.game, row.ply, uci,
                [impl, rows = std::move(rows), exercise = *exercise,
                 done = std::move(reply)](std::expected<MistakeTry, ServiceError> verdict) mutable {
                    if (!verdict) return done(std::unexpected(verdict.error()));
                    // (judge_try leaves what the try missed out of its words: that would name the answer.)
                    const Millis now = impl->options.now();
                    MistakeAttempt out{exercise, std::move(*verdict), exercise.row.due <= now, {}};
                    if (!out.counted) {
                        out.stats = mistake_stats(rows, now);
                        return done(std::move(out));
                    }
                    out.exercise.row = after(exercise.row, out.verdict.solved, now);
                    out.stats = mistake_stats(replaced(std::move(rows), out.exercise.row), now);
                    const StoredMistake changed = out.exercise.row;  // (`out` moves into the completion)
                    impl->store_row(changed, [out = std::move(out), done = std::move(done)](bool ok) mutable {
                        if (!ok) return fail(done, ServiceCode::Storage);
                        done(std::move(out));
                    });
                });
        });
}

void MistakeService::answer(const std::string& browser, const std::string& id, Done<MistakeAnswer> done) {
    if (!parse_mistake_id(id) || browser.empty()) return fail(done, ServiceCode::NoSuchMistake);
    if (!impl_->enter(browser, false)) return fail(done, ServiceCode::Busy);
    auto impl = impl_;
    Done<MistakeAnswer> finish = [impl, browser, done = std::move(done)](std::expected<MistakeAnswer, ServiceError> r) {
        impl->leave(browser, false);
        done(std::move(r));
    };
    impl->with_row<MistakeAnswer>(
        browser, id, std::move(finish),
        [impl](std::vector<StoredMistake> rows, StoredMistake row, Done<MistakeAnswer> reply) {
            const auto exercise = exercise_of(row);
            if (!exercise) return fail(reply, ServiceCode::Storage);
            const Millis now = impl->options.now();
            MistakeAnswer out{*exercise, row.due <= now, {}};
            if (!out.counted) {
                out.stats = mistake_stats(rows, now);
                return reply(std::move(out));
            }
            out.exercise.row = after(row, false, now);
            out.stats = mistake_stats(replaced(std::move(rows), out.exercise.row), now);
            const StoredMistake changed = out.exercise.row;  // (`out` moves into the completion)
            impl->store_row(changed, [out = std::move(out), done = std::move(reply)](bool ok) mutable {
                if (!ok) return fail(done, ServiceCode::Storage);
                done(std::move(out));
            });
        });
}

}  // namespace schach::server
