// Cleaning of metadata values shared by every source reader.
#include <algorithm>
#include <array>
#include <cstdint>

#include "meta/sources.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::meta {

using dom::NodeId;
using dom::Tag;

std::string element_text(const dom::Dom& dom, NodeId id) {
  std::string out;
  bool pending = false;
  for (NodeId i = id; i < dom.nodes[id].subtree_end; ++i) {
    if (dom.nodes[i].tag == Tag::text) text::append_collapsed(out, dom.text(i), pending);
    else if (dom::is_block(dom.nodes[i].tag) || dom.nodes[i].tag == Tag::br) pending = true;
  }
  return out;
}

void add_unique(std::vector<std::string>& list, std::string_view value) {
  std::string v = text::collapse_whitespace(value);
  if (v.empty()) return;
  for (const std::string& have : list)
    if (text::iequals_ascii(have, v)) return;
  list.push_back(std::move(v));
}

std::vector<std::string> split_list(std::string_view value) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= value.size(); ++i) {
    if (i == value.size() || value[i] == ',' || value[i] == ';' || value[i] == '|') {
      add_unique(out, value.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

namespace {

bool starts_with_ci(std::string_view s, std::string_view prefix_lower) {
  return s.size() >= prefix_lower.size() && text::iequals_ascii(s.substr(0, prefix_lower.size()), prefix_lower);
}

}  // namespace

std::string decode_entities(std::string_view s) {
  if (s.find('&') == std::string_view::npos) return std::string(s);
  static constexpr std::pair<std::string_view, std::string_view> kNamed[] = {
      {"amp", "&"}, {"quot", "\""}, {"apos", "'"}, {"lt", "<"}, {"gt", ">"}, {"nbsp", " "},
      {"bull", "\xE2\x80\xA2"}, {"ndash", "\xE2\x80\x93"}, {"mdash", "\xE2\x80\x94"},
      {"hellip", "\xE2\x80\xA6"}, {"rsquo", "\xE2\x80\x99"}, {"lsquo", "\xE2\x80\x98"},
      {"ldquo", "\xE2\x80\x9C"}, {"rdquo", "\xE2\x80\x9D"}, {"aacute", "\xC3\xA1"},
      {"eacute", "\xC3\xA9"}, {"iacute", "\xC3\xAD"}, {"oacute", "\xC3\xB3"}, {"uacute", "\xC3\xBA"},
      {"ntilde", "\xC3\xB1"}, {"ccedil", "\xC3\xA7"}, {"auml", "\xC3\xA4"}, {"ouml", "\xC3\xB6"},
      {"uuml", "\xC3\xBC"}, {"szlig", "\xC3\x9F"}};
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::size_t semi = s[i] == '&' ? s.find(';', i) : std::string_view::npos;
    if (semi == std::string_view::npos || semi - i > 10) {
      out += s[i];
      continue;
    }
    std::string_view name = s.substr(i + 1, semi - i - 1);
    bool done = false;
    if (!name.empty() && name[0] == '#') {
      bool hex = name.size() > 1 && (name[1] == 'x' || name[1] == 'X');
      std::string_view digits = name.substr(hex ? 2 : 1);
      char32_t cp = 0;
      bool ok = !digits.empty();
      for (char c : digits) {
        int d = (c >= '0' && c <= '9') ? c - '0' : (hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f') ? (c | 0x20) - 'a' + 10 : -1;
        if (d < 0 || cp > 0x10FFFF) { ok = false; break; }
        cp = cp * (hex ? 16 : 10) + static_cast<char32_t>(d);
      }
      if (ok && cp > 0) {
        text::append_utf8(out, cp);
        done = true;
      }
    } else {
      for (const auto& [n, v] : kNamed)
        if (n == name) {
          out += v;
          done = true;
          break;
        }
    }
    if (done) i = semi;
    else out += s[i];
  }
  return out;
}

namespace {

// "ferrynews.com": a site's address in an author field is the site.
bool is_domain_name(std::string_view v) {
  if (v.find(' ') != std::string_view::npos) return false;
  std::size_t dot = v.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || v.size() - dot - 1 < 2 || v.size() - dot - 1 > 6) return false;
  for (char c : v.substr(dot + 1))
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  static constexpr std::string_view kTopLevel[] = {"com", "net", "org", "cn", "info", "co", "io", "de", "ru", "uk"};
  std::string tld;
  for (char c : v.substr(dot + 1)) tld += text::ascii_lower(c);
  for (std::string_view t : kTopLevel)
    if (tld == t) return true;
  return false;
}

// Words of a byline's frame that byline patterns pick up as a name:
// a heading "The Author", a stamp "Updated".
bool is_byline_word(std::string_view v) {
  static constexpr std::string_view kWords[] = {"author", "the author", "about the author", "authors",
                                                "updated", "published", "posted", "by", "share",
                                                "作者", "作者：", "作者:"};
  for (std::string_view w : kWords)
    if (text::iequals_ascii(v, w)) return true;
  return false;
}

bool is_han(char32_t c) { return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF); }

// "林  晓" -> "林晓": a two-character name spaced out to the width of three.
std::string join_spaced_han(const std::string& v) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start <= v.size()) {
    std::size_t end = std::min(v.find(' ', start), v.size());
    words.push_back(v.substr(start, end - start));
    start = end + 1;
  }
  if (words.size() < 2) return v;
  std::string joined;
  for (const std::string& w : words) {
    std::size_t i = 0;
    char32_t c = text::decode_utf8(w, i);
    if (i != w.size() || !is_han(c)) return v;  // not single Han characters
    joined += w;
  }
  return joined;
}

}  // namespace

