#include "meta/title.hpp"

#include <array>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::meta {
namespace {

constexpr std::array<std::string_view, 12> kSeparators = {
    " | ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " :: ", " \xC2\xB7 ", " \xC2\xBB ",
    " \xE2\x80\xA2 ", " : ", " ~ ", "_", " / "};

// An <h1> the title starts with is the headline when it is a real part of the
// title, not a short site or section name in front of it.
constexpr double kMinHeadingShareOfTitle = 0.4;
constexpr int kMinHeadingWords = 4;

// A comparison key: ASCII case folded, white space collapsed, typographic
// quotes and dashes folded to ASCII.
std::string key(std::string_view s) {
  // Folding only shortens the text: written into a buffer of its size, with
  // no capacity test per byte.
  std::string folded(s.size(), '\0');
  std::size_t out = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    // Only these two lead bytes open a sequence that folds.
    if (c == '\xE2' && i + 2 < s.size() && s[i + 1] == '\x80') {
      const char fold = s[i + 2] == '\x98' || s[i + 2] == '\x99'   ? '\''
                        : s[i + 2] == '\x9C' || s[i + 2] == '\x9D' ? '"'
                        : s[i + 2] == '\x93' || s[i + 2] == '\x94' ? '-'
                                                                   : '\0';
      if (fold != '\0') {
        folded[out++] = fold;
        i += 2;
        continue;
      }
    } else if (c == '\xC2' && i + 1 < s.size() && s[i + 1] == '\xA0') {
      folded[out++] = ' ';
      i += 1;
      continue;
    }
    folded[out++] = text::ascii_lower(c);
  }
  folded.resize(out);
  return text::collapse_whitespace(folded);
}

// "Models¶", "Install #" -> "Models", "Install": permalink symbols that
// documentation generators put in headings.
std::string clean_heading(std::string_view h1) {
  std::string s = text::collapse_whitespace(h1);
  for (bool changed = true; changed && !s.empty();) {
    changed = false;
    for (std::string_view tail : {"\xC2\xB6", "#", "\xF0\x9F\x94\x97", " "}) {
      if (s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0) {
        s.erase(s.size() - tail.size());
        changed = true;
      }
    }
  }
  return s;
}

// Is the title the heading followed by nothing, or by a separator and more
// (a site name, a section, a teaser)? Both by their key().
bool title_starts_with_heading(std::string_view t, std::string_view h) {
  if (h.empty() || t.compare(0, h.size(), h) != 0) return false;
  if (t.size() == h.size()) return true;
  // key() folds typographic dashes, so " - " covers " – " and " — " here.
  std::string_view rest = t.substr(h.size());
  for (std::string_view sep : kSeparators)
    if (rest.substr(0, sep.size()) == sep) return true;
  return false;
}

int word_count(std::string_view s) {
  int words = 0;
  bool in_word = false;
  for (char c : s) {
    bool space = c == ' ';
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

// Where `sep`, a separator, last starts in `title`: title.rfind(sep), but a
// place is compared only when the separator's first byte is there (rfind
// compares at every place, a call each, for each of a dozen separators).
std::size_t last_separator_at(std::string_view title, std::string_view sep) {
  if (sep.size() > title.size()) return std::string::npos;
  for (std::size_t at = title.size() - sep.size() + 1; at-- > 0;)
    if (title[at] == sep[0] && title.compare(at, sep.size(), sep) == 0) return at;
  return std::string::npos;
}

// Whether a separator that opens with a space can go on with `c`: a byte
// kSeparators hold second.
bool may_follow_space(char c) {
  static constexpr std::array<bool, 256> kSecond = [] {
    std::array<bool, 256> second{};
    for (std::string_view sep : kSeparators)
      if (sep.size() >= 2 && sep[0] == ' ') second[static_cast<unsigned char>(sep[1])] = true;
    return second;
  }();
  return kSecond[static_cast<unsigned char>(c)];
}

// The title cut at every separator, in order (at the first place where
// one starts; of two starting there, the first listed).
std::vector<std::string> segments(const std::string& title) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t at = 0; at < title.size(); ++at) {
    if (title[at] != ' ' && title[at] != '_') continue;  // where every separator starts
    // Most spaces are between words: no separator goes on with a letter.
    if (title[at] == ' ' && (at + 1 == title.size() || !may_follow_space(title[at + 1]))) continue;
    for (std::string_view sep : kSeparators) {
      if (title.compare(at, sep.size(), sep) != 0) continue;
      out.push_back(title.substr(start, at - start));
      start = at + sep.size();
      at = start - 1;
      break;
    }
  }
  out.push_back(title.substr(start));
  return out;
}

