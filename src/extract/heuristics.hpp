// Every constant that steers the extraction heuristics, in one place, with
// what it does and where its value comes from. "dev" figures are from
// bench/run on ../shared/eval/dev (see bench/README.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pith::extraction {

// --- class/id hints --------------------------------------------------------
// Score added (content-like names) or removed (clutter-like names) from a
// candidate. Readability's value; with weights off (the last retry) the result
// depends on text alone.
inline constexpr int kClassWeight = 25;
// Bonus for a node that declares itself the content (<article>, <main>,
// role=main, itemprop=articleBody). Smaller than kClassWeight: markup lies
// often (whole-page <main> wrappers, one <article> per teaser).
inline constexpr int kContentHintBonus = 15;

// --- paragraph scoring (Readability-style, in weighted characters, where a
// CJK character counts 3: see text::weighted_length) -------------------------
// A block's own text shorter than this does not vote for its ancestors.
inline constexpr std::uint32_t kMinParagraphLength = 25;
// One point per this many weighted characters, at most kMaxLengthPoints.
inline constexpr std::uint32_t kLengthPerPoint = 100;
inline constexpr double kMaxLengthPoints = 3.0;
// How far up a paragraph's score travels; beyond the grandparent it is divided
// by (level * kAncestorDecay).
inline constexpr int kAncestorLevels = 5;
inline constexpr double kAncestorDecay = 3.0;

// --- choosing the top candidate --------------------------------------------
// Candidates within this share of the best one count as alternatives; when
// kMinAlternativesForAncestor of them sit under one ancestor of the best, the
// content is split across siblings and that ancestor is taken instead.
inline constexpr double kAlternativeShare = 0.75;
inline constexpr int kMinAlternativesForAncestor = 3;
// Siblings of the top candidate join the content when their score reaches
// this share of the top score (and at least kMinSiblingScore)...
inline constexpr double kSiblingShare = 0.2;
inline constexpr double kMinSiblingScore = 10.0;
// ...or when they are plain paragraphs: long with few links, or short, link-free
// and ending a sentence.
inline constexpr std::uint32_t kSiblingParagraphLength = 80;
inline constexpr double kSiblingParagraphLinkDensity = 0.25;
// The top candidate's exact class repeated on other candidates scoring at
// least kSameClassShare of it (kSameClassMinCandidates of them, outside it)
// is a page builder's text block, the article cut by images, embeds and
// headings into blocks with no common parent below the content: their
// lowest common ancestor is the content. Only a top candidate of at least
// kSameClassMinTopScore (a few paragraphs): the cards of a grid score a few
// points each, and joining them gives a teaser grid to pruning, which then
// strips its links. Only in the passes that weight names (the retries read
// text alone). Cross-validated (bench/cv.sh, 1,337 WCXB pages): articles
// +0.003 [+0.001, +0.005]; share 0.5 joins too few, 0.3 without the score
// floor loses collections (-0.013).
inline constexpr double kSameClassShare = 0.3;
inline constexpr int kSameClassMinCandidates = 2;
inline constexpr double kSameClassMinTopScore = 20.0;
// The blocks may be sections around the top candidate rather than the top
// candidate's own design: a manual's "sect1" sections, each a heading and a
// body, where the top candidate is the longest section's list of options.
// The top's ancestors up to this many levels are asked as the top is (each
// with its own score). Models fixed: all +0.0006 [+0.0001, +0.0013], 13 pages
// changed: documentation +0.004 (a manual page 0.66 -> 1.00), listing +0.003,
// three articles -0.01 to -0.02; dev sources unchanged. At 2 levels one
// listing fewer gains; at 1, +0.0001.
inline constexpr int kSameClassAncestorLevels = 3;
// The lead between the headline and the content is judged as such a paragraph
// whose own text is at least 1/kLeadOwnTextShare of its text.
inline constexpr std::uint32_t kLeadOwnTextShare = 2;
// ...written in the content's alphabet: its count of letters outside ASCII
// within this factor of what the content's share predicts, once either count
// reaches kLeadAlphabetMinCount (a 400-letter English summary on a Portuguese
// page, where 3 % of letters carry accents, has none of the 12 expected).
inline constexpr double kLeadAlphabetFactor = 4.0;
inline constexpr double kLeadAlphabetMinCount = 8.0;