std::string clean_author(std::string_view value) {
  std::string v = text::collapse_whitespace(decode_entities(value));
  // Quotes around a name are the page's punctuation.
  while (!v.empty() && (v.front() == '\'' || v.front() == '"')) v.erase(0, 1);
  while (!v.empty() && (v.back() == '\'' || v.back() == '"')) v.pop_back();
  // "By Jane Doe", "Written by Jane Doe", "Von Jane Doe": the label is not the name.
  static constexpr std::array<std::string_view, 16> kLabels = {
      "written by ", "posted by ", "published by ", "story by ", "words by ", "by ", "por ",
      "von ", "par ", "di ", "door ", "autor: ", "author: ", "autorin: ", "auteur: ", "auteur : "};
  for (bool stripped = true; stripped;) {
    stripped = false;
    for (std::string_view label : kLabels)
      if (starts_with_ci(v, label)) {
        v.erase(0, label.size());
        stripped = true;
      }
  }
  // A byline's trailing " | date" or " - 3 min read" is not part of the name.
  for (std::string_view cut : {" | ", " \xC2\xB7 ", " \xE2\x80\xA2 ", " - ", " \xE2\x80\x93 ", " at ", " on "}) {
    std::size_t at = v.find(cut);
    if (at != std::string::npos && at > 0) v.erase(at);
  }
  // "이정민 기자 ljm@example.co.kr": an e-mail address and a trailing
  // "reporter" (Korean, Chinese, Japanese) are not part of the name.
  std::string kept;
  std::size_t start = 0;
  while (start <= v.size()) {
    std::size_t end = v.find(' ', start);
    if (end == std::string::npos) end = v.size();
    std::string_view word = std::string_view(v).substr(start, end - start);
    if (!word.empty() && word.find('@') == std::string_view::npos) {
      if (!kept.empty()) kept += ' ';
      kept += word;
    }
    start = end + 1;
  }
  v = kept;
  for (std::string_view suffix : {" \xEA\xB8\xB0\xEC\x9E\x90", " \xE8\xAE\xB0\xE8\x80\x85", " \xE8\xA8\x98\xE8\x80\x85"})
    if (v.size() > suffix.size() && v.compare(v.size() - suffix.size(), suffix.size(), suffix) == 0)
      v.erase(v.size() - suffix.size());
  while (!v.empty() && (v.back() == ',' || v.back() == ':' || v.back() == ' ')) v.pop_back();
  v = join_spaced_han(v);
  if (v.empty() || v.size() > 100) return {};
  if (v.find("://") != std::string::npos || starts_with_ci(v, "www.") || is_domain_name(v)) return {};
  if (v.front() == '@' || is_byline_word(v)) return {};
  return v;
}

std::string page_type_of(std::string_view raw) {
  std::string type;
  // "https://schema.org/NewsArticle" -> "newsarticle"; "video.movie" -> "video".
  std::size_t slash = raw.rfind('/');
  if (slash != std::string_view::npos) raw = raw.substr(slash + 1);
  for (char c : raw) type += text::ascii_lower(c);
  auto is = [&](std::initializer_list<std::string_view> names) {
    for (std::string_view n : names)
      if (type == n) return true;
    return false;
  };
  if (is({"techarticle", "apireference"})) return "documentation";
  if (type.find("article") != std::string::npos || type.find("blogposting") != std::string::npos ||
      is({"report", "socialmediaposting", "review", "blog"}))
    return "article";
  if (is({"discussionforumposting", "qapage", "question", "conversation"})) return "forum";
  if (is({"product", "productgroup", "offer", "product.item", "product.group", "og:product"})) return "product";
  if (is({"collectionpage", "itemlist", "searchresultspage", "offercatalog"})) return "listing";
  if (is({"recipe"})) return "recipe";
  if (type.rfind("video", 0) == 0) return "video";
  if (is({"profilepage", "profile", "person"})) return "profile";
  if (is({"webpage", "website", "aboutpage", "contactpage", "faqpage", "itempage"})) return "website";
  return {};
}

}  // namespace pith::meta
