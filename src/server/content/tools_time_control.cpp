// The clock page's time controls (tools_api.hpp): the stages a clock on the device runs.

#include "game/time_control.hpp"
#include "server/content/tools_json.hpp"
#include "text/time_control_text.hpp"

namespace schach::server {
namespace json = boost::json;

namespace {

std::string_view delay_id(DelayKind k) {
    switch (k) {
        case DelayKind::None: return "none";
        case DelayKind::Simple: return "simple";
        case DelayKind::Bronstein: return "bronstein";
    }
    return "none";
}

std::string_view mode_id(TimeControl::Mode m) {
    switch (m) {
        case TimeControl::Mode::Periods: return "periods";
        case TimeControl::Mode::Hourglass: return "hourglass";
        case TimeControl::Mode::Untimed: return "untimed";
        case TimeControl::Mode::Unknown: return "unknown";
    }
    return "unknown";
}

json::object control_json(const TimeControl& control, std::string_view form, Language lang) {
    json::array periods;
    for (const TimePeriod& p : control.periods)
        periods.push_back(json::object{{"moves", p.moves},
                                       {"baseMs", p.base.count()},
                                       {"incrementMs", p.increment.count()},
                                       {"delayMs", p.delay.count()},
                                       {"delay", delay_id(p.delay_kind)}});
    const TimeClass c = classify(control);
    return {{"spec", to_string(control)},
            {"pgn", to_pgn_time_control(control)},
            {"form", form},
            {"mode", mode_id(control.mode)},
            {"periods", std::move(periods)},
            {"timed", control.is_timed()},
            {"class", time_class_id(c)},
            {"className", time_class_name(c, lang)},
            {"text", describe_time_control(control, lang)},
            {"guidelinesIII", guidelines_iii_allowed(control)}};
}

}  // namespace

ToolReply time_control_info(std::string_view spec, std::string_view form, Language lang) {
    if (form != "human" && form != "pgn") return tools::bad_request(lang);
    const auto control = form == "pgn" ? parse_pgn_time_control(spec) : parse_time_control(spec);
    if (!control) {
        const TimeControlError& e = control.error();
        return tools::error(400, "time-control", describe(e, lang),
                            json::object{{"kind", time_control_error_id(e.kind)},
                                         {"expected", time_control_expected_id(e.expected)},
                                         {"offset", e.offset},
                                         {"form", form}});
    }
    return {200, control_json(*control, form, lang)};
}

}  // namespace schach::server