// --- pruning inside the content ---------------------------------------------
// Containers with at least this many commas are prose and never pruned by the
// conditional rules (Readability's value).
inline constexpr std::uint32_t kProseCommas = 10;
// A container named like clutter by a weak name only (a negative word not of
// the unlikely list: "widget", "promo", "rating"...) is judged by its text,
// not its name, when it holds prose: kProseCommas commas and links under
// kNamedProseLinkDensity. Page builders name every block "widget"; review
// sites name their product write-ups "product-widget". Strong names
// (Hints::strong_clutter_name: "comment", "related") still prune: a comment
// thread has commas too. Cross-validated with the same-class join above:
// articles +0.0048 [+0.0010, +0.0086], all pages +0.0021 [-0.0005, +0.0047],
// no dev source lower.
inline constexpr double kNamedProseLinkDensity = 0.2;
// A container named by a page builder's word (NameList::builder: "widget",
// "toc") holds prose with fewer commas too: kBuilderNamedProseSentences
// sentence ends in kBuilderNamedProseMinLength characters or more, links
// under kNamedProseLinkDensity. Page builders wrap an article a paragraph or two
// at a time (Elementor's and SiteOrigin's "widget"s, a review's
// "product-widget"s, chapters with "toc_" ids), and ten commas dropped those
// pieces one by one. train + dev, CV by site, the attempt chooser fixed:
// all +0.0012 [+0.0002, +0.0026], article +0.0022 [+0.0003, +0.0048] (16
// pages, up to +0.48), no other type changed, dev sources unchanged. Any
// weak clutter name in place of the builder's words: articles the same once
// author bios and blocks hidden on desktop are excepted, but news boxes
// under "foot_note", "copyright..." and a tweet under "com-embed" are kept
// (trafilatura-eval's `without` snippets 0.930 -> 0.920); 3 sentences in
// 200 characters +0.0006; any weak name on every page type (5 sentences):
// collection -0.004, forum -0.002. First on articles only (the page-type model's
// P(article) > 0.5); on every page, as here, +0.0002 more (services
// +0.0013) and no dependence on a page type, which pages of other sources
// get wrong more often.
inline constexpr std::uint32_t kBuilderNamedProseSentences = 2;
inline constexpr std::uint32_t kBuilderNamedProseMinLength = 150;
// The block editor's style presets ("has-caption-font-size",
// "has-accent-color", "has-light-background-color": kStylePresetPrefix, a
// preset's name, one of kStylePresetProperties) say how a block's text is
// set; the preset's name is a size or a colour, not what the block is, and
// such classes are left out when names are matched (is_style_preset): a
// price list's lines set in the "caption" size went as photo captions.
// train + dev, CV by site, models fixed: all +0.0000 [+0.0000, +0.0001],
// service +0.0001 [+0.0000, +0.0004], one page changed (a service +0.02),
// none down; dev sources unchanged. Every "has-" class ("has-submenu",
// "has-sidebar": a state) changed the same one page.
inline constexpr std::string_view kStylePresetPrefix = "has-";
inline constexpr std::string_view kStylePresetProperties[] = {"-font-size", "-color", "-background"};
// An element named like a header ("header", "page-header", "entry-header":
// Hints::header_name) is the site's header (logo, menu, search: removed
// before scoring, as Readability's list has it) unless it reads as content
// (header_reads_as_content): a paragraph, no form field, links under
// kHeaderContentLinkDensity of its text and kHeaderContentMinLength or more.
// Service pages put their hero (title and lead) in such containers, entries
// their standfirst. train + dev, CV by site, the attempt chooser fixed: all
// +0.0009 [+0.0002, +0.0018], service +0.0032 [+0.0004, +0.0070],
// documentation +0.0044, no type lower by more than 0.0006; at 40
// characters all +0.0005, at 200 +0.0007; never removing header-named
// elements +0.0008 [-0.0009, +0.0026], 115 pages worse.
inline constexpr double kHeaderContentLinkDensity = 0.2;
inline constexpr std::uint32_t kHeaderContentMinLength = 100;
// An element named like a header is the site's (removed as clutter unless
// it reads as content, header_reads_as_content) when its design is unique;
// when this many header-named elements of the page share its class list,
// they are the entries' own (a product card's title row, a job's header in
// a listing). train + dev, CV by site, models fixed: all +0.0006 [-0.0000,
// +0.0015], collection +0.0070, listing +0.0018; 23 pages changed, a
// collection 0.15 -> 0.72, a listing 0.80 -> 0.97, two services -0.04 and
// -0.05; dev sources unchanged. At 3: the same overall, 41 pages changed.
inline constexpr std::uint32_t kEntryHeaderMinRepeats = 6;
// A clutter-named element that holds more than this share of the page's text
// (measured without the boilerplate) and some of that boilerplate (an
// <aside>, a <nav>) is the frame of the page's layout ("sidebar-container"
// around the story and its sidebar: wraps_page_layout), not clutter, and is
// not removed for its name. train + dev, CV by site, the attempt chooser
// fixed: 3 pages change, article +0.0008 [+0.0000, +0.0024] (a blog post
// 0.09 -> 0.65), service +0.0001; the same at 0.7; at 0.3 a service page
// loses 0.17. Without the boilerplate test, a Chinese blog's comment thread
// (#comments, most of its page) joined the post.
inline constexpr double kLayoutWrapperShare = 0.5;
// Link density above which a container is a link list (navigation, teasers,
// tag clouds); the higher bound applies to containers named like content.
inline constexpr double kLinkListDensity = 0.33;
// A list (ul, ol, dl) of at least kListMinItems items of which
// kListUnlinkedItemShare or more are not links (link density under
// kUnlinkedItemLinkDensity) is not a link list, whatever its link density: a
// packing list or a list of resources with some items linked. train + dev
// (in-sample): all pages +0.0010 [+0.0005, +0.0015], articles +0.0010,
// documentation +0.0032, no page worse by more than 0.012; a share of 0.3
// gives +0.0008, 0.5 +0.0005. Only in the passes that weight names: in the
// retries without weights, a spared list made a pass long enough to stop the
// retries before the unpruned one that card grids need (collections -0.024).
inline constexpr std::uint32_t kListMinItems = 3;
inline constexpr double kListUnlinkedItemShare = 0.2;
inline constexpr double kUnlinkedItemLinkDensity = 0.5;
inline constexpr double kLinkListDensityNamedContent = 0.5;
// A run of repeated items (kItemRunMinItems or more elements of one tag and
// one class, each beside a sibling of its kind) holding kItemRunMinShare or
// more of the content's text is the content's grid: the rows of an event
// list or a forum index, the teaser cards of a news section, a shop's
// product cards; one design of card repeated in the grids of several
// sections is one run. Each item is a title link with words of its own (a
// standfirst, a date, a price), so it and its grid are over
// kLinkListDensity, and pruning dropped them as link lists. The link-list
// rule spares the items and the elements that hold them, in the passes
// that weight names (prune_content says why). Not a run of links alone
// (links over kItemRunMaxLinkDensity of its text: a menu of columns beside
// a short story), and not a run one item of which holds over
// kItemRunMaxItemShare of its text (the classless <table>s or <div>s an old
// page lays itself out with: the story sits in one of them, related links
// and the paging in the others). train + dev, CV by site, the attempt
// chooser fixed: listing +0.0087 [+0.0036, +0.0148], collection +0.0064
// [+0.0013, +0.0138], all +0.0017 [+0.0007, +0.0030]; 25 listing and
// collection pages better, 4 worse (at most -0.018); service -0.0011,
// forum -0.0006; dev sources unchanged. Runs of siblings only, in every
// pass, items only: listing +0.0135, but a news home page whose top
// section's cards were left out (the section judged a link list) stopped
// the retries. Sparing the holders in every pass: collection -0.017 (the
// retries read product grids unpruned, prices kept). A share of 0.2: listing
// +0.001 more, daniel -0.004; 0.5 half the gain; without the item share cap,
// zh-cwced's and daniel's old layouts lose 0.004 and 0.008. Also sparing
// the items' short lines ("almost no text", counter bars): forum -0.005,
// product -0.006.
inline constexpr std::size_t kItemRunMinItems = 4;
inline constexpr double kItemRunMinShare = 0.3;
inline constexpr double kItemRunMaxLinkDensity = 0.9;
inline constexpr double kItemRunMaxItemShare = 0.3;
// A container holding a heading, shorter than kMinContainerLength and under
// this link density, is no link list (is_heading_with_links): a section title
// with an edit or "see all" link beside it (MediaWiki's "Course [edit]", 4
// linked characters in 12). No page of train + dev moves by more than 0.01;
// sparing such containers at any length cost collections 0.019 (product
// cards under their linked names).
inline constexpr double kHeadingModuleMaxLinkDensity = 0.5;
// A list item that opens with this many bytes of text (spaces aside) before
// its first link and ends a sentence is a sentence with a link in it ("This
// hotel features in my <a>top 10 lists</a>...", "Read my full
// <a>review</a>."), not a teaser or a menu entry (those open with their link).
// A list whose items are all sentences is not a link list, however many of
// its words are linked. train + dev, cross-validated, at 12: 7 pages better
// (one article +0.11), none worse; all pages +0.0001 [+0.0000, +0.0003],
// articles +0.0002, no dev source lower. 8 lets a three-word opening count
// ("Read my full"), with one page 0.002 lower and nothing else changed.
inline constexpr std::size_t kProseItemLeadChars = 8;
// A gallery is more images than twice its paragraphs and fewer than two
// sentence ends per image: captions at most. More sentences are prose whose
// lines are split by <br> rather than <p>, as in old forum posts between
// avatars, rank images and icons (dev set: wcxb 0.809 -> 0.811, five forum
// pages up to +0.11, one listing +0.46, three forum pages -0.01 to -0.03).
// A gallery that is the content's grid (a run of items, see kItemRunMinShare)
// is spared on pages the page-type model does not call articles: catalogue
// cards, each a picture and a line (courses, products, projects). train +
// dev, CV by site, models fixed: all +0.0007 [+0.0001, +0.0014], collection
// +0.0046, listing +0.0030, no dev source lower; sparing it on articles too
// took their teaser grids in (articles -0.0002).
inline constexpr std::uint32_t kGalleryMinSentencesPerImage = 2;
// However many pictures sit between them, this many sentence ends are prose
// (a forum post of photos and paragraphs, a course page's illustrated
// outline), not a gallery's captions. train + dev, CV by site, models fixed:
// all +0.0003 [+0.0000, +0.0007], forum +0.0020; five pages changed, four up
// (a thread's opening post of six photos, 0.78 -> 0.94) and one collection
// -0.015; at 5, two more forum pages fell. No dev source changed.
inline constexpr std::uint32_t kGalleryMaxSentences = 8;
// Nor is a grid of cards, each a picture, a title and a line of prose
// (is_titled_card_grid): a heading at least every second image, a sentence
// per heading, under half the text in links (a sidebar's widgets, headings
// over linked teasers, stay a gallery). train + dev, CV by site, models
// fixed: all +0.0007 [+0.0000, +0.0019], services +0.0020 (three pages
// +0.13 to +0.18), an article's course catalogue 0.36 -> 0.99, one product
// -0.005; no dev source changed. Without the link and sentence tests a
// Russian news page's sidebar joined its story (daniel 0.950 -> 0.949).
inline constexpr std::uint32_t kTitledCardImagesPerHeading = 2;
inline constexpr double kTitledCardMaxLinkDensity = 0.5;
// A widget every pass leaves out (a consent prompt: is_consent_prompt; a
// poll: is_poll) holding at least this share of the page's text is a wrapper
// of the page (a theme's "gdpr-wrapper" around everything), not the widget.
// A prompt's paragraph can be two thirds of a short product page's text.
inline constexpr double kLeftOutWidgetMaxPageShare = 0.9;
// A container with less text than this and no heading is decoration, unless
// it holds code or a <time> (holds_time_stamp): the date over each post of a
// thread is content (WCXB's forum golds keep it). Sparing <time> stamps,
// train + dev, CV by site, models fixed: all +0.0002 [+0.0000, +0.0005] word
// F1, forum +0.0026 [+0.0003, +0.0053] (20 threads up to +0.10, 9 down to
// -0.03: golds that leave the dates out), shingle F1 unchanged; sparing every
// short line of a thread instead: forum -0.0088.
inline constexpr std::uint32_t kMinContainerLength = 25;
// How far up a pruned container looks for the heading or the list item it is
// part of (prune.cpp, part_of_larger_block): GitBook's title <div> is a level
// below its <h2>, a list item's paragraph wrapper one or two below its <li>
// (six levels change one page of train + dev against no bound, -0.009). On a
// page nested thousands deep (the hostile corpus' unclosed-tags-100k-mixed)
// no bound spared so much of the nesting that peak memory rose by a third.
inline constexpr int kBlockPartMaxLevels = 6;
// How many nodes into a short container the code and date-stamp tests look
// (prune.cpp, holds_live_node): a code block's wrapper holds its button,
// <pre>, <code> and text in a dozen.
inline constexpr std::uint32_t kCodeSearchNodes = 64;
// A product page's specification rows, each a label and a value in two
// elements ("Fabric Content" / "100% long-staple cotton", "Thread Count" /
// "480 TC"), are its content: the too-short and counter-bar rules dropped
// them one by one. On pages the page-type model calls products
// (kReviewPruningProductProbability), a row of two elements with text, no
// links, beside a sibling row of its design, is spared when its label holds
// at most kSpecLabelMaxChars characters and at most kSpecLabelMaxExcessChars
// more than its value. train + dev, CV by site, models fixed: product
// +0.0040 [-0.0010, +0.0151], three pages changed (a comparison of sheets
// +0.34, a watch +0.05; a card case -0.04 for the specs of the related
// products the gold leaves out), nothing else moved. Sparing every short
// container on product pages instead: product -0.014 (eBay's and Sephora's
// buttons and prices kept, and the attempts they changed).
inline constexpr std::uint32_t kSpecLabelMaxChars = 40;
inline constexpr std::uint32_t kSpecLabelMaxExcessChars = 8;
// How many levels up from the node before an element the search for the
// element's previous sibling climbs (prune.cpp, previous_element_sibling): a
// row's last descendant sits a few levels below it.
inline constexpr int kPreviousSiblingSearchLevels = 16;
// Counter bars ("10 Likes · Reward · Share 2", "1.2K shares"): at most this
// many words, digits present, no sentence punctuation.
inline constexpr std::uint32_t kCounterMaxWords = 10;
// Inline elements side by side with no space between are read as separate
// items when each holds at least this many characters: a label and its
// value, a category and its count; a word split into one letter an element
// (for an animation) stays one word.
inline constexpr std::uint32_t kGluedItemMinChars = 2;
// A paragraph whose text is mostly link text ("Read more", "See original")
// is dropped when it is shorter than this.
inline constexpr double kLinkParagraphDensity = 0.5;
inline constexpr std::uint32_t kLinkParagraphMaxLength = 200;
// ...unless it is a sentence of at least this many characters that opens
// with words of its own and ends with a full stop (its last phrase a link).
inline constexpr std::uint32_t kLinkSentenceMinLength = 60;

