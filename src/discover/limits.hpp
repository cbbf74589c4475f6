// The bounds and word lists of discovery, in one place. The limits callers
// see (kMaxSourceBytes, kMaxIndexDepth, kMaxSources) are in pith/discover.hpp.
#pragma once

#include <cstddef>
#include <string_view>

namespace pith::discover {

// read_source: the bytes read before deciding XML or a text sitemap.
inline constexpr std::size_t kSniffBytes = 64u << 10;
// A text sitemap's line past this is no URL (the protocol caps URLs at 2,048).
inline constexpr std::size_t kMaxTextLineBytes = 8u << 10;
// The text of one XML field (<loc>, <link>, a date) past this is cut: a
// hostile feed must not grow one string without bound.
inline constexpr std::size_t kMaxFieldBytes = 8u << 10;

// feed_links: feeds are announced in <head>, so a page's first bytes hold
// them, and a page of any size parses in bounded time.
inline constexpr std::size_t kAutodiscoveryBytes = 1u << 20;
// The <link type> of an announced feed (RSS 2.0, Atom, RSS 1.0).
inline constexpr std::string_view kFeedTypes[] = {"application/rss+xml", "application/atom+xml",
                                                  "application/rdf+xml"};

// normalize_url: query parameters (and Java's ;jsessionid= path parameter)
// that name a visitor's session, not a page. A crawler that kept them would
// fetch one page under endless addresses. Compared case-insensitively.
inline constexpr std::string_view kSessionParameters[] = {"jsessionid", "phpsessid", "sid",  "sessionid",
                                                          "session_id", "aspsessionid", "cfid", "cftoken"};

}  // namespace pith::discover