// A title's keys, made once for all the <h1>s it is compared with.
struct TitleKeys {
  std::string whole;      // key(title)
  bool has_parts = false;  // two or more parts (segments)
  std::string last_part;  // then the key of its last one
  explicit TitleKeys(const std::string& title) : whole(key(title)) {
    std::vector<std::string> parts = segments(title);
    has_parts = parts.size() >= 2;
    if (has_parts) last_part = key(parts.back());
  }
  // "Site - Section - Headline": the heading (its key) is the title's last part.
  bool ends_with_heading(std::string_view heading) const { return has_parts && last_part == heading; }
};

// Does one of the titles show the heading (by its key) with more after a
// separator ("Fares frozen – until spring | Site" for the heading "Fares
// frozen – until spring")?
bool longer_title_has(const std::vector<TitleKeys>& titles, std::string_view heading) {
  for (const TitleKeys& t : titles)
    if (t.whole.size() > heading.size() && title_starts_with_heading(t.whole, heading)) return true;
  return false;
}

// "| Harbour Courier", "Harbour Courier -" -> "Harbour Courier".
std::string without_outer_separators(std::string_view raw) {
  std::string t = text::collapse_whitespace(raw);
  for (bool cut = true; cut && !t.empty();) {
    cut = false;
    for (std::string_view sep : kSeparators) {
      if (sep.size() < 3 || sep.front() != ' ' || sep.back() != ' ') continue;
      // A separator stands apart: "-40 degrees" keeps its minus.
      std::string_view opening = sep.substr(1), closing = sep.substr(0, sep.size() - 1);
      if (t.compare(0, opening.size(), opening) == 0) {
        t = text::collapse_whitespace(std::string_view(t).substr(opening.size()));
        cut = true;
      } else if (t.size() >= closing.size() && t.compare(t.size() - closing.size(), closing.size(), closing) == 0) {
        t = text::collapse_whitespace(std::string_view(t).substr(0, t.size() - closing.size()));
        cut = true;
      } else if (t == sep.substr(1, sep.size() - 2)) {
        t.clear();
      }
    }
  }
  return t;
}

// Whether without_outer_separators can cut anything from `t` (collapsed):
// it opens with a separator's byte after the space, or ends with one before
// the space. Most titles do neither.
bool may_have_outer_separator(std::string_view t) {
  static constexpr auto kEdges = [] {
    std::array<std::array<bool, 256>, 2> edges{};  // [0]: opening bytes, [1]: closing bytes
    for (std::string_view sep : kSeparators) {
      if (sep.size() < 3 || sep.front() != ' ' || sep.back() != ' ') continue;
      edges[0][static_cast<unsigned char>(sep[1])] = true;
      edges[1][static_cast<unsigned char>(sep[sep.size() - 2])] = true;
    }
    return edges;
  }();
  return !t.empty() &&
         (kEdges[0][static_cast<unsigned char>(t.front())] || kEdges[1][static_cast<unsigned char>(t.back())]);
}

// An unescaped quote ends an attribute early: og:title 'Council calls the plan'
// of the <title> 'Council calls the plan "unworkable"'. Another title goes on
// from where this one stops with a double quote.
bool truncated(const std::string* const (&titles)[4], const std::string& title) {
  for (const std::string* t : titles) {
    if (t->size() <= title.size() || t->compare(0, title.size(), title) != 0) continue;
    std::string rest = text::collapse_whitespace(std::string_view(*t).substr(title.size()));
    if (!rest.empty() && rest.front() == '"') return true;
  }
  return false;
}