// Machine text (machine_text.hpp), a text node left out of every pass: an
// object literal naming at least kMachineObjectMinKeys keys, or UUIDs making
// up kMachineUuidShare of the visible characters. train + dev: 7 pages print
// such text outside code, none of it in the gold (a language map that won
// the selection of a service page, configuration objects on product and
// collection pages, UUID-obfuscated "Sponsored" labels on product cards).
inline constexpr std::uint32_t kMachineObjectMinKeys = 4;
inline constexpr double kMachineUuidShare = 0.8;

// A block opening with this rule is a forum post's signature (phpBB,
// vBulletin and their kin draw it with 17-20 underscores).
inline constexpr std::string_view kSignatureRule = "__________";

// Comment threads and teaser lists: a container of at least this many items,
// kClutterStampedShare of them stamped with a <time>, or a date or time
// within their first kStampSearchBytes bytes of text, half of them holding a
// sentence.
inline constexpr std::size_t kMinStampedItems = 3;
inline constexpr std::size_t kStampSearchBytes = 160;
inline constexpr double kClutterStampedShare = 0.75;
// A teaser (is_teaser_list) is a linked title with a line or two of excerpt
// and a date: at most this long (weighted characters). Pruned on articles
// (kTeaserPruningArticleProbability): daniel +0.005 shingle F1, WCXB +0.0000
// (3 pages); without the date, glossaries and listicles went too
// (documentation -0.0095).
inline constexpr std::uint32_t kTeaserMaxItemLength = 400;
// ...but not a table whose rows average under kDataTableMaxRowChars
// characters with links under kDataTableMaxLinkDensity of its text: a time
// series or a price history, whose dates are data. train + dev: one page
// changes (a market study's monthly tables, 0.70 -> 0.97), none for the
// worse, and the same with 200 characters and 0.25.
inline constexpr std::uint32_t kDataTableMaxRowChars = 80;
inline constexpr double kDataTableMaxLinkDensity = 0.1;
// find_comments (--comments, comments.cpp) looks for a comment's author and
// date in its first kCommentStampSearchBytes bytes of text: both sit at the
// top of an item. The finder's first value, never tuned on data; it is apart
// from kStampSearchBytes, which only finds a date.
inline constexpr std::size_t kCommentStampSearchBytes = 400;
// Posts of one thread share their design; a class token holding this many
// digits or more names the post, not the design ("id-t1_o8n5jvy",
// "post-42886"; "layer81", "col-md-6" are designs), and is left out when
// items are compared (class_design.hpp, items_repeat). At 1 digit, a news
// page's numbered layout wrappers ("layer1", "layer2") became a thread.
// Comparing the content's grid items (mark_item_runs) so too: 5 pages
// changed, all -0.0001.
inline constexpr std::ptrdiff_t kPostNumberMinDigits = 3;
// How far into an item to look for its own controls (like/reply buttons).
inline constexpr std::uint32_t kControlSearchNodes = 256;
inline constexpr int kMinItemControls = 2;

