// The stable names of fetch error kinds, as written in JSON Lines records.
#include "pith/fetch.hpp"

namespace pith {

std::string_view fetch_error_name(FetchErrorKind kind) noexcept {
  switch (kind) {
    case FetchErrorKind::network: return "network";
    case FetchErrorKind::bad_url: return "bad_url";
    case FetchErrorKind::dns: return "dns";
    case FetchErrorKind::refused: return "refused";
    case FetchErrorKind::timeout: return "timeout";
    case FetchErrorKind::tls: return "tls";
    case FetchErrorKind::http_status: return "http_status";
    case FetchErrorKind::too_large: return "too_large";
    case FetchErrorKind::redirect_loop: return "redirect_loop";
    case FetchErrorKind::truncated: return "truncated";
    case FetchErrorKind::not_html: return "not_html";
    case FetchErrorKind::blocked_robots: return "blocked_robots";
    case FetchErrorKind::blocked_private: return "blocked_private";
  }
  return "network";
}

}  // namespace pith
