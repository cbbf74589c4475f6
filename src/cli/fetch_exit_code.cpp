// One CLI exit code per kind of fetch failure (docs/cli.md, "Exit codes").
#include "cli/commands.hpp"

namespace pith::cli {

int fetch_exit_code(FetchErrorKind kind) {
  switch (kind) {
    case FetchErrorKind::network: return kFetchError;
    case FetchErrorKind::bad_url: return kFetchBadUrl;
    case FetchErrorKind::dns: return kFetchDns;
    case FetchErrorKind::refused: return kFetchRefused;
    case FetchErrorKind::timeout: return kFetchTimeout;
    case FetchErrorKind::tls: return kFetchTls;
    case FetchErrorKind::http_status: return kFetchHttpStatus;
    case FetchErrorKind::too_large: return kFetchTooLarge;
    case FetchErrorKind::redirect_loop: return kFetchRedirectLoop;
    case FetchErrorKind::truncated: return kFetchTruncated;
    case FetchErrorKind::not_html: return kFetchNotHtml;
    case FetchErrorKind::blocked_robots: return kFetchBlockedRobots;
    case FetchErrorKind::blocked_private: return kFetchBlockedPrivate;
  }
  return kFetchError;
}

}  // namespace pith::cli