// A stamped item list holding at least this share of the page's text is the
// page's discussion (a forum thread, a story's long comment thread): its posts
// are content, whatever they are named.
// Its items need only be half stamped: a post's title or score often comes
// before its date.
inline constexpr double kDiscussionShare = 0.5;
inline constexpr double kDiscussionStampedShare = 0.5;
// ...and it is the content only when the article outside it is shorter than
// this share of it: a news story's long comment thread stays clutter.
inline constexpr double kDiscussionArticleShare = 0.15;
// ...but on a page the page-type model calls a forum
// (classify::kThreadJoinForumProbability) the discussion joins whatever the
// opening post's length, when the content with it is more than this many
// times the content without it: the replies were left out, not a few lines
// of them. train + dev, CV by site, models fixed, with stamps read from
// titles (discussion.cpp, marks_a_moment): all +0.0005 [-0.0001, +0.0015],
// forum +0.0058; 3 pages better (a thread 0.35 -> 0.98), 2 worse by 0.03
// (user-status lines kept inside a thread now found); joining at any gain
// moved 4 threads already whole by -0.001 to -0.011.
inline constexpr double kThreadJoinGain = 2.0;
// On such a page, when no list of kMinStampedItems posts is found, a thread
// may be an opening post and a single reply: two stamped posts of one design
// then make the discussion (content.cpp). Looked for only after the longer
// lists, so that threads already found keep their node. train + dev, CV by
// site, models fixed: forum +0.0053 [-0.0003, +0.0140]; 4 threads better (a
// question and its answer 0.54 -> 0.99), 3 worse by 0.003 to 0.04 (members'
// signatures, left out before, now inside the joined thread). Trying two
// posts first moved threads already found to an outer node (-0.08).
inline constexpr std::size_t kMinThreadPosts = 2;

