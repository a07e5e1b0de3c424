#pragma once
// The game actors' Runtime (server/runtime.hpp) on an Asio io_context: a strand per mailbox, a
// steady timer for the tick. The io_context is run by its owner's threads and outlives this.

#include <boost/asio/io_context.hpp>

#include "server/domain/runtime.hpp"

namespace schach::server {

class AsioRuntime final : public Runtime {
public:
    explicit AsioRuntime(boost::asio::io_context& io) : io_(io) {}
    std::unique_ptr<Mailbox> mailbox() override;
    void every(std::chrono::milliseconds interval, std::function<bool()> tick) override;

private:
    boost::asio::io_context& io_;
};

}  // namespace schach::server
