#include "server/http/asio_runtime.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

namespace schach::server {
namespace asio = boost::asio;
namespace {

class StrandMailbox final : public Mailbox {
public:
    explicit StrandMailbox(asio::io_context& io) : strand_(asio::make_strand(io)) {}
    void post(std::function<void()> task) override { asio::post(strand_, std::move(task)); }

private:
    asio::strand<asio::io_context::executor_type> strand_;
};

/// Rearms itself after each tick that asks for more; the timer lives in the handler's state.
void arm(const std::shared_ptr<asio::steady_timer>& timer, std::chrono::milliseconds interval,
         std::shared_ptr<std::function<bool()>> tick) {
    timer->expires_after(interval);
    timer->async_wait([timer, interval, tick = std::move(tick)](const boost::system::error_code& ec) mutable {
        if (ec || !(*tick)()) return;
        arm(timer, interval, std::move(tick));
    });
}

}  // namespace

std::unique_ptr<Mailbox> AsioRuntime::mailbox() { return std::make_unique<StrandMailbox>(io_); }

void AsioRuntime::every(std::chrono::milliseconds interval, std::function<bool()> tick) {
    arm(std::make_shared<asio::steady_timer>(io_), interval, std::make_shared<std::function<bool()>>(std::move(tick)));
}

}  // namespace schach::server