// A block of prose (paragraph, quote, list item) of at least this weighted
// length that repeats an earlier block of the content word for word is left
// out (content.cpp, leave_out_repeated_blocks): forum replies quoting the
// post above, a thread's previews of the post replied to, responsive pages'
// second copy of a section. train + dev, CV by site, models fixed: all
// +0.0027 [+0.0014, +0.0039], forum +0.017, product +0.008, collection
// +0.003; dev sources unchanged. At 50: service -0.0019 (a plan's terms
// repeated under each plan card); at 200, half the gain. Documentation is
// spared (see classify::kRepeatsKeptDocumentationProbability): with it,
// -0.0021, tabs of a guide (one per language) repeat their prose.
inline constexpr std::uint32_t kRepeatedBlockMinLength = 100;
// A selection that says one thing over and over (a promo bar of shipping
// notices, one card's template, a product's variants with one sentence each)
// where the page's main region says varied things is a widget, not the
// content: when at least kSelfRepeatingSelectionShare of the selection's
// kRepetitionShingleWords-word shingles occur twice or more
// (repeated_shingle_share, over its first kRepetitionSampleBytes), and the
// whole region's share is kSelfRepetitionMargin lower (the region holding
// kMinContentLength at least), the region is the content, whatever the
// attempt chooser's model says (on the pages it is asked about). train +
// dev, CV by site, models fixed: all +0.0013 [+0.0000, +0.0033], three pages
// up (a shop's promo bar 0.08 -> 1.00, a collection 0.07 -> 0.58), none down;
// simulated on the chooser's out-of-fold choices the same at shares 0.4-0.6
// and margins 0.25-0.35; at a margin of 0.15 a forum thread whose posts quote
// each other fell.
inline constexpr std::size_t kRepetitionShingleWords = 4;
inline constexpr std::size_t kRepetitionSampleBytes = 4096;
inline constexpr double kSelfRepeatingSelectionShare = 0.5;
inline constexpr double kSelfRepetitionMargin = 0.25;

