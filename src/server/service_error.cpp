#include "server/service_error.hpp"

#include "text/fen_text.hpp"
#include "text/refusal_text.hpp"

namespace schach::server {

bool ServiceError::is_refusal() const {
    switch (code) {
        case ServiceCode::Rules:
        case ServiceCode::NotYourTurn:
        case ServiceCode::Stale:
        case ServiceCode::GameOver:
        case ServiceCode::NotStarted:
        case ServiceCode::StillRunning:
        case ServiceCode::OfferNotAllowedYet:
        case ServiceCode::NothingToAnswer:
        case ServiceCode::AbortTooLate:
        case ServiceCode::TakebackNothing:
        case ServiceCode::BadMove:
        case ServiceCode::EngineThinking: return true;
        default: return false;
    }
}

int ServiceError::http_status() const {
    switch (code) {
        case ServiceCode::NoSuchGame: return 404;
        case ServiceCode::NotYourSeat:
        case ServiceCode::BadInvitation: return 403;
        case ServiceCode::SeatTaken: return 409;
        case ServiceCode::Storage: return 500;
        default: return 400;
    }
}

ServiceError make_error(ServiceCode code, Language lang) {
    ServiceError e;
    e.code = code;
    e.id = std::string(service_code_id(code));
    e.text = describe(code, lang);
    return e;
}

ServiceError make_error(const Refusal& refusal, Language lang) {
    // Game-level refusals have a service code of their own (the page reacts to them by code).
    if (refusal.code == RefusalCode::GameOver) return make_error(ServiceCode::GameOver, lang);
    ServiceError e;
    e.code = ServiceCode::Rules;
    e.refusal = refusal;
    e.id = std::string(refusal_id(refusal.code));
    e.text = describe(refusal, lang);
    e.article = std::string(refusal_article(refusal.code));
    for (Square s : {refusal.from, refusal.to, refusal.square, refusal.by})
        if (s != Square::None) e.squares.push_back(to_string(s));
    return e;
}

ServiceError make_error(const PositionError& error, Language lang) {
    ServiceError e = make_error(ServiceCode::BadFen, lang);
    e.text = describe(error, lang);
    if (error.is_syntax) {
        e.fen_field = std::string(fen_field_id(error.fen.field));
        e.fen_offset = error.fen.offset;
    }
    return e;
}

}  // namespace schach::server
