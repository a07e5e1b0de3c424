#pragma once
// A queue that takes turns between clients (issue #27): each client's items wait in the order
// they came, and the clients with waiting items are served one item each in turn, so one client
// with many games cannot starve another's single game. A client's games alternate as well, since
// a game waits for at most one engine reply at a time. Not thread-safe: the owner locks.

#include <algorithm>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace schach::server {

template <class T>
class FairQueue {
public:
    /// Appends `item` to `client`'s line; a client new to the queue takes its turn after the
    /// clients already waiting.
    void push(const std::string& client, T item) {
        auto [it, fresh] = lines_.try_emplace(client);
        if (it->second.empty()) turns_.push_back(client);
        it->second.push_back(std::move(item));
        ++size_;
    }

    /// The next item: the oldest of the client whose turn it is; that client, if it still has
    /// items, goes to the back of the turns.
    std::optional<T> pop() {
        if (turns_.empty()) return std::nullopt;
        std::string client = std::move(turns_.front());
        turns_.pop_front();
        const auto it = lines_.find(client);
        T item = std::move(it->second.front());
        it->second.pop_front();
        --size_;
        if (it->second.empty()) lines_.erase(it);
        else turns_.push_back(std::move(client));
        return item;
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    /// Clients with items waiting.
    std::size_t clients() const { return turns_.size(); }
    /// Whether a client other than `client` has items waiting.
    bool others_than(const std::string& client) const { return lines_.size() > (lines_.contains(client) ? 1u : 0u); }
    /// Items of one client waiting.
    std::size_t waiting(const std::string& client) const {
        const auto it = lines_.find(client);
        return it == lines_.end() ? 0 : it->second.size();
    }

    /// Removes the first item of `client` equal to `item`; false when it is not waiting. A client
    /// left without items loses its turn.
    bool erase(const std::string& client, const T& item) {
        const auto it = lines_.find(client);
        if (it == lines_.end()) return false;
        std::deque<T>& line = it->second;
        const auto at = std::find(line.begin(), line.end(), item);
        if (at == line.end()) return false;
        line.erase(at);
        --size_;
        if (line.empty()) {
            lines_.erase(it);
            turns_.erase(std::find(turns_.begin(), turns_.end(), client));
        }
        return true;
    }

    /// Takes everything out, in turn order (for a shutdown that answers each waiting item).
    template <class F>
    void drain(F&& f) {
        while (auto item = pop()) f(std::move(*item));
    }

private:
    std::unordered_map<std::string, std::deque<T>> lines_;
    std::deque<std::string> turns_;
    std::size_t size_ = 0;
};

}  // namespace schach::server