// --- accepting a result -----------------------------------------------------
// A pass whose content is shorter than this is retried with fewer
// assumptions (no unlikely-name removal, then no class weights, then no
// conditional pruning), as Readability does.
inline constexpr std::uint32_t kRetryLength = 500;
// Content split over many sibling sections (service pages, documentation
// hubs, forum threads): when the main region, pruned as a selection is, holds
// this many times the selection's text, the region is the content. dev: 2 ->
// 0.836 overall (daniel 0.925), 3 -> 0.839 (daniel 0.936), 5 -> 0.831.
inline constexpr double kSplitContentGain = 3.0;
// When the best selection is shorter than kRegionFallbackBelow, the page's
// main region (or body) replaces it if that holds kRegionFallbackGain times
// more text. Pages of short items (listings, collections, forum index pages)
// need it; a short news brief (300-500) must not trigger it. dev: below 500
// -> 0.827 overall, daniel precision 0.914; below 250 -> see bench/README.md.
inline constexpr std::uint32_t kRegionFallbackBelow = 250;
inline constexpr std::uint32_t kRegionFallbackGain = 6;
// When every attempt found less than kMinContentLength, the main region with
// its clutter-named blocks kept is the content if it holds at least this
// much (product grids under "caption" or "related" names). train + dev:
// 2 empty pages get 0.96 and 0.60 word F1; at 240, two more pages change
// by < 0.06 and a 404 page's menu of eight links (235) passes.
inline constexpr std::uint32_t kLastResortMinLength = 500;
// A page whose only text sits in its asides, footers or dialogs has it as
// content (use_page_regions) when it is that long and holds at least this
// many sentence ends: prose, not a footer's columns of links and addresses.
// No page of train + dev has its content there (none changes); the
// selection must also lie inside such an element.
inline constexpr std::uint32_t kPageRegionMinSentences = 3;
// A page whose markup shows less than kShellMaxVisibleLength of text (a
// shell its scripts fill: a forum thread served with its title at most) and
// that declares a description of kMinContentLength or more has that
// description as its content rather than none. train + dev: the five such
// pages (forum threads showing 0 to 26 characters; their gold is the
// rendered thread) go from 0 to 0.06-0.27 word F1, forum +0.006 [+0.001,
// +0.013]; no other page changes with a limit anywhere from 50 to 600. The
// lowest: an error page's own message and menu are more.
inline constexpr std::uint32_t kShellMaxVisibleLength = 50;
// A product page whose JSON-LD declares a description of at least
// kProductDescriptionMinLength (weighted characters: a sentence or two, not
// a tagline) that its content holds less than kProductDescriptionCoverage of
// (share of its distinct words) gets that description added after its
// headline: shops ship the description in the page's data and render it by
// script, or keep it in a collapsed tab the markup leaves out.
inline constexpr std::uint32_t kProductDescriptionMinLength = 150;
inline constexpr double kProductDescriptionCoverage = 0.5;
// JSON-LD articleBody cross-check: a declared body of at least this many
// distinct words is a whole article (teasers are shorter); when the content
// holds less than kCrossCheckCoverage of its words, the strategy whose words
// match it best (word-set F1) replaces the content if it also covers
// kCrossCheckGain more of them.
inline constexpr std::size_t kCrossCheckMinWords = 100;
inline constexpr double kCrossCheckCoverage = 0.6;
inline constexpr double kCrossCheckGain = 0.2;
// The second strategy, block classification (block_classes.hpp): own text
// shorter than kBlockShortLength waits for its neighbours; kBlockGoodLength
// with link density under kBlockGoodLinkDensity is good on its own; link
// density over kBlockBadLinkDensity is bad. jusText's defaults in characters
// (70 / 200), in weighted characters here so that CJK text counts alike.
inline constexpr std::uint32_t kBlockShortLength = 70;
inline constexpr std::uint32_t kBlockGoodLength = 200;
inline constexpr double kBlockGoodLinkDensity = 0.2;
inline constexpr double kBlockBadLinkDensity = 0.33;
// Content shorter than this is no main content at all (home pages, listings,
// error pages).
inline constexpr std::uint32_t kMinContentLength = 120;
// ...but for a news brief: a page whose metadata declares an article (a
// publish date, or an article type) and whose one declared content element
// (<article>, <main>, an articleBody) holds at least this much prose, mostly
// not links (a sentence of about ten words). Error pages declare no article;
// hubs declare many elements. No page of train + dev changes (none has so
// short a gold text); it is the empty output a brief got.
inline constexpr std::uint32_t kShortArticleMinLength = 40;
inline constexpr double kShortArticleMaxLinkShare = 0.5;
// A page that asks search engines not to index it (robots noindex) needs
// this much content: sign-in walls, bot challenges and error pages say
// noindex and show a few lines (a challenge some 200 characters). Of the
// 1,556 pages of train + dev, 4 say noindex; their content is 1,281 to
// 26,708 characters long. A page whose metadata declares an article (a
// publish date, an article type) is exempt: a paywalled story that says
// noindex shows its standfirst and first paragraph, and error and sign-in
// pages declare no publish date.
inline constexpr std::uint32_t kNoindexMinContentLength = 500;

