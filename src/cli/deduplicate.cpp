#include "cli/deduplicate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "fingerprint/fingerprint.hpp"
#include "output/renderers.hpp"

namespace pith::cli {
namespace {

std::uint16_t quarter(std::uint64_t simhash, int q) { return static_cast<std::uint16_t>(simhash >> (16 * q)); }

}  // namespace

std::optional<std::string> Deduplicator::find_near_duplicate(std::uint64_t simhash) const {
  const Page* best = nullptr;
  std::uint64_t best_seq = 0;
  int best_distance = kNearDuplicateBits + 1;
  for (int q = 0; q < 4; ++q) {
    auto [begin, end] = quarters_[q].equal_range(quarter(simhash, q));
    for (auto it = begin; it != end; ++it) {
      const Page& page = pages_[it->second - first_page_];
      int distance = fingerprint::hamming_distance(simhash, page.simhash);
      if (distance < best_distance || (distance == best_distance && best && it->second < best_seq)) {
        best = &page;
        best_seq = it->second;
        best_distance = distance;
      }
    }
  }
  if (!best) return std::nullopt;
  return best->id;
}

void Deduplicator::remember_page(std::uint64_t simhash, std::string_view record_id) {
  if (pages_.size() == kFingerprintMemory) {
    const Page& old = pages_.front();
    for (int q = 0; q < 4; ++q) {
      auto [begin, end] = quarters_[q].equal_range(quarter(old.simhash, q));
      for (auto it = begin; it != end; ++it)
        if (it->second == first_page_) {
          quarters_[q].erase(it);
          break;
        }
    }
    pages_.pop_front();
    ++first_page_;
  }
  std::uint64_t seq = first_page_ + pages_.size();
  pages_.push_back({simhash, std::string(record_id)});
  for (int q = 0; q < 4; ++q) quarters_[q].emplace(quarter(simhash, q), seq);
}

int Deduplicator::seen_before(std::uint64_t paragraph_hash) {
  auto it = paragraphs_.find(paragraph_hash);
  if (it != paragraphs_.end()) {
    recency_.splice(recency_.begin(), recency_, it->second.second);
    return it->second.first++;
  }
  if (paragraphs_.size() == kParagraphMemory) {
    paragraphs_.erase(recency_.back());
    recency_.pop_back();
  }
  recency_.push_front(paragraph_hash);
  paragraphs_.emplace(paragraph_hash, std::make_pair(1, recency_.begin()));
  return 0;
}

Deduplicator::Verdict Deduplicator::apply(std::string_view record_id, Document& doc) {
  Verdict verdict;
  if (!doc.has_main_content()) return verdict;
  if (doc.simhash != 0) {
    verdict.duplicate_of = find_near_duplicate(doc.simhash);
    remember_page(doc.simhash, record_id);
  }
  std::size_t before = doc.blocks.size();
  std::erase_if(doc.blocks, [&](const Block& block) {
    if (block.kind == BlockKind::heading || block.text.size() < kMinDuplicateParagraphBytes) return false;
    return seen_before(fingerprint::text_hash(block.text)) > kMaxParagraphRepetitions;
  });
  verdict.dropped_paragraphs = before - doc.blocks.size();
  if (verdict.dropped_paragraphs > 0) {
    doc.text = render_text(doc);
    if (doc.blocks.empty())
      doc.no_content_reason = fmt::format("every paragraph was seen more than {} times earlier in the run "
                                          "(--deduplicate)", kMaxParagraphRepetitions);
  }
  return verdict;
}

}  // namespace pith::cli
