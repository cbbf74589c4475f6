// The pipeline: bytes -> UTF-8 -> DOM -> features -> decision -> output.
#include "pith/pith.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

#include "budget/deadline.hpp"
#include "classify/attempt_choice.hpp"
#include "classify/confidence.hpp"
#include "classify/page_features.hpp"
#include "classify/page_type.hpp"
#include "dom/build.hpp"
#include "encoding/compressed.hpp"
#include "encoding/decode.hpp"
#include "encoding/mojibake.hpp"
#include "extract/content.hpp"
#include "extract/comments.hpp"
#include "fingerprint/fingerprint.hpp"
#include "lang/identify.hpp"
#include "meta/page_meta.hpp"
#include "meta/url.hpp"
#include "output/renderers.hpp"
#include "media/media.hpp"
#include "pipeline.hpp"
#include "text/byte_filters.hpp"

namespace pith {
namespace {

using Clock = std::chrono::steady_clock;

// Binary formats that are sometimes served or saved as HTML.
const char* binary_signature(std::string_view bytes) {
  struct Magic { std::string_view prefix; const char* name; };
  static constexpr Magic kMagic[] = {
      {"%PDF-", "a PDF document"}, {"\x89PNG\r\n\x1a\n", "a PNG image"},
      {"GIF87a", "a GIF image"}, {"GIF89a", "a GIF image"}, {"\xFF\xD8\xFF", "a JPEG image"},
      {"PK\x03\x04", "a ZIP archive"}, {"\x1F\x8B", "gzip-compressed data"},
      {"RIFF", "a RIFF (WebP/WAV/AVI) file"}, {"\x7F" "ELF", "an executable"},
      {"\x28\xB5\x2F\xFD", "zstd-compressed data"}};
  for (const Magic& m : kMagic)
    if (bytes.substr(0, m.prefix.size()) == m.prefix) return m.name;
  return nullptr;
}

// Text has few control characters; binary data has many. UTF-16 text (NUL
// every other byte) is text and is left to the decoder, which sees its BOM or
// detects it.
bool looks_binary(std::string_view bytes) {
  // NULs and the control characters but the usual white space and ESC,
  // counted sixteen bytes a step (a byte at a time this was 30,000
  // instructions a page): each lane of a counter subtracts a comparison's
  // all-ones, i.e. adds one, where its byte is one; the lanes are summed
  // before they can wrap (255 blocks). The last block is padded with spaces,
  // which count as neither.
  std::string_view head = bytes.substr(0, 4096);
  std::size_t controls = 0, nuls = 0;
  text::Bytes16 nul_lanes = {}, control_lanes = {};
  auto sum_lanes = [&] {
    for (int k = 0; k < 16; ++k) nuls += nul_lanes[k], controls += control_lanes[k];
    nul_lanes = control_lanes = text::Bytes16{};
  };
  int blocks = 0;
  for (std::size_t i = 0; i < head.size(); i += 16) {
    text::Bytes16 b;
    if (i + 16 <= head.size()) {
      std::memcpy(&b, head.data() + i, 16);
    } else {
      char tail[16];
      std::memset(tail, ' ', sizeof tail);
      head.copy(tail, sizeof tail, i);
      std::memcpy(&b, tail, 16);
    }
    nul_lanes -= reinterpret_cast<text::Bytes16>(b == 0);
    control_lanes -= reinterpret_cast<text::Bytes16>((b != 0) & (b < 0x20) & (b != '\n') & (b != '\r') &
                                                     (b != '\t') & (b != '\f') & (b != 0x1B));
    if (++blocks == 255) sum_lanes(), blocks = 0;
  }
  sum_lanes();
  bool utf16_like = nuls * 10 >= head.size() * 4 && nuls * 10 <= head.size() * 6;
  if (utf16_like) return false;
  return (controls + nuls) * 100 > head.size() * 3;  // > 3 %: text almost never has any
}

bool only_whitespace(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') return false;
  return true;
}

// `text` with its double-encoded characters decoded again (encoding/mojibake.hpp).
void repair_double_encoding(std::string& text, std::vector<encoding::MojibakeRepair>& repairs) {
  if (std::optional<std::string> repaired = encoding::repair_mojibake(text, repairs)) text = std::move(*repaired);
}

// Characters of the content's text that were double-encoded (read as
// windows-1252 before the page was written) decoded again; inline ranges
// follow the text.
void repair_double_encoding(std::vector<Block>& blocks) {
  std::vector<encoding::MojibakeRepair> repairs;
  std::vector<std::uint32_t> edges;
  for (Block& block : blocks) {
    edges.clear();
    for (const Inline& span : block.inlines) {
      edges.push_back(span.begin);
      edges.push_back(span.end);
    }
    std::optional<std::string> repaired = encoding::repair_mojibake(block.text, repairs, edges);
    if (!repaired) continue;
    for (Inline& span : block.inlines) {
      span.begin = encoding::repaired_offset(repairs, span.begin);
      span.end = encoding::repaired_offset(repairs, span.end);
    }
    block.text = std::move(*repaired);
    for (std::string& cell : block.cells) repair_double_encoding(cell, repairs);
  }
}

// The same for the metadata's text (once the extraction, which matches the
// headline against the title as the page wrote both, is done).
void repair_double_encoding(Metadata& metadata) {
  std::vector<encoding::MojibakeRepair> repairs;
  auto repair = [&](std::string& field) { repair_double_encoding(field, repairs); };
  repair(metadata.title);
  repair(metadata.description);
  repair(metadata.site_name);
  for (std::string& author : metadata.authors) repair(author);
  for (std::string& tag : metadata.tags) repair(tag);
  for (std::string& category : metadata.categories) repair(category);
}

// Links and images in the blocks point where the page's markup said; made
// absolute here, once, so that every renderer prints usable URLs.
void resolve_inline_urls(std::vector<Block>& blocks, std::string_view base) {
  for (Block& block : blocks) {
    for (Inline& span : block.inlines)
      if (!span.url.empty()) span.url = meta::resolve_url(base, span.url);
    // An unsafe or empty link target leaves plain text; an image without one goes.
    std::erase_if(block.inlines, [](const Inline& span) {
      return (span.kind == InlineKind::link || span.kind == InlineKind::image) && span.url.empty();
    });
  }
}

// The markup guard's limits for this page (Options, "Hostile-input limits").
// Gumbo's tree takes up to ~600 bytes per element (measured: an element with
// an attribute and a text child); the element budget grows with the input so
// that peak memory stays within 13 x input + 64 MB (docs/limits.md, "Limits": 12.3 x
// measured on a 60 MB article).
dom::MarkupLimits markup_limits(const Options& options, std::size_t input_bytes) {
  dom::MarkupLimits limits;
  limits.max_depth = options.max_depth;
  limits.max_elements = std::min(options.max_nodes, 60'000 + input_bytes / 100);
  return limits;
}

void note_truncations(const dom::GuardedMarkup& guard, std::vector<std::string>& notes) {
  if (guard.dropped_deep)
    notes.push_back(fmt::format("{} start tags nested deeper than the depth limit were left out",
                                guard.dropped_deep));
  if (guard.dropped_formatting)
    notes.push_back(fmt::format("{} formatting tags (b, i, font...) opened while too many were "
                                "still open were left out", guard.dropped_formatting));
  if (guard.truncated_at != std::string::npos)
    notes.push_back(fmt::format("the page was cut at byte {} of its markup: more elements than "
                                "the node limit", guard.truncated_at));
}

// Options::target_language: a page in another language keeps its metadata
// and fingerprints but loses its content.
// Returns whether it took the content away.
bool keep_only_target_language(Document& doc, std::string_view target) {
  if (target.empty() || !doc.has_main_content() || lang::same_language(doc.language, target)) return false;
  doc.no_content_reason =
      doc.language == kUnknownLanguage
          ? fmt::format("the content's language is unknown (under {} characters or unrecognised), "
                        "not the target language {}", lang::kMinCharacters, target)
          : fmt::format("the content is in {}, not in the target language {}", doc.language, target);
  doc.blocks.clear();
  doc.text.clear();
  return true;
}

// A page with no main content is read again with its hidden subtrees when
// they hold at least this much text (dom::HiddenSubtrees; the build keeps
// them on its own only when they hold most of the page's text): as much as
// the shortest main content (extraction::kMinContentLength), so that hidden
// text that could be the content on its own is read. train + dev: two
// product and collection pages whose grid sits in a display:none wrapper
// beside visible menus (hidden 7.3 and 18.2 KB against 15 KB shown). Short
// pages whose one story sits in a wrapper hidden until a script runs (a
// visibility:hidden anti-flicker div, an aria-hidden main behind a consent
// dialog) held under the 512 bytes this was, and came out empty. The second
// read keeps its content only when it finds content by the usual tests.
constexpr std::size_t kRetryHiddenTextBytes = 120;

// What a read of the page left out that a second read may want.
struct LeftOut {
  std::size_t hidden_text = 0;  // bytes of text in the hidden subtrees the build left out
  std::string frames_fallback;  // dom::Dom::frames_fallback
  bool content_filtered = false;  // content found, and taken away by an option (target_language)
};

// The whole pipeline on a checked input, from decoding on, keeping the
// hidden subtrees as `hidden` says; `left_out` receives what the DOM build
// left out.
Document read_page(std::string_view html, const Options& options, detail::ModelInputs* inputs,
                   budget::Deadline& deadline, dom::HiddenSubtrees hidden, LeftOut& left_out) {
  Document doc;
  doc.url = options.url;
  auto t0 = Clock::now();
  encoding::Decoded decoded =
      encoding::to_utf8(html, encoding::Hints{.caller_charset = options.charset,
                                              .content_type = options.content_type,
                                              .capacity = dom::input_capacity});
  auto t1 = Clock::now();
  doc.timings.decode = t1 - t0;
  doc.charset = std::move(decoded.charset);
  doc.charset_source = std::move(decoded.source);

  deadline.check("the end of decoding");

  dom::BuildTimings build_timings;
  dom::GuardedMarkup guard;
  // The UTF-8 page is not read again: the DOM build takes it over.
  dom::Dom dom = dom::build_dom_in_place(std::move(decoded.utf8), &build_timings,
                                markup_limits(options, html.size()), &guard, deadline, hidden);
  left_out.hidden_text = dom.hidden_text_left_out;
  left_out.frames_fallback = std::move(dom.frames_fallback);
  doc.timings.parse = build_timings.parse;
  doc.timings.build = build_timings.build;
  note_truncations(guard, doc.truncations);
  deadline.check("the end of parsing");

  auto t2 = Clock::now();
  meta::PageMetadata read = meta::read_metadata(dom, options.url);
  doc.timings.metadata = Clock::now() - t2;
  doc.metadata = std::move(read.metadata);
  const std::string& link_base = read.link_base;
  deadline.check("the end of the metadata");
  doc.title = doc.metadata.title;
  doc.metadata.declared_page_type = std::move(doc.metadata.page_type);
  auto classify_start = Clock::now();
  const classify::PageFeatures page_features =
      classify::read_page_features(dom, doc.metadata, options.url);
  const classify::PageTypeGuess page_type = classify::classify_page_type(page_features);
  doc.metadata.page_type = page_type.name();
  doc.metadata.page_type_confidence = page_type.confidence;
  doc.timings.classify = Clock::now() - classify_start;
  extraction::ContentOptions content;
  content.include_title = options.include_title;
  content.title = doc.title;
  content.url = options.url;
  content.timings = &doc.timings;
  content.article_body = read.article_body;
  content.description = doc.metadata.description;
  content.product_description = read.product_description;
  content.noindex = read.noindex;
  content.reviews_are_clutter =
      page_type.probability(classify::PageType::product) > classify::kReviewPruningProductProbability;
  content.teasers_are_clutter =
      page_type.probability(classify::PageType::article) >= classify::kTeaserPruningArticleProbability;
  content.repeats_are_clutter = page_type.probability(classify::PageType::documentation) <
                                classify::kRepeatsKeptDocumentationProbability;
  content.thread_page = page_type.probability(classify::PageType::forum) >= classify::kThreadJoinForumProbability;
  content.declares_article =
      !doc.metadata.date_published.empty() || doc.metadata.declared_page_type == "article";
  content.deadline = &deadline;
  content.tuning = options.focus == Focus::precision ? extraction::kPrecisionTuning
                   : options.focus == Focus::recall  ? extraction::kRecallTuning
                                                     : extraction::kBalancedTuning;
  if (options.explain) content.explanation = &doc.explanation;
  // The chooser was trained on what the balanced tuning extracts; the other
  // focuses ask it with their own margins. Its training data are the
  // attempts of every page.
  const bool record_attempts = inputs && inputs->record_attempts;
  if (record_attempts || classify::attempt_choice_applies(page_type))
    content.choose_attempt = [&](const extraction::AttemptChoice& choice) {
      // The chooser runs inside the extraction; its time is classification's.
      const auto chooser_start = Clock::now();
      const classify::AttemptChoiceFeatures x =
          classify::read_attempt_features(page_features, page_type, choice);
      if (inputs) {
        inputs->attempt_choice = x;
        inputs->chooser_ran = true;
        inputs->selection_repeats_itself = choice.selection_repeats_itself;
      }
      const std::size_t chosen =
          inputs && inputs->forced_attempt >= 0
              ? static_cast<std::size_t>(inputs->forced_attempt)
              : static_cast<std::size_t>(
                    classify::choose_attempt(x, options.focus, choice.selection_repeats_itself));
      doc.timings.classify += Clock::now() - chooser_start;
      return chosen;
    };
  if (record_attempts) content.attempts = &inputs->attempts;
  content.no_content_reason = &doc.no_content_reason;
  doc.blocks = extraction::extract_content(dom, content);
  deadline.check("the end of content extraction");
  repair_double_encoding(doc.blocks);
  repair_double_encoding(doc.metadata);
  doc.title = doc.metadata.title;
  resolve_inline_urls(doc.blocks, link_base);
  doc.direction = media::page_direction(dom);
  if (options.links) doc.links = media::page_links(dom, link_base, doc.blocks);
  if (options.images) doc.images = media::content_images(dom, link_base, doc.blocks);
  if (options.include_comments) doc.comments = extraction::find_comments(dom);
  auto t3 = Clock::now();
  doc.text = render_text(doc);
  doc.timings.render += Clock::now() - t3;
  deadline.check("the end of rendering");
  auto content_done = Clock::now();
  doc.timings.extract = content_done - t2;

  lang::Identified language = lang::identify_content(doc.text, doc.title);
  doc.language = std::move(language.language);
  doc.language_confidence = language.confidence;
  auto t5 = Clock::now();
  doc.timings.language = t5 - content_done;
  fingerprint::Fingerprints prints = fingerprint::fingerprints(doc.text);
  doc.simhash = prints.simhash;
  doc.text_hash = prints.text_hash;
  auto t6 = Clock::now();
  doc.timings.fingerprint = t6 - t5;
  left_out.content_filtered = keep_only_target_language(doc, options.target_language);

  // The confidence reads the content as the caller gets it (none for a page
  // in another language than the target).
  const classify::ConfidenceFeatures confidence_features =
      classify::read_confidence_features(page_features, page_type, doc);
  doc.confidence = classify::predict_confidence(confidence_features, doc);
  auto classify_time = Clock::now() - t6;
  doc.timings.classify += classify_time;
  doc.timings.extract += classify_time;
  if (inputs) {
    inputs->page = page_features;
    inputs->confidence = confidence_features;
  }
  return doc;
}

}  // namespace

Timings& Timings::operator+=(const Timings& other) {
  for (auto stage : {&Timings::decode, &Timings::parse, &Timings::build, &Timings::extract, &Timings::metadata,
                     &Timings::features, &Timings::selection, &Timings::render, &Timings::classify,
                     &Timings::language, &Timings::fingerprint})
    this->*stage += other.*stage;
  return *this;
}

Document extract(std::string_view html, const Options& options) {
  return detail::extract(html, options, nullptr);
}

Document detail::extract(std::string_view html, const Options& options, ModelInputs* inputs) {
  if (html.empty() || only_whitespace(html)) throw Error(ErrorCode::empty_input, "the input is empty");
  if (html.size() > options.max_input_bytes)
    throw Error(ErrorCode::input_too_large,
                fmt::format("the input is {} bytes, more than the limit of {} bytes", html.size(),
                            options.max_input_bytes));
  // A page as it came off the wire, still in its Content-Encoding: decoded
  // here, held to the same limit as a page given decoded.
  bool binary = looks_binary(html);
  std::string unpacked;
  std::string unpack_error;
  // (Binary data of a known other format is not tried as brotli, which has no magic number.)
  if (encoding::unpack_page(html, binary && !binary_signature(html), options.max_input_bytes, unpacked,
                            unpack_error)) {
    html = unpacked;
    binary = looks_binary(html);
  } else if (encoding::over_limit(unpack_error)) {
    throw Error(ErrorCode::input_too_large,
                fmt::format("the input is compressed data that decodes to more than the limit of {} bytes",
                            options.max_input_bytes));
  }
  if (const char* what = binary_signature(html))
    throw Error(ErrorCode::not_html, unpack_error.empty()
                                         ? fmt::format("the input is {}, not HTML", what)
                                         : fmt::format("the input is {}, not HTML ({})", what, unpack_error));
  if (binary) throw Error(ErrorCode::not_html, "the input is binary data, not HTML");

  // Checked inside the long stages too, not only between them.
  budget::Deadline deadline(Clock::now(), options.time_budget);
  LeftOut left_out;
  Document doc = read_page(html, options, inputs, deadline, dom::HiddenSubtrees::kept_when_most_text,
                           left_out);
  // (Not a page whose content a filter took away: --target-language.)
  if (doc.has_main_content() || left_out.content_filtered) return doc;
  // A second read, whose Document replaces the first when it finds content.
  // The Document's timings are those of every read.
  Timings spent = doc.timings;
  auto read_again = [&](std::string_view page, const Options& again_options, dom::HiddenSubtrees hidden) {
    std::optional<ModelInputs> again_inputs;
    if (inputs) {
      again_inputs.emplace();
      again_inputs->record_attempts = inputs->record_attempts;
      again_inputs->forced_attempt = inputs->forced_attempt;
    }
    LeftOut ignored;
    Document again = read_page(page, again_options, again_inputs ? &*again_inputs : nullptr, deadline, hidden,
                               ignored);
    spent += again.timings;
    if (!again.has_main_content()) return false;
    if (inputs) *inputs = std::move(*again_inputs);
    doc = std::move(again);
    return true;
  };
  // A page that showed nothing may hold its content in parts it hides until
  // its scripts run (a display:none wrapper beside visible menus, whose text
  // the build's own test found too small a share): read again with them.
  if (left_out.hidden_text >= kRetryHiddenTextBytes &&
      read_again(html, options, dom::HiddenSubtrees::kept)) {
    doc.timings = spent;
    return doc;
  }
  // A page made of frames holds its text, if any, in <noframes>: markup
  // the parser read as raw text, read now as a page of its own (in UTF-8,
  // as the first read decoded it).
  if (!left_out.frames_fallback.empty()) {
    Options fallback_options = options;
    fallback_options.charset = "UTF-8";
    // What the frameset page's <head> said is the page's: its charset and,
    // when the fallback has none, its title.
    Document frameset = std::move(doc);
    if (!read_again(left_out.frames_fallback, fallback_options, dom::HiddenSubtrees::kept_when_most_text)) {
      frameset.timings = spent;
      return frameset;
    }
    doc.charset = std::move(frameset.charset);
    doc.charset_source = std::move(frameset.charset_source);
    if (doc.title.empty()) {
      doc.title = frameset.title;
      doc.metadata.title = std::move(frameset.metadata.title);
    }
  }
  doc.timings = spent;
  return doc;
}

}  // namespace pith