// Is `title` the last part of a longer title ("Ferry crew 2024 - 2025" of
// "Crews - Ferry crew 2024 - 2025")? It may hold separators itself, so it is
// compared with as many parts from the end.
bool last_part_of_longer_title(const std::string* const (&titles)[4], const std::string& title) {
  std::vector<std::string> mine = segments(title);
  std::string mine_key;
  for (const std::string& p : mine) mine_key += key(p);
  for (const std::string* t : titles) {
    std::vector<std::string> parts = segments(*t);
    if (parts.size() <= mine.size()) continue;
    std::string tail_key;
    for (std::size_t k = parts.size() - mine.size(); k < parts.size(); ++k) tail_key += key(parts[k]);
    if (tail_key == mine_key) return true;
  }
  return false;
}

}  // namespace

// A title as the page's template filled it: "()" and "[]" left empty are
// dropped; a title that starts or ends with a separator ("| Site",
// "Site -") had its headline slot left empty and counts as none.
std::string filled_title(std::string_view raw) {
  std::string t = text::collapse_whitespace(raw);
  // Only after a space: "cached()" names a function.
  bool erased = false;
  for (std::string_view empty : {" ()", " []"})
    for (std::size_t at = t.find(empty); at != std::string::npos; at = t.find(empty, at)) {
      t.erase(at, empty.size());
      erased = true;
    }
  if (erased) t = text::collapse_whitespace(t);  // collapsed text stays as it is otherwise
  if (!may_have_outer_separator(t)) return t;
  return without_outer_separators(t) == t ? t : std::string();
}

std::string strip_site_suffix(std::string_view raw, std::string_view site_name) {
  std::string title = text::collapse_whitespace(raw);
  if (!site_name.empty()) {
    // The site's own name, at either end, goes whatever its length.
    std::string site = key(site_name);
    // What is left may still hold a section ("Headline | Section | Site").
    for (std::string_view sep : kSeparators) {
      std::size_t at = last_separator_at(title, sep);
      if (at != std::string::npos && at > 0 && key(title.substr(at + sep.size())) == site)
        return strip_site_suffix(title.substr(0, at), {});
      at = title.find(sep);
      if (at != std::string::npos && key(title.substr(0, at)) == site && at + sep.size() < title.size())
        return strip_site_suffix(title.substr(at + sep.size()), {});
    }
    std::size_t colon = title.find(": ");
    if (colon != std::string::npos && key(title.substr(0, colon)) == site && colon + 2 < title.size())
      return title.substr(colon + 2);
  }
  // A pipe (and the like) sets the headline apart from what follows (site,
  // section, slogan): cut at the first one.
  std::size_t strong = std::string::npos;
  for (std::string_view sep : {" | ", " \xC2\xB7 ", " \xE2\x80\xA2 ", " :: ", " \xC2\xBB ", "_"}) {
    std::size_t at = title.find(sep);
    if (at != std::string::npos && at > 0 && at < strong) strong = at;
  }
  if (strong != std::string::npos) return title.substr(0, strong);
  // Dashes may be part of a headline ("Electrical - Overview"). With three or
  // more dash parts the first is the headline; with two, the dash cuts only
  // when the headline is the larger part ("A - B" with a long B is a site
  // name first).
  std::vector<std::string> parts = segments(title);
  if (parts.size() >= 3 && !text::collapse_whitespace(parts.front()).empty())
    return text::collapse_whitespace(parts.front());
  std::size_t cut = std::string::npos;
  for (std::string_view sep : kSeparators) {
    std::size_t at = last_separator_at(title, sep);
    if (at != std::string::npos && at > 0 && (cut == std::string::npos || at > cut)) cut = at;
  }
  if (cut != std::string::npos && cut * 2 >= title.size()) return title.substr(0, cut);
  return title;
}

