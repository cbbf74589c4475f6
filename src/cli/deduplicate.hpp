// --deduplicate for --batch and --warc: in record order, drops paragraphs
// seen too often earlier in the run (as trafilatura's --deduplicate does) and
// names the earlier record a near-duplicate page copies. A record is never
// dropped: a page whose every paragraph was seen keeps its record, without
// main content and with the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "pith/pith.hpp"

namespace pith::cli {

// Paragraphs shorter than this are never dropped (trafilatura's
// min_duplcheck_size): short lines repeat between different pages ("Read
// more", a date).
inline constexpr std::size_t kMinDuplicateParagraphBytes = 100;
// A paragraph is dropped once seen more often than this earlier in the run
// (trafilatura's max_repetitions).
inline constexpr int kMaxParagraphRepetitions = 2;
// How many paragraph hashes the run remembers, least recently seen forgotten
// first (trafilatura's LRU_SIZE is 4096; a hash costs ~50 bytes here).
inline constexpr std::size_t kParagraphMemory = 1u << 16;
// Pages whose SimHashes differ in at most this many bits are near-duplicates
// (Manku et al. 2007, "Detecting near-duplicates for web crawling": 3 of 64).
inline constexpr int kNearDuplicateBits = 3;
// How many page fingerprints the run remembers, oldest forgotten first.
inline constexpr std::size_t kFingerprintMemory = 1u << 20;

class Deduplicator {
 public:
  struct Verdict {
    std::optional<std::string> duplicate_of;  // the earlier record's id
    std::size_t dropped_paragraphs = 0;
  };
  // Call once per record, in record order. Drops repeated paragraphs from
  // `doc` (re-rendering its text) and remembers it under `record_id`.
  Verdict apply(std::string_view record_id, Document& doc);

 private:
  std::optional<std::string> find_near_duplicate(std::uint64_t simhash) const;
  void remember_page(std::uint64_t simhash, std::string_view record_id);
  int seen_before(std::uint64_t paragraph_hash);  // times seen, then counts this one

  // SimHash index: by pigeonhole, fingerprints within 3 bits share at least
  // one of their four 16-bit quarters exactly; each table maps one quarter's
  // value to the pages (by sequence number) that have it.
  struct Page {
    std::uint64_t simhash;
    std::string id;
  };
  std::deque<Page> pages_;
  std::uint64_t first_page_ = 0;  // sequence number of pages_.front()
  std::unordered_multimap<std::uint16_t, std::uint64_t> quarters_[4];

  // Paragraph LRU: hash -> (times seen, place in recency order).
  std::list<std::uint64_t> recency_;  // most recent first
  std::unordered_map<std::uint64_t, std::pair<int, std::list<std::uint64_t>::iterator>> paragraphs_;
};

}  // namespace pith::cli
