#pragma once
// Where the game actors run, as the domain sees it: a serial mailbox per game (its tasks run one
// at a time, in the order posted, on some thread) and a repeating tick. No executor library
// here: server/asio_runtime implements it on an Asio io_context (strands and a steady timer), a
// test may implement it by hand.

#include <chrono>
#include <functional>
#include <memory>

namespace schach::server {

/// A serial queue: tasks posted from any thread run one after the other, never two at once, in
/// the order they were posted. Posting never runs the task inside post().
class Mailbox {
public:
    virtual ~Mailbox() = default;
    virtual void post(std::function<void()> task) = 0;
};

class Runtime {
public:
    virtual ~Runtime() = default;
    /// A new mailbox (one per game).
    virtual std::unique_ptr<Mailbox> mailbox() = 0;
    /// Calls `tick` every `interval` (the first after one interval) for as long as it returns
    /// true, on some thread of the runtime.
    virtual void every(std::chrono::milliseconds interval, std::function<bool()> tick) = 0;
};

}  // namespace schach::server
