// Labelled bylines in Latin script (and Cyrillic and Greek): "By Jane Doe",
// "Autor: Ana Ruiz", "Автор: Ольга Смирнова".
#pragma once

#include <string>
#include <string_view>

namespace pith::meta {

// The name a line's Latin-script byline gives: up to four capitalised words
// after a label ("By", "von", "Autor:", ...), each after the first perhaps
// after a particle ("Juan de Vega"), cleaned as an author; "" when the line
// holds none.
std::string latin_byline_name(std::string_view line);

// The Latin-script labels as one case-insensitive RE2 alternation, in the
// order the byline regex tries them.
const std::string& latin_labels();

// Is the line only a label ("Autor", "作者：", in any of the scripts the
// readers know), so that the name is on the next line? A word list, not a
// regex: this runs on every short line and a case-insensitive Unicode regex
// costs much to compile.
bool is_label_only_line(std::string_view line);
// Can a line whose text starts with `first` be a label only? (A test before
// the line's text is built.)
bool may_be_label_only_line(unsigned char first);

}  // namespace pith::meta
