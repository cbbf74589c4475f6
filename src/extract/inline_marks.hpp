// Links, images and emphasis inside the block being built, recorded as byte
// ranges of its text (pith::Inline). The block builder (blocks.cpp) reports
// elements opening and closing and hands each finished block's text over;
// this class keeps the ranges right through trimming and block splits.
#pragma once

#include <string>
#include <vector>

#include "dom/dom.hpp"
#include "pith/pith.hpp"

namespace pith::extraction {

class InlineMarks {
 public:
  // An element starts at byte `at` of the block text being built. (Inline:
  // the renderer reports every element, and most open no range.)
  void open(const dom::Dom& dom, dom::NodeId id, std::size_t at) {
    if (may_open_range(dom.nodes[id].tag)) open_range(dom, id, at);
  }
  // An element ends; `text` is the block text so far.
  void close(dom::NodeId id, const std::string& text) {
    if (!open_.empty() && open_.back().id == id) close_range(text);
  }
  // The block's text is final: it was `text` before `leading` bytes of white
  // space were trimmed off its front. Returns its ranges; elements still open
  // continue in the next block from its start.
  std::vector<Inline> finish_block(std::size_t leading, const std::string& trimmed_text);
  // The block was dropped: its ranges go (images wait for the next block).
  void drop_block();

 private:
  // Links, images, emphasis and code: the elements that may open a range.
  static bool may_open_range(dom::Tag tag) {
    switch (tag) {
      case dom::Tag::a: case dom::Tag::img: case dom::Tag::em: case dom::Tag::i:
      case dom::Tag::strong: case dom::Tag::b: case dom::Tag::code: case dom::Tag::kbd:
      case dom::Tag::samp: case dom::Tag::tt:
        return true;
      default:
        return false;
    }
  }
  void open_range(const dom::Dom& dom, dom::NodeId id, std::size_t at);
  // Closes the innermost open range, its element ending.
  void close_range(const std::string& text);

  struct Open {
    dom::NodeId id;
    Inline span;
  };
  std::vector<Open> open_;
  std::vector<Inline> done_;
  std::vector<Inline> waiting_images_;  // images of blocks without text
  std::string last_image_url_;          // of the last image recorded
};

}  // namespace pith::extraction
