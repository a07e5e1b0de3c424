#pragma once
// The Handler of `schach serve`: the transport's calls (server/handler.hpp) on GameService, with
// the protocol's JSON from game_json. Requests are read here (the options of a new game, the
// actions into ClientMessage); every text comes from the domain, in the caller's language.

#include "server/game_service.hpp"
#include "server/handler.hpp"

namespace schach::server {

class ServiceHandler : public Handler {
public:
    /// `service` outlives the handler.
    explicit ServiceHandler(GameService& service) : service_(service) {}

    void create(const boost::json::value& options, const Caller& caller, ReplySink done) override;
    void join(const std::string& game, const boost::json::value& body, const Caller& caller, ReplySink done) override;
    void state(const std::string& game, const Caller& caller, ReplySink done) override;
    void pgn(const std::string& game, const Caller& caller, TextSink done) override;
    void coach(const std::string& game, const Caller& caller, std::optional<std::int64_t> ply, ReplySink done) override;
    void list(const Caller& caller, JsonSink done) override;
    void act(const std::string& game, const Action& action, const Caller& caller, ReplySink done) override;
    void subscribe(const std::string& game, std::optional<std::int64_t> since, const Caller& caller, EventSink sink,
                   SubscriptionSink done) override;

private:
    GameService& service_;
};

}  // namespace schach::server