// --- polls -------------------------------------------------------------------
// A form under a story with at least this many radio buttons or check boxes
// and at most this many bytes of text each (questions and labels, white
// space included) is a poll or a survey (is_poll): left out by every pass, on
// pages that declare an article only (a product's variant picker, a
// calculator's questions and a shop's filter panel are forms of choices
// too). train + dev, models fixed: no WCXB page changes; two news pages of
// one site, whose five-question "rate this article" form was kept,
// +0.09 and +0.11.
inline constexpr std::uint32_t kPollMinChoices = 4;
inline constexpr std::uint32_t kPollMaxBytesPerChoice = 200;

// --- precision and recall modes ----------------------------------------------
// The few thresholds that trade one for the other (Options::focus). Balanced
// uses the constants above; docs/how-it-works.md, "Precision and recall", has what each mode moves.
struct Tuning {
  double split_content_gain;               // see kSplitContentGain
  std::uint32_t region_fallback_below;     // see kRegionFallbackBelow
  double link_list_density;                // see kLinkListDensity
  double sibling_share;                    // see kSiblingShare
  bool join_discussion;                    // a dominant discussion joins the content
};
inline constexpr Tuning kBalancedTuning{.split_content_gain = kSplitContentGain,
                                        .region_fallback_below = kRegionFallbackBelow,
                                        .link_list_density = kLinkListDensity,
                                        .sibling_share = kSiblingShare,
                                        .join_discussion = true};
// Precision: no split-content or main-region fallbacks unless overwhelming,
// stricter link lists, fewer siblings, no comment threads.
inline constexpr Tuning kPrecisionTuning{.split_content_gain = 8.0,
                                         .region_fallback_below = 120,
                                         .link_list_density = 0.25,
                                         .sibling_share = 0.35,
                                         .join_discussion = false};
// Recall: fallbacks sooner, laxer link lists, more siblings.
inline constexpr Tuning kRecallTuning{.split_content_gain = 2.0,
                                      .region_fallback_below = 500,
                                      .link_list_density = 0.5,
                                      .sibling_share = 0.1,
                                      .join_discussion = true};

}  // namespace pith::extraction