std::string choose_title(const TitleCandidates& c) {
  // The headings, read from c.find_headings when first asked for.
  std::optional<std::vector<std::string>> found_headings;
  auto headings = [&]() -> const std::vector<std::string>& {
    if (!found_headings) found_headings = c.find_headings ? c.find_headings() : std::vector<std::string>{};
    return *found_headings;
  };
  std::string filled[] = {filled_title(c.json_ld), filled_title(c.open_graph), filled_title(c.microdata),
                          filled_title(c.title_tag)};
  const std::string* titles[] = {&filled[0], &filled[1], &filled[2], &filled[3]};
  std::string site = key(c.site_name);
  // Of several such <h1>s ("Tips for a first visit - Japan Forum" and "Tips
  // for a first visit"), the shortest: the longer ones carry a section name.
  std::string best_h1, best_h1_key;
  const TitleKeys* best_title = nullptr;
  std::vector<TitleKeys> title_keys;  // of titles[k], made for the first <h1> compared
  for (const std::string& raw_h1 : c.h1s) {
    std::string h1 = clean_heading(raw_h1);
    if (h1.empty() || h1.size() > 400) continue;
    std::string h1_key = key(h1);
    if (!site.empty() && h1_key == site) continue;
    if (title_keys.empty())
      for (const std::string* t : titles) title_keys.emplace_back(*t);
    for (std::size_t k = 0; k < std::size(titles); ++k) {
      const std::string* t = titles[k];
      if (t->empty() || !(title_starts_with_heading(title_keys[k].whole, h1_key) ||
                          title_keys[k].ends_with_heading(h1_key)))
        continue;
      if ((static_cast<double>(h1.size()) >= kMinHeadingShareOfTitle * static_cast<double>(t->size()) ||
           word_count(h1) >= kMinHeadingWords) &&
          (best_title == nullptr || h1.size() < best_h1.size())) {
        best_h1 = h1;
        best_h1_key = h1_key;
        best_title = &title_keys[k];
      }
    }
  }
  if (best_title != nullptr)
    // An <h1> that repeats the whole title repeats its site name too,
    // unless another title shows that name after it.
    return best_h1_key == best_title->whole && !longer_title_has(title_keys, best_h1_key)
               ? strip_site_suffix(best_h1, c.site_name)
               : best_h1;
  // A later part of the title that the page shows as a heading or in bold.
  // (The headings' keys are made once: a page has up to 40 of them.)
  std::vector<std::string> heading_keys;
  for (std::size_t ti = 0; ti < std::size(titles); ++ti) {
    const std::string& t = *titles[ti];
    bool seen = false;  // og:title often repeats <title> word for word
    for (std::size_t tj = 0; tj < ti && !seen; ++tj) seen = *titles[tj] == t;
    if (t.empty() || seen) continue;
    std::vector<std::string> parts = segments(t);
    for (std::size_t k = 1; k < parts.size(); ++k) {
      std::string part = text::collapse_whitespace(parts[k]);
      if (part.empty() || (static_cast<double>(part.size()) < kMinHeadingShareOfTitle * static_cast<double>(t.size()) &&
                           word_count(part) < kMinHeadingWords))
        continue;
      if (heading_keys.empty())
        for (const std::string& heading : headings()) heading_keys.push_back(key(clean_heading(heading)));
      const std::string part_key = key(part);
      for (const std::string& heading_key : heading_keys)
        if (heading_key == part_key) return part;
    }
  }
  for (const std::string* t : titles)
    // A title that another one shows as its whole last part has no site
    // name left to cut ("Ferry crew 2024 - 2025" in "Crews - Ferry crew 2024 - 2025").
    if (!t->empty() && !truncated(titles, *t)) return last_part_of_longer_title(titles, *t) ? *t : strip_site_suffix(*t, c.site_name);
  for (const std::string& raw_h1 : c.h1s)
    if (std::string h1 = clean_heading(raw_h1); !h1.empty()) return h1;
  // Only unfilled templates ("Site -"): the page's first heading is its
  // headline before the site's name is.
  if (!headings().empty()) return clean_heading(headings().front());
  // No heading either: the site's name is better than nothing.
  for (const std::string* raw : {&c.json_ld, &c.open_graph, &c.microdata, &c.title_tag})
    if (std::string bare = without_outer_separators(*raw); !bare.empty()) return strip_site_suffix(bare, c.site_name);
  return {};
}

std::string site_from_title(std::string_view raw, std::string_view headline) {
  std::vector<std::string> parts = segments(text::collapse_whitespace(raw));
  if (parts.size() != 2 || headline.empty()) return {};
  std::string first = text::collapse_whitespace(parts[0]), second = text::collapse_whitespace(parts[1]);
  if (key(first) == key(headline)) return second;
  if (key(second) == key(headline)) return first;
  return {};
}

}  // namespace pith::meta
