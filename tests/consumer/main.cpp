// Reads a page, extracts it with the installed library, prints the title and
// the first block. Exit 0 only when main content was found.
#include <pith/pith.hpp>
#include <pith/render.hpp>

#include <fstream>
#include <iostream>
#include <iterator>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::ifstream in(argv[1], std::ios::binary);
  std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  pith::Options options;
  options.url = "https://example.org/page";
  pith::Document doc = pith::extract(html, options);
  std::cout << "pith " << pith::version << "\n" << doc.title << "\n";
  if (!doc.has_main_content()) return 1;
  std::cout << doc.blocks.front().text << "\n";
  std::string json = pith::render(doc, pith::Format::json);
  return json.find("\"has_main_content\":true") != std::string::npos ? 0 : 1;
}
