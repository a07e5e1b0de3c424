#pragma once
// The Handler of `schach serve`: the transport's calls (server/api/handler.hpp) on GameService,
// with the protocol's JSON from game_json. Request bodies are read here; every text is worded here,
// in the client's language, from the domain's codes.

#include "server/api/handler.hpp"
#include "server/domain/game_service.hpp"

namespace schach::server {

class ServiceHandler : public Handler {
public:
    /// `service` outlives the handler.
    explicit ServiceHandler(GameService& service) : service_(service) {}

    void create(const boost::json::value& options, const Client& client, ReplySink done) override;
    void join(const std::string& game, const boost::json::value& body, const Client& client, ReplySink done) override;
    void state(const std::string& game, const Client& client, ReplySink done) override;
    void pgn(const std::string& game, const Client& client, PgnSink done) override;
    void coach(const std::string& game, const Client& client, std::optional<std::int64_t> ply, ReplySink done) override;
    void list(const Client& client, JsonSink done) override;
    void request_analysis(const std::string& game, const Client& client, ReplySink done) override;
    void analysis(const std::string& game, const Client& client, ReplySink done) override;
    void try_move(const std::string& game, const boost::json::value& body, const Client& client,
                  ReplySink done) override;
    void import_game(const boost::json::value& body, const Client& client, ReplySink done) override;
    void act(const std::string& game, ClientMessage command, const Client& client, ActSink done) override;
    void subscribe(const std::string& game, std::optional<std::int64_t> since, const Client& client, EventSink sink,
                   SubscriptionSink done) override;

private:
    GameService& service_;
};

}  // namespace schach::server
