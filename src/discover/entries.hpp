// Turning what a sitemap or feed says into FoundUrl entries: the element
// names of each format, one reader for all (read_source.cpp drives it).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "pith/discover.hpp"

namespace pith::discover {

// The document's kind by its root element's local name; false when it is
// none of the formats.
bool kind_of_root(std::string_view local_name, SourceKind& kind);

// Collects one entry (<url>, <sitemap>, <item>, <entry>) from the elements
// and text inside it, and hands it on when the entry ends.
class EntryCollector {
 public:
  EntryCollector(SourceKind kind, std::string_view base, const std::function<void(FoundUrl)>& on_url)
      : kind_(kind), base_(base), on_url_(on_url) {}

  // An element starts at `depth` (the root is 0). `attribute` reads one of
  // its attributes by local name ("" when absent).
  void start(std::string_view local_name, int depth, const std::function<std::string(const char*)>& attribute);
  void text(std::string_view text);  // character data, CDATA included
  void end(int depth);               // the element started at `depth` ends

 private:
  enum class Field { none, location, date, guid };
  void emit();

  SourceKind kind_;
  std::string_view base_;
  const std::function<void(FoundUrl)>& on_url_;
  int entry_depth_ = -1;  // of the open entry, -1 when none
  int field_depth_ = -1;  // of the element whose text is collected
  Field field_ = Field::none;
  std::string location_, date_, guid_, text_;
  bool location_is_alternate_ = false;  // Atom: the location came from a rel="alternate" link
};

}  // namespace pith::discover
