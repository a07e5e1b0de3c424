#include "server/domain/service_error.hpp"

namespace schach::server {

std::string ServiceError::id() const {
    if (code == ServiceCode::Rules && refusal) return std::string(refusal_id(refusal->code));
    return std::string(service_code_id(code));
}

ServiceError make_error(ServiceCode code) {
    ServiceError e;
    e.code = code;
    return e;
}

ServiceError make_error(const Refusal& refusal) {
    // Game-level refusals have a service code of their own (the page reacts to them by code).
    if (refusal.code == RefusalCode::GameOver) return make_error(ServiceCode::GameOver);
    ServiceError e = make_error(ServiceCode::Rules);
    e.refusal = refusal;
    return e;
}

ServiceError make_error(const PositionError& error) {
    ServiceError e = make_error(ServiceCode::BadFen);
    e.fen_error = error;
    return e;
}

ServiceError make_error(const MoveTextError& error, const Position& pos) {
    if (error.kind == MoveTextError::Kind::Illegal && !error.refusal.ok()) return make_error(error.refusal);
    ServiceError e = make_error(ServiceCode::BadMove);
    e.move_error = error;
    e.position = pos;
    return e;
}

}  // namespace schach::server
