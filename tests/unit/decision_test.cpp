// Tests for how the extractor decides: the discussion rule, the split-content
// region, --explain's report, and the precision/recall focus.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <string_view>

#include "cli/explain_report.hpp"
#include "dom/build.hpp"
#include "extract/content.hpp"
#include "pith/pith.hpp"
#include "text/utf8.hpp"

namespace {

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

std::string paragraph(int n) {
  return "<p>Paragraph " + std::to_string(n) +
         " of the story, long enough to count as prose, with commas, clauses, and a full stop "
         "at the end of every sentence it holds.</p>";
}

// A short link post and a long dated thread of replies under it.
std::string thread_page(int replies) {
  std::string html =
      "<html><body><nav><a href='/'>Home</a> <a href='/new'>New</a></nav>"
      "<div class='story'><h1>Show: a tiny parser</h1><p>I wrote a parser in a weekend.</p></div>"
      "<ul class='comments'>";
  for (int i = 0; i < replies; ++i)
    html += "<li class='comment'><span class='by'>user" + std::to_string(i) +
            "</span> <time datetime='2024-01-0" + std::to_string(i % 9 + 1) +
            "'>3 hours ago</time><div class='text'><p>Reply number " + std::to_string(i) +
            " says something substantial about parsers, grammars, and error recovery, "
            "which is what this thread is about.</p></div></li>";
  html += "</ul><footer>About · Contact</footer></body></html>";
  return html;
}

// A real article followed by a comment thread; the thread is not content.
std::string article_with_comments() {
  std::string html = "<html><body><article><h1>City streets</h1>";
  for (int i = 0; i < 8; ++i) html += paragraph(i);
  html += "</article><section class='x1'>";
  for (int i = 0; i < 4; ++i)
    html += "<div class='c9'><b>Reader " + std::to_string(i) +
            "</b> <time datetime='2024-05-01'>yesterday</time><p>I disagree with parts of "
            "this, but it is a fair point overall, and well argued.</p></div>";
  html += "</section></body></html>";
  return html;
}

}  // namespace

TEST_CASE("a dominant thread under a short post is the content") {
  pith::Document doc = pith::extract(thread_page(12));
  CHECK(contains(doc.text, "Reply number 0 says"));
  CHECK(contains(doc.text, "Reply number 11 says"));
  CHECK_FALSE(contains(doc.text, "About"));
  pith::Options titled;
  titled.include_title = true;
  CHECK(contains(pith::extract(thread_page(12), titled).text, "Show: a tiny parser"));  // the headline leads
}

TEST_CASE("comments under a real article stay out") {
  pith::Document doc = pith::extract(article_with_comments());
  CHECK(contains(doc.text, "Paragraph 7 of the story"));
  CHECK_FALSE(contains(doc.text, "I disagree with parts"));
}

TEST_CASE("--explain reports every block with the rule that decided it") {
  pith::Options options;
  options.explain = true;
  pith::Document doc = pith::extract(thread_page(6), options);
  REQUIRE_FALSE(doc.explanation.blocks.empty());
  CHECK(contains(doc.explanation.strategy, "discussion"));
  bool nav_dropped = false, reply_kept = false;
  for (const pith::BlockDecision& d : doc.explanation.blocks) {
    if (contains(d.text, "Home")) {
      nav_dropped = !d.kept && contains(d.rule, "boilerplate");
    }
    if (contains(d.text, "Reply number 3")) {
      reply_kept = d.kept;
      CHECK(d.element == "p");
      CHECK(d.length > 50);
      CHECK(d.link_density == doctest::Approx(0.0));
      CHECK(d.commas >= 2);
    }
  }
  CHECK(nav_dropped);
  CHECK(reply_kept);

  pith::Document plain = pith::extract(thread_page(6));
  CHECK(plain.explanation.blocks.empty());  // only on request
}

TEST_CASE("a cookie or consent prompt is never the content, a wrapper so named keeps the page") {
  const std::string prompt =
      "<div class='cookie-consent'><p>We use cookies to offer you the best shopping experience, with suitable "
      "offers, personalised ads and your preferences remembered. If that is fine with you, agree to cookies for "
      "preferences, statistics and marketing by clicking Alright; withdraw your consent at any time.</p>"
      "<button>Alright</button></div>";
  const std::string specs =
      "<h1>Sola 40 acoustic guitar</h1><ul><li>Top: solid spruce</li><li>Back and sides: mahogany</li>"
      "<li>Neck: nato</li><li>Fingerboard: walnut</li><li>Scale: 650 mm</li><li>Finish: natural, high gloss</li>"
      "<li>Gig bag included</li></ul>";
  pith::Document short_page = pith::extract("<html><body>" + prompt + "<div class='product'>" + specs +
                                            "</div></body></html>");
  CHECK_FALSE(contains(short_page.text, "We use cookies"));
  CHECK(contains(short_page.text, "Back and sides: mahogany"));
  pith::Options explain;
  explain.explain = true;
  bool named = false;
  for (const pith::BlockDecision& d : pith::extract("<html><body>" + prompt + specs + "</body></html>", explain).explanation.blocks)
    if (contains(d.text, "We use cookies")) named = d.rule == "a cookie or consent prompt" && d.removed_with == "div.cookie-consent";
  CHECK(named);
  // A theme's wrapper of the whole page, a <body> a consent script names and a
  // cookie policy's section (no button) are not prompts.
  std::string story;
  for (int i = 0; i < 5; ++i) story += paragraph(i);
  for (const std::string& page :
       {"<html><body><div class='gdpr-wrapper'><h1>Vote</h1>" + story + "</div></body></html>",
        "<html><body class='cookie-banner-open'><h1>Vote</h1>" + story + "</body></html>",
        "<html><body><div class='cookies'><h2>Vote</h2>" + story + "</div><nav><a href='/'>Home</a></nav></body></html>"})
    CHECK(contains(pith::extract(page).text, "Paragraph 4 of the story"));
}

TEST_CASE("--explain's report cuts a long element name at a character boundary") {
  pith::Options options;
  options.explain = true;
  // An id of accented letters (two bytes each, after one ASCII letter) past
  // the report's 28-byte column: a cut at byte 27 splits one.
  std::string html = "<html><body><article>";
  for (int n = 0; n < 4; ++n) html += paragraph(n);
  html += "<h3 id='a\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
          "\xC3\xA9\xC3\xA9'>Closing words</h3>" + paragraph(9) + "</article></body></html>";
  const std::string report = pith::cli::explain_report(pith::extract(html, options));
  CHECK(contains(report, "h3#a\xC3\xA9"));
  CHECK(contains(report, "~"));
  CHECK(pith::text::is_valid_utf8(report));
}

TEST_CASE("--explain names the element a dropped block was removed with") {
  pith::Options options;
  options.explain = true;
  std::string story;
  for (int i = 0; i < 6; ++i) story += paragraph(i);
  pith::Document doc = pith::extract(
      "<html><body><article>" + story +
          "</article><div id='rail' class='col sidebar-right'><h3>Most read</h3><p>Another story about "
          "something else entirely</p></div></body></html>",
      options);
  bool heading_seen = false;
  for (const pith::BlockDecision& d : doc.explanation.blocks) {
    if (d.text == "Most read") {
      heading_seen = true;
      CHECK_FALSE(d.kept);
      CHECK(d.element == "h3");
      CHECK(d.removed_with == "div#rail.col.sidebar-right");
    }
    if (d.kept) CHECK(d.removed_with.empty());
  }
  CHECK(heading_seen);
}

TEST_CASE("a heading that closes a declared article is left out, a run of titles stays") {
  pith::Options options;
  options.explain = true;
  const std::string head =
      "<html><head><meta property='article:published_time' content='2025-03-01T08:00:00Z'></head><body><article>"
      "<h1>Harbour plan approved</h1>";
  std::string story;
  for (int i = 0; i < 5; ++i) story += paragraph(i);
  pith::Document doc = pith::extract(
      head + story + "<h2>Related topics</h2><ul><li><a href='/t/a'>Harbour</a></li><li><a href='/t/b'>Council</a></li>"
                     "<li><a href='/t/c'>Transport</a></li></ul></article></body></html>",
      options);
  CHECK_FALSE(contains(doc.text, "Related topics"));
  CHECK(contains(doc.text, "Paragraph 4 of the story"));
  bool explained = false;
  for (const pith::BlockDecision& d : doc.explanation.blocks)
    if (d.text == "Related topics")
      explained = !d.kept && d.rule == "a heading that closes the content, introducing nothing";
  CHECK(explained);
  // Two headings in a row at the end are a list of titles, not a closing heading.
  pith::Document titles = pith::extract(
      head + story + "<h2>Next: the budget vote</h2><h2>Next: the ferry timetable</h2></article></body></html>");
  CHECK(contains(titles.text, "Next: the ferry timetable"));
}

TEST_CASE("a poll under a declared story is left out, a form of choices elsewhere is not judged so") {
  pith::Options options;
  options.explain = true;
  std::string story;
  for (int i = 0; i < 5; ++i) story += paragraph(i);
  std::string poll = "<form id='rate'><p>Rate this story, please.</p>";
  for (int q = 0; q < 3; ++q) {
    poll += "<p>Question " + std::to_string(q) + " about the story</p>";
    for (int a = 0; a < 3; ++a) poll += "<label><input type='radio' name='q" + std::to_string(q) + "'> Answer " + std::to_string(a) + "</label>";
  }
  poll += "<input type='submit' value='Send'></form>";
  const std::string body = "<body><article><h1>Harbour plan approved</h1>" + story + poll + "</article></body></html>";
  pith::Document doc = pith::extract(
      "<html><head><meta property='article:published_time' content='2025-03-01T08:00:00Z'></head>" + body, options);
  CHECK_FALSE(contains(doc.text, "Rate this story"));
  CHECK(contains(doc.text, "Paragraph 4 of the story"));
  bool named = false;
  for (const pith::BlockDecision& d : doc.explanation.blocks)
    if (contains(d.text, "Rate this story")) named = !d.kept && d.rule == "a poll or survey form";
  CHECK(named);
  // A page that declares no article: the same form is read as the passes read any block.
  pith::Document undeclared = pith::extract("<html><head></head>" + body, options);
  for (const pith::BlockDecision& d : undeclared.explanation.blocks)
    if (contains(d.text, "Rate this story")) CHECK(d.rule != "a poll or survey form");
}

TEST_CASE("--explain says why a page has no main content") {
  pith::Options options;
  options.explain = true;
  pith::Document doc =
      pith::extract("<html><body><nav><a href='/a'>A</a><a href='/b'>B</a></nav>"
                    "<p>Short.</p></body></html>",
                    options);
  CHECK_FALSE(doc.has_main_content());
  CHECK(contains(doc.explanation.strategy, "none"));
  for (const pith::BlockDecision& d : doc.explanation.blocks) CHECK_FALSE(d.kept);
}

TEST_CASE("a page without main content says why") {
  pith::Document too_short = pith::extract(
      "<html><body><nav><a href='/a'>A</a><a href='/b'>B</a></nav><h1>Page not found</h1>"
      "<p>Sorry, there is no page at this address.</p></body></html>");
  CHECK_FALSE(too_short.has_main_content());
  CHECK(contains(too_short.no_content_reason, "best candidate for main content holds"));
  CHECK(contains(too_short.no_content_reason, "fewer than the 120"));

  pith::Document only_menus = pith::extract(
      "<html><body><nav>" + paragraph(1) + paragraph(2) + "</nav><footer>" + paragraph(3) + "</footer></body></html>");
  CHECK_FALSE(only_menus.has_main_content());
  CHECK(contains(only_menus.no_content_reason, "no text outside navigation"));

  pith::Document blank = pith::extract(
      "<html><head><title>App</title><script>start()</script></head><body><div id='root'></div>"
      "<div hidden>Loading</div></body></html>");
  CHECK_FALSE(blank.has_main_content());
  CHECK(contains(blank.no_content_reason, "the page shows no text"));

  // A page with content has none.
  pith::Document story = pith::extract("<html><body><article>" + paragraph(1) + paragraph(2) +
                                       "</article></body></html>");
  REQUIRE(story.has_main_content());
  CHECK(story.no_content_reason.empty());
}

TEST_CASE("a page that asks not to be indexed needs more than a few lines") {
  const std::string form =
      "<main><h1>Sign in to keep reading</h1><p>This story is for our subscribers only. Sign in with your "
      "email address and password, or create a free account in a minute or two.</p><form><input type='email'>"
      "<input type='password'><button>Sign in</button></form></main>";
  auto page = [](std::string_view robots, std::string_view body) {
    return "<html><head><title>Sign in</title>" + std::string(robots) + "</head><body>" + std::string(body) +
           "</body></html>";
  };
  for (std::string_view robots : {"<meta name='robots' content='noindex, follow'>",
                                  "<meta name='ROBOTS' content='NOINDEX,NOFOLLOW'>",
                                  "<meta name='googlebot' content='none'>"}) {
    pith::Document wall = pith::extract(page(robots, form));
    CHECK_FALSE(wall.has_main_content());
    CHECK(contains(wall.no_content_reason, "asks not to be indexed"));
  }
  // Without the request, the same few lines are content, as before; and
  // "nofollow" alone, or "noindex" inside another word, is no such request.
  CHECK(pith::extract(page("", form)).has_main_content());
  CHECK(pith::extract(page("<meta name='robots' content='nofollow'>", form)).has_main_content());
  CHECK(pith::extract(page("<meta name='robots' content='max-snippet:-1, noindexing'>", form)).has_main_content());
  // A story that says noindex is still content when it is long enough.
  pith::Document story = pith::extract(page("<meta name='robots' content='noindex'>",
                                            "<article>" + paragraph(1) + paragraph(2) + paragraph(3) + paragraph(4) +
                                                paragraph(5) + paragraph(6) + "</article>"));
  CHECK(story.has_main_content());
  CHECK(story.no_content_reason.empty());
  // So is a paywalled story's first paragraph when its metadata declares it.
  const std::string teaser = "<article><h1>Council votes on the harbour plan</h1>" + paragraph(1) + "</article>";
  pith::Document paywalled = pith::extract(
      page("<meta name='robots' content='noindex'><meta property='article:published_time' "
           "content='2024-03-05T10:00:00Z'>",
           teaser));
  CHECK(paywalled.has_main_content());
  CHECK(contains(paywalled.text, "Paragraph 1 of the story"));
  CHECK_FALSE(pith::extract(page("<meta name='robots' content='noindex'>", teaser)).has_main_content());
}

TEST_CASE("precision keeps no more than balanced, recall no less") {
  pith::Options precision;
  precision.focus = pith::Focus::precision;
  pith::Options recall;
  recall.focus = pith::Focus::recall;
  for (const std::string& page : {thread_page(12), article_with_comments()}) {
    std::size_t balanced_size = pith::extract(page).text.size();
    CHECK(pith::extract(page, precision).text.size() <= balanced_size);
    CHECK(pith::extract(page, recall).text.size() >= balanced_size);
  }
}

TEST_CASE("a page hidden until its scripts run still has its text") {
  std::string body;
  for (int i = 0; i < 5; ++i) body += paragraph(i);
  pith::Document doc = pith::extract(
      "<html><body><div style='visibility:hidden'><main>" + body + "</main></div></body></html>");
  CHECK(contains(doc.text, "Paragraph 4 of the story"));
}

TEST_CASE("a hidden block beside visible content stays out") {
  std::string body;
  for (int i = 0; i < 5; ++i) body += paragraph(i);
  pith::Document doc = pith::extract("<html><body><article>" + body +
                                     "<div style='display:none'><p>Secret promo text that a "
                                     "reader never sees on this page.</p></div></article></body></html>");
  CHECK(contains(doc.text, "Paragraph 4 of the story"));
  CHECK_FALSE(contains(doc.text, "Secret promo"));
}

// A news page that sets its lead apart from the body, beside the byline.
std::string page_with_lead(std::string_view lead) {
  std::string html =
      "<html lang='pt'><body><nav><a href='/'>Início</a> <a href='/n'>Notícias</a></nav>"
      "<div class='cabecalho'><h1>Prefeitura anuncia obras na avenida</h1>"
      "<div class='autor'>Por Ana Souza · 2 de maio de 2024</div>"
      "<div class='resumo'><p>" + std::string(lead) + "</p></div></div><div class='texto'>";
  for (int i = 0; i < 6; ++i)
    html += "<p>Parágrafo " + std::to_string(i) +
            " da reportagem: a prefeitura informou que a avenida terá faixas novas, "
            "calçadas mais largas e iluminação renovada até o fim do ano, segundo a secretaria.</p>";
  html += "</div><footer>Contato · Sobre nós</footer></body></html>";
  return html;
}

TEST_CASE("the lead between the headline and the body joins the content") {
  pith::Document doc = pith::extract(page_with_lead(
      "As obras começam na segunda-feira e devem durar oito meses; o trânsito será desviado "
      "para as ruas paralelas durante a fase mais crítica, explicou a secretária de obras."));
  CHECK(contains(doc.text, "As obras começam na segunda-feira"));
  CHECK(contains(doc.text, "Parágrafo 5 da reportagem"));
  CHECK(doc.text.find("As obras começam") < doc.text.find("Parágrafo 0"));
  CHECK_FALSE(contains(doc.text, "Sobre nós"));
}

TEST_CASE("a summary in another language than the body is not the lead") {
  pith::Document doc = pith::extract(page_with_lead(
      "The city hall announced new works on the avenue, with new lanes, wider sidewalks and "
      "renewed lighting by the end of the year, and traffic will be diverted to parallel "
      "streets during the most critical phase of the works, the secretary said."));
  CHECK(contains(doc.text, "Parágrafo 5 da reportagem"));
  CHECK_FALSE(contains(doc.text, "The city hall announced"));
}

TEST_CASE("a sentence that ends in a link is prose; a teaser that opens with one is not") {
  std::string html = "<html><body><article><h1>Nowy rzecznik</h1>";
  for (int i = 0; i < 5; ++i) html += paragraph(i);
  html +=
      "<p>Kowalski zastąpił Nowaka, <a href='/a/1'>który przez ostatnie osiem miesięcy łączył "
      "te zadania z pracą w dziale marketingu.</a></p>"
      "<p><a href='/a/2'>Nowak odchodzi z firmy po szesnastu latach pracy w dziale</a>, "
      "2 maja 2024 r.</p></article></body></html>";
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "w dziale marketingu."));
  CHECK_FALSE(contains(doc.text, "Nowak odchodzi z firmy"));
}

TEST_CASE("photo captions and credits named so stay out; the story stays") {
  std::string html = "<html><body><article><h1>Harbour works</h1>";
  for (int i = 0; i < 3; ++i) html += paragraph(i);
  html += "<div class='responsive-img-caption'>(credit: Jane Roe/Agency)</div>"
          "<p class='photo-credit'>Photo: Harbour Authority archive</p>";
  for (int i = 3; i < 6; ++i) html += paragraph(i);
  html += "</article></body></html>";
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "Paragraph 5 of the story"));
  CHECK_FALSE(contains(doc.text, "Jane Roe"));
  CHECK_FALSE(contains(doc.text, "Harbour Authority archive"));
}

TEST_CASE("a photo's <figcaption> stays out of the text, with its image; a quote's stays in") {
  std::string html = "<html><body><article><h1>Harbour works</h1>";
  for (int i = 0; i < 3; ++i) html += paragraph(i);
  html += "<figure><img src='/quay.jpg' alt='The quay'><figcaption>The new quay at dawn. Photo: J. Roe"
          "</figcaption></figure>";
  for (int i = 3; i < 6; ++i) html += paragraph(i);
  html += "<figure><blockquote>The quay changed the whole town, and the town is glad of it.</blockquote>"
          "<figcaption>Mayor Ana Lind</figcaption></figure></article></body></html>";
  pith::Options options;
  options.images = true;
  pith::Document doc = pith::extract(html, options);
  CHECK(contains(doc.text, "Paragraph 5 of the story"));
  CHECK_FALSE(contains(doc.text, "The new quay at dawn"));
  CHECK(contains(doc.text, "Mayor Ana Lind"));
  REQUIRE(doc.images.size() == 1);
  CHECK(doc.images[0].caption == "The new quay at dawn. Photo: J. Roe");
}

TEST_CASE("a JSON-LD articleBody the content misses makes pith try its other strategies") {
  // The article sits in a block whose name reads like clutter ("extra"), so
  // the first pass removes it and takes the page's other prose; the page's
  // declared articleBody says that is wrong.
  auto prose = [](const std::string& stem, int from, int count) {
    std::string text;
    for (int i = from; i < from + count; ++i)
      text += stem + std::to_string(i) + (i % 9 == 8 ? ", and so on. " : " ");
    return text;
  };
  std::string declared;
  for (int p = 0; p < 8; ++p) declared += prose("harbour", p * 40, 40);
  std::string html = "<html><head><script type='application/ld+json'>{\"@type\":\"NewsArticle\","
                     "\"articleBody\":\"" + declared + "\"}</script></head><body><div class='w'>";
  for (int p = 0; p < 4; ++p) html += "<p>" + prose("meadow", p * 40, 40) + "</p>";
  html += "</div><div class='extra'>";
  for (int p = 0; p < 8; ++p) html += "<p>" + prose("harbour", p * 40, 40) + "</p>";
  html += "</div></body></html>";
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "harbour0 harbour1"));
  CHECK(contains(doc.text, "harbour319"));
}

TEST_CASE("a forum signature under its line of underscores is not part of the post") {
  std::string html = "<html><body><h1>Cold start trouble</h1><div class='topic'>";
  for (int i = 0; i < 4; ++i)
    html += "<div class='p" + std::to_string(i) + "'><table><tr><td><b>rider" + std::to_string(i) +
            "</b></td><td>Posted 2026<br><div>Post " + std::to_string(i) +
            " first sentence about the engine.<br><br>A second sentence with more detail. A third one to be "
            "sure. And a fourth closing it.</div><div>__________________<br>Rides a 2009 bike since " +
            std::to_string(2010 + i) + "</div></td></tr></table></div>";
  html += "</div><div class='footer'>Powered by a forum</div></body></html>";
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "Post 0 first sentence about the engine."));
  CHECK(contains(doc.text, "Post 3 first sentence about the engine."));
  CHECK_FALSE(contains(doc.text, "Rides a 2009 bike"));
  CHECK_FALSE(contains(doc.text, "____"));
}

// (Posts split by <br> between avatars and icons, once taken for a gallery,
// are guarded by fixtures/forum-rows-es.)

TEST_CASE("a post of photos between its sentences is prose, not a gallery") {
  std::string html = "<html><body><div class='menu'><a href='/'>Forum</a> <a href='/new'>New</a></div>"
                     "<div class='thread'><h1>Rear lights fitted</h1>";
  for (int post = 0; post < 4; ++post) {
    html += "<div class='post'><div class='meta'>Member" + std::to_string(post) +
            " <time datetime='2025-03-21'>Mar 21, 2025</time></div><div class='body'>";
    if (post == 0)
      for (int i = 0; i < 9; ++i)
        html += "Step " + std::to_string(i) + " of the install took a few minutes with the panel off." +
                (i < 6 ? "<br><img src='/photo" + std::to_string(i) + ".jpg'><br>" : std::string("<br>"));
    else
      html += "Reply " + std::to_string(post) + " says the trim looks the same as the older model. Nice work.";
    html += "</div></div>";
  }
  html += "</div><div class='footer'>Powered by a forum</div></body></html>";
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "Step 0 of the install"));
  CHECK(contains(doc.text, "Step 8 of the install"));
  CHECK(contains(doc.text, "Reply 3 says the trim"));
}

TEST_CASE("a date stamp is not a container too short to keep") {
  // A post of a thread opens with its date: shorter than a label, but
  // content (the golds keep it).
  auto page = [](std::string_view stamp) {
    return "<html><body><main><h1>Winter tyres</h1>" + paragraph(1) + paragraph(2) + std::string(stamp) +
           paragraph(3) + paragraph(4) + paragraph(5) + paragraph(6) + "</main></body></html>";
  };
  pith::Document dated = pith::extract(
      page("<div class='x'><span><time datetime='2025-01-05'>Jan 5, 2025</time></span></div>"));
  CHECK(contains(dated.text, "Jan 5, 2025"));
  // A short wrapper of inline text is still too short to keep.
  pith::Document label = pith::extract(page("<div class='x'><span>Jan 5, 2025</span></div>"));
  CHECK_FALSE(contains(label.text, "Jan 5, 2025"));
}

TEST_CASE("a paragraph inside a clickable card counts as text, not as link text") {
  std::string html =
      "<html><body><div class='nav'><a href='/'>Home</a> <a href='/about'>About</a></div><div class='intro'>"
      "<h1>Certificate programmes</h1><p>Our certificate programmes combine research with practice, taught "
      "online or live, so that you can grow your skills, deepen your expertise, and keep your edge in a "
      "changing economy, wherever you work.</p></div><div class='grid'>";
  for (int i = 0; i < 5; ++i)
    html += "<a class='card' href='/programme/" + std::to_string(i) + "'><div>Programme " + std::to_string(i) +
            "</div><p>Programme " + std::to_string(i) +
            " teaches the skills a leader needs, over twelve months, with projects, mentors, and a final "
            "review of what was learned.</p></a>";
  html += "</div><div class='foot'>Contact</div></body></html>";
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "Programme 0 teaches the skills"));
  CHECK(contains(doc.text, "Programme 4 teaches the skills"));
}

namespace {

// An article a page builder cut into text blocks of one class, each in its
// own row, between image rows: the first block is the longest.
std::string page_builder_article() {
  std::string html = "<html><body><nav><a href='/'>Start</a> <a href='/blog'>Blog</a></nav>"
                     "<div class='page'>";
  int n = 0;
  for (int block = 0; block < 4; ++block) {
    html += "<div class='row'><div class='col'><div class='block'><div class='text-block'>";
    for (int p = 0; p < (block == 0 ? 6 : 2); ++p) html += paragraph(n++);
    html += "</div></div></div></div>"
            "<div class='row'><div class='col'><figure><img src='/i.jpg'></figure></div></div>";
  }
  html += "</div><footer>Impressum · Datenschutz</footer></body></html>";
  return html;
}

// A story whose middle part sits in a block named like a widget.
std::string story_with_widget(bool widget_is_prose) {
  std::string html = "<html><body><article><h1>Espresso machines</h1>";
  for (int i = 0; i < 4; ++i) html += paragraph(i);
  html += "<div class='product-widget'>";
  if (widget_is_prose)
    html += "<p>The Lucca heats in eight minutes, holds its temperature after ten cups, steams "
            "milk evenly, without large bubbles, and, big and readable, its gauge helps "
            "beginners, who learn faster with it, as we saw, again and again, and again.</p>";
  else
    html += "<p><a href='/a'>Lucca M58</a> <a href='/b'>Gaggia Classic</a> "
            "<a href='/c'>Sage Bambino</a> <a href='/d'>Rancilio Silvia</a></p>";
  html += "</div>";
  for (int i = 4; i < 8; ++i) html += paragraph(i);
  html += "</article></body></html>";
  return html;
}

}  // namespace

TEST_CASE("an article cut into text blocks of one class is read whole") {
  pith::Document doc = pith::extract(page_builder_article());
  CHECK(contains(doc.text, "Paragraph 0 of the story"));
  CHECK(contains(doc.text, "Paragraph 8 of the story"));
  CHECK(contains(doc.text, "Paragraph 11 of the story"));
  CHECK_FALSE(contains(doc.text, "Impressum"));
}

TEST_CASE("prose in a block weakly named like clutter stays; a link list so named does not") {
  pith::Document prose = pith::extract(story_with_widget(true));
  CHECK(contains(prose.text, "The Lucca heats in eight minutes"));
  CHECK(contains(prose.text, "Paragraph 7 of the story"));
  pith::Document links = pith::extract(story_with_widget(false));
  CHECK_FALSE(contains(links.text, "Gaggia Classic"));
  CHECK(contains(links.text, "Paragraph 7 of the story"));
}

TEST_CASE("the prose of the author's box under a story is not spared for its commas") {
  // The same story with its writer's bio under it: a paragraph of more than
  // kProseCommas commas in a block named for the author (a clutter word).
  std::string html = story_with_widget(false);
  const std::string bio =
      "<div class='author-box'><p>Maria Rossi writes about coffee, tea, cocoa, sugar, milk, cups, grinders, "
      "kettles, scales, filters and roasters, tests machines at home, in cafes, in shops, and, when she can, "
      "teaches.</p></div>";
  html.insert(html.find("</article>"), bio);
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "Paragraph 7 of the story"));
  CHECK_FALSE(contains(doc.text, "Maria Rossi writes about coffee"));
  // Under another weak clutter name, the same paragraph is prose the story keeps.
  html.replace(html.find("author-box"), std::strlen("author-box"), "promo-note");
  CHECK(contains(pith::extract(html).text, "Maria Rossi writes about coffee"));
}

namespace {

// A shop page of `cards` product cards, each a link whose lines sit in
// blocks named "caption" (a clutter name), beside a menu so named too.
std::string caption_card_grid(int cards) {
  std::string html =
      "<html><body><ul class='dropdown-menu'><li><a href='/a'>Screens</a></li>"
      "<li><a href='/b'>Projectors</a></li></ul><h1>Projectors</h1><div class='grid'>";
  for (int i = 0; i < cards; ++i)
    html += "<div class='item'><a href='/p" + std::to_string(i) + "'><div class='caption'>"
            "<div>Laser projector model " + std::to_string(i) + " with a short throw lens</div>"
            "<div>Maker: Lumen</div><div>Price: $" + std::to_string(900 + i) + ".00</div></div></a></div>";
  html += "</div><footer>Terms · Privacy</footer></body></html>";
  return html;
}

// A page whose markup is an empty application root, with `body` as its
// JSON-LD articleBody.
std::string script_shell(std::string_view body) {
  return "<html><head><title>Library</title><script type='application/ld+json'>"
         "{\"@type\":\"NewsArticle\",\"articleBody\":\"" + std::string(body) +
         "\"}</script></head><body><div id='root'></div></body></html>";
}

std::string declared_article(int sentences) {
  std::string body;
  for (int i = 0; i < sentences; ++i)
    body += "Sentence" + std::to_string(i) + " tells reader" + std::to_string(i) +
            " about topic" + std::to_string(i) + " at length.\\n";
  return body;
}

}  // namespace

TEST_CASE("a comment form named by a content word run into a clutter word stays out") {
  // "postcomment_box": "post" opens the token, but the box is a comment
  // form; read as content it became the top candidate and brought the
  // story's paragraphs in as its siblings, its own fields with them.
  std::string html = "<html><body><div id='menu'><a href='/'>Home</a> <a href='/news'>News</a></div>"
                     "<div id='left_col'><h1>Harbour ferries</h1>";
  for (int i = 0; i < 6; ++i) html += paragraph(i);
  html += "<div id='postcomment_box'><h2>Post comment</h2><form action='/c'><table>"
          "<tr><td>Name:</td><td><input name='n'></td><td>Required</td></tr>"
          "<tr><td colspan='3'>Registration is not required to post a comment, but if you sign in, "
          "you will not have to enter your details each time, and members get extra features.</td></tr>"
          "</table><p>Maximum of 1750 characters, about 300 words, per comment.</p><textarea name='t'></textarea>"
          "<p>These comments are moderated, so yours may not appear at once, and queries go to the editor.</p>"
          "</form></div></div></body></html>";
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "Paragraph 5 of the story"));
  CHECK_FALSE(contains(doc.text, "These comments are moderated"));
  CHECK_FALSE(contains(doc.text, "Maximum of 1750 characters"));
}

TEST_CASE("a teaser list beside the story does not join it for a name like content") {
  std::string html = "<html><body><div id='menu'><a href='/'>Home</a> <a href='/news'>News</a></div>"
                     "<div class='article_full'><h1>Harbour ferries</h1><div class='article_text'>";
  for (int i = 0; i < 6; ++i) html += paragraph(i);
  html += "</div><div class='article_list'>";
  for (int i = 0; i < 4; ++i)
    html += "<div class='item'><h3><a href='/n" + std::to_string(i) + "'>Ferry operator " + std::to_string(i) +
            " changes its winter timetable</a></h3><div class='announce'>The operator said on Monday that "
            "the later boats, which ran since spring, will stop in December.</div></div>";
  html += "</div></div><div class='foot'>About us</div></body></html>";
  pith::Document doc = pith::extract(html);
  CHECK(contains(doc.text, "Paragraph 5 of the story"));
  CHECK_FALSE(contains(doc.text, "changes its winter timetable"));
  CHECK_FALSE(contains(doc.text, "will stop in December"));
}

TEST_CASE("when nothing else is found, cards under clutter names are the content") {
  pith::Document grid = pith::extract(caption_card_grid(12));
  REQUIRE(grid.has_main_content());
  CHECK(contains(grid.text, "Laser projector model 0 with a short throw lens"));
  CHECK(contains(grid.text, "Price: $911.00"));
  CHECK_FALSE(contains(grid.text, "Privacy"));
  // Two cards and a menu are not enough to be a page's content.
  CHECK_FALSE(pith::extract(caption_card_grid(2)).has_main_content());
}

TEST_CASE("a page rendered by scripts has its declared articleBody as content") {
  pith::Document doc = pith::extract(script_shell(declared_article(40)));
  REQUIRE(doc.has_main_content());
  CHECK(contains(doc.text, "Sentence0 tells reader0 about topic0 at length."));
  CHECK(contains(doc.text, "\n\nSentence39 tells reader39"));  // a paragraph a line
  // A teaser is not a whole article; a body written as markup is not text.
  CHECK_FALSE(pith::extract(script_shell(declared_article(10))).has_main_content());
  CHECK_FALSE(pith::extract(script_shell("<p>" + declared_article(40) + "</p>")).has_main_content());
}

namespace {

// A page whose content sits in a display:none wrapper, beside a visible menu
// of `menu_links` links.
std::string hidden_wrapper_page(int menu_links) {
  std::string html = "<html><body><ul class='mega'>";
  for (int i = 0; i < menu_links; ++i)
    html += "<li><a href='/c" + std::to_string(i) + "'>Category number " + std::to_string(i) +
            " of the shop</a></li>";
  html += "</ul><main><div style='display:none'><h1>Coffee</h1><ul class='grid'>";
  for (int i = 0; i < 16; ++i)
    html += "<li><a href='/p" + std::to_string(i) + "'>Coffee blend number " + std::to_string(i) +
            ", whole beans</a> <span>$" + std::to_string(10 + i) + ".99</span></li>";
  html += "</ul></div></main><footer>Terms</footer></body></html>";
  return html;
}

}  // namespace

TEST_CASE("a page with no main content is read again with its hidden parts") {
  // 80 menu links: the hidden grid holds under four times the shown text, so
  // the build leaves it out on its own.
  pith::Document doc = pith::extract(hidden_wrapper_page(80));
  REQUIRE(doc.has_main_content());
  CHECK(contains(doc.text, "Coffee blend number 0, whole beans"));
  CHECK(contains(doc.text, "Coffee blend number 15, whole beans"));
  CHECK_FALSE(contains(doc.text, "Category number 3 of the shop"));
  // Content found without them: the hidden parts stay out.
  pith::Document shown = pith::extract(
      "<html><body><article>" + paragraph(1) + paragraph(2) + paragraph(3) +
      "</article><div style='display:none'>" + paragraph(9) + paragraph(10) + paragraph(11) +
      paragraph(12) + "</div></body></html>");
  REQUIRE(shown.has_main_content());
  CHECK_FALSE(contains(shown.text, "Paragraph 9 of the story"));
}

TEST_CASE("a short story hidden until a script runs is read again, not lost") {
  // Two paragraphs (some 260 bytes of text): under the 512 bytes that once
  // had to be hidden before a page with nothing shown was read again.
  const std::string story = paragraph(1) + paragraph(2);
  for (const std::string& wrapper : {std::string("<div style='visibility: hidden'>"),
                                     std::string("<main aria-hidden='true'>"),
                                     std::string("<div hidden>")}) {
    const std::string close = wrapper.starts_with("<main") ? "</main>" : "</div>";
    pith::Document doc = pith::extract("<html><head><title>Story</title></head><body>" + wrapper + story +
                                       close + "</body></html>");
    REQUIRE_MESSAGE(doc.has_main_content(), wrapper);
    CHECK(contains(doc.text, "Paragraph 1 of the story"));
    CHECK(contains(doc.text, "Paragraph 2 of the story"));
  }
  // A hidden line too short to be content on its own does not make one.
  CHECK_FALSE(pith::extract("<html><body><nav><a href='/a'>A</a></nav><div hidden><p>Loading the page, "
                            "please wait.</p></div></body></html>")
                  .has_main_content());
}

TEST_CASE("a self-closed <iframe/> in <noscript> does not swallow the page") {
  pith::Document doc = pith::extract(
      "<html><body><noscript><iframe src='https://tags.example/ns.html' height='0' width='0' /></noscript>"
      "<main>" + paragraph(1) + paragraph(2) + "</main></body></html>");
  REQUIRE(doc.has_main_content());
  CHECK(contains(doc.text, "Paragraph 1 of the story"));
  CHECK(contains(doc.text, "Paragraph 2 of the story"));
  CHECK_FALSE(contains(doc.text, "iframe"));
}

TEST_CASE("<noframes> is never text; a page made of frames is read from it") {
  const std::string fallback = "<noframes><body><p><a href='/'>Home</a> | <a href='/links'>Links</a></p>" +
                               paragraph(1) + paragraph(2) + "</body></noframes>";
  pith::Document frames = pith::extract(
      "<html><head><title>Frames</title></head><frameset cols='20%,80%'><frame src='menu.htm'>"
      "<frame src='main.htm'>" + fallback + "</frameset></html>");
  REQUIRE(frames.has_main_content());
  CHECK(contains(frames.text, "Paragraph 1 of the story"));
  CHECK(contains(frames.text, "Paragraph 2 of the story"));
  CHECK_FALSE(contains(frames.text, "<p>"));
  CHECK(frames.title == "Frames");
  // Beside content, a fallback is left out: a browser never shows it.
  pith::Document page = pith::extract("<html><body><article>" + paragraph(3) + paragraph(4) +
                                      "<noframes><p>Your browser does not show frames.</p></noframes>"
                                      "<noembed><p>No plugin here.</p></noembed></article></body></html>");
  REQUIRE(page.has_main_content());
  CHECK_FALSE(contains(page.text, "frames"));
  CHECK_FALSE(contains(page.text, "plugin"));
}

namespace {

// A page of short text in `body`, with menus; `head` is its metadata.
std::string short_page(std::string_view head, std::string_view body) {
  return "<html><head><title>Short</title>" + std::string(head) +
         "</head><body><ul class='menu'><li><a href='/'>Home</a></li><li><a href='/news'>News</a></li></ul>" +
         std::string(body) + "<footer><a href='/about'>About</a></footer></body></html>";
}

constexpr std::string_view kArticleMeta =
    "<meta property='og:type' content='article'>"
    "<meta property='article:published_time' content='2026-11-28T07:15:00Z'>";

}  // namespace

TEST_CASE("a news brief in the declared content of a declared article is content") {
  const std::string brief =
      "<main><article><h1>Road closed</h1><p>The coast road is closed until Friday after a landslide.</p>"
      "</article></main>";
  pith::Document doc = pith::extract(short_page(kArticleMeta, brief));
  REQUIRE(doc.has_main_content());
  CHECK(contains(doc.text, "The coast road is closed until Friday"));
  CHECK_FALSE(contains(doc.text, "About"));
  // No article declared (an error page's few lines): no content.
  CHECK_FALSE(pith::extract(short_page("", brief)).has_main_content());
  CHECK_FALSE(pith::extract(short_page("", "<main><h1>Page not found</h1><p>Sorry, there is no page at this "
                                           "address.</p></main>"))
                  .has_main_content());
  // Several declared elements (teasers of a hub), or links: no content.
  CHECK_FALSE(pith::extract(short_page(kArticleMeta,
                                       "<article><p>The coast road is closed until Friday.</p></article>"
                                       "<article><p>The bakery on the square opens on Monday.</p></article>"))
                  .has_main_content());
  CHECK_FALSE(pith::extract(short_page(kArticleMeta,
                                       "<article><p><a href='/a'>The coast road is closed until Friday after a "
                                       "landslide.</a></p></article>"))
                  .has_main_content());
  // Shorter than a sentence of some ten words: no content.
  CHECK_FALSE(pith::extract(short_page(kArticleMeta, "<article><p>Closed.</p></article>")).has_main_content());
}

namespace {

// An article with a list of five items, `linked` of them links to a shop.
std::string article_with_list(int linked) {
  std::string html = "<html><body><article><h1>What to pack</h1>" + paragraph(1) + "<ul>";
  for (int i = 0; i < 5; ++i) {
    std::string item = "Packing item number " + std::to_string(i);
    html += i < linked ? "<li><a href='/shop/" + std::to_string(i) + "'>" + item + "</a></li>"
                       : "<li>" + item + "</li>";
  }
  html += "</ul>";
  // Long enough that no retry without pruning is needed.
  for (int i = 2; i < 7; ++i) html += paragraph(i);
  html += "</article></body></html>";
  return html;
}

}  // namespace

TEST_CASE("a list with unlinked items is content; a list of links is not") {
  pith::Document checklist = pith::extract(article_with_list(4));
  CHECK(contains(checklist.text, "Packing item number 0"));
  CHECK(contains(checklist.text, "Packing item number 4"));
  pith::Document links = pith::extract(article_with_list(5));
  CHECK_FALSE(contains(links.text, "Packing item number 0"));
  CHECK(contains(links.text, "Paragraph 3 of the story"));
}

// An article with a two-item list whose items each hold a link: sentences
// with a link in them, or teasers that open with their link.
std::string article_with_linked_items(bool sentences) {
  std::string html = "<html><body><article><h1>Where to stay</h1>" + paragraph(1) + "<ul>";
  for (int i = 0; i < 2; ++i) {
    std::string link = "<a href='/list/" + std::to_string(i) + "'>top ten lists of the best luxury hotels, number " +
                       std::to_string(i) + "</a>";
    html += sentences ? "<li>This hotel is in my " + link + ".</li>" : "<li>" + link + " is here.</li>";
  }
  html += "</ul>";
  for (int i = 2; i < 7; ++i) html += paragraph(i);
  html += "</article></body></html>";
  return html;
}

TEST_CASE("a list of sentences with links in them is prose; a list opening with links is not") {
  pith::Document prose = pith::extract(article_with_linked_items(true));
  CHECK(contains(prose.text, "luxury hotels, number 0"));
  CHECK(contains(prose.text, "luxury hotels, number 1"));
  pith::Document teasers = pith::extract(article_with_linked_items(false));
  CHECK_FALSE(contains(teasers.text, "luxury hotels, number 0"));
  CHECK(contains(teasers.text, "Paragraph 3 of the story"));
}

// An article with a table of `rows` dated rows: a time series when `linked`
// is false (its decimal points count as sentence ends, as those of real
// tables do), a teaser list (each row a dated link to another story) when true.
std::string article_with_dated_table(int rows, bool linked) {
  std::string html = "<html><body><article><h1>Prices by month</h1>";
  for (int i = 0; i < 4; ++i) html += paragraph(i);
  html += "<table><tbody><tr><th>Date</th><th>Median price</th></tr>";
  for (int i = 0; i < rows; ++i) {
    std::string date = "2024-" + std::string(i + 1 < 10 ? "0" : "") + std::to_string(i + 1) + "-01";
    std::string value = linked ? "<a href='/story/" + std::to_string(i) + "'>Story number " +
                                     std::to_string(i) + " of the archive</a>"
                               : "Value " + std::to_string(100 + i) + ".5%";
    html += "<tr><td>" + date + "</td><td>" + value + "</td></tr>";
  }
  html += "</tbody></table>";
  for (int i = 4; i < 6; ++i) html += paragraph(i);
  html += "</article></body></html>";
  return html;
}

TEST_CASE("a table of dated rows without links is data; dated rows of links are teasers") {
  pith::Document series = pith::extract(article_with_dated_table(12, false));
  CHECK(contains(series.text, "Value 100"));
  CHECK(contains(series.text, "Value 111"));
  CHECK(contains(series.text, "Paragraph 5 of the story"));
  pith::Document teasers = pith::extract(article_with_dated_table(12, true));
  CHECK_FALSE(contains(teasers.text, "Story number 0"));
  CHECK(contains(teasers.text, "Paragraph 5 of the story"));
}

// A page its scripts fill: a title in the markup, the text in a script.
std::string shell_page(std::string_view description, std::string_view visible) {
  std::string html = "<html><head><title>How do I start with home automation? - Community</title>";
  if (!description.empty()) html += "<meta name='description' content='" + std::string(description) + "'>";
  html += "</head><body><div id='app'>" + std::string(visible) +
          "</div><script>window.bootstrap({posts: []});</script></body></html>";
  return html;
}

TEST_CASE("a shell page's declared description is its content; a page with text of its own keeps none") {
  const std::string description =
      "I have nothing smart in my flat in Norway yet and want to start with a camera, a door alarm "
      "and a sensor in the living room. Which hub should I buy first, and where can I get it at a "
      "fair price?";
  pith::Document shell = pith::extract(shell_page(description, "<h1>How do I start?</h1>"));
  CHECK(shell.has_main_content());
  CHECK(contains(shell.text, "Which hub should I buy first"));
  // No description, or one too short to say anything: nothing to show.
  CHECK_FALSE(pith::extract(shell_page("", "<h1>How do I start?</h1>")).has_main_content());
  CHECK_FALSE(pith::extract(shell_page("Ask the community about home automation: hubs, sensors, cameras.",
                                       "<h1>How do I start?</h1>"))
                  .has_main_content());
  // A page showing text of its own (an error message, a menu) is read from
  // its markup: its description (often the site's) is not its content.
  std::string menu = "<h1>Page not found</h1><p>The page you asked for does not exist.</p><ul>";
  for (const char* item : {"Home", "Forum", "Categories", "Latest", "Top", "Help", "About", "Contact us",
                           "Privacy policy", "Terms of service", "Guidelines", "Sign up"})
    menu += "<li><a href='/" + std::string(item) + "'>" + item + "</a></li>";
  menu += "</ul>";
  CHECK_FALSE(contains(pith::extract(shell_page(description, menu)).text, "Which hub should I buy first"));
}

namespace {

// A product's description (long enough not to be retried) above a longer
// run of dated reviews, in one container.
std::string product_with_reviews() {
  std::string html =
      "<html><body><div class='x3'><h1>Trail 25 pack</h1><p>A light day pack with room for a "
      "jacket, lunch and water, and pockets for the small things.</p>" +
      paragraph(1) + paragraph(2) + paragraph(3) + paragraph(4) + paragraph(5) + "<ul>";
  for (int i = 0; i < 8; ++i)
    html += "<li><time datetime='2024-03-0" + std::to_string(i + 1) +
            "'>March 2024</time><p>Review number " + std::to_string(i) +
            ": the straps are comfortable, the hip belt holds, and the side pockets fit a "
            "bottle, though the zip is stiff at first.</p></li>";
  html += "</ul></div></body></html>";
  return html;
}

std::string text_of(const std::vector<pith::Block>& blocks) {
  std::string text;
  for (const pith::Block& b : blocks) text += b.text + "\n";
  return text;
}

}  // namespace

TEST_CASE("a product page's reviews are pruned however long they run") {
  pith::dom::Dom dom = pith::dom::build_dom(product_with_reviews());
  pith::extraction::ContentOptions options;
  const std::string kept = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(kept, "Review number 7"));  // most of the selection: kept, as a forum's posts
  options.reviews_are_clutter = true;
  const std::string pruned = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(pruned, "A light day pack"));
  CHECK_FALSE(contains(pruned, "Review number"));
}

namespace {

// A product's description, and its customer reviews in a section named for
// them (and for content), undated: no list a thread would make; one more
// review marked by its schema.org property. The theme names the <body> for
// its template.
std::string product_with_named_reviews() {
  std::string html =
      "<html><body class='single-product-reviews-01'><div class='product'><h1>Trail 25 pack</h1><div class='description'><p>A light "
      "day pack with room for a jacket, lunch and water, and pockets for the small things.</p>" +
      paragraph(1) + paragraph(2) + "</div><div class='product-reviews-content'><h2>Reviews</h2>";
  for (int i = 0; i < 3; ++i)
    html += "<div class='entry'><p>Customer " + std::to_string(i) +
            " writes that the straps are comfortable, the hip belt holds, and the side pockets fit a "
            "bottle, though the zip is stiff at first and the colour is darker than shown.</p></div>";
  html += "</div><div itemprop='review'><p>Customer 3 writes that it is the best pack they have owned, "
          "light and strong, and that it has been up four mountains this summer without a tear.</p></div>"
          "</div></body></html>";
  return html;
}

}  // namespace

TEST_CASE("a product page's reviews stay out whatever else they are named") {
  pith::dom::Dom dom = pith::dom::build_dom(product_with_named_reviews());
  pith::extraction::ContentOptions options;
  const std::string kept = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(kept, "Customer 2 writes"));  // a review article's are its content
  CHECK(contains(kept, "Customer 3 writes"));
  options.reviews_are_clutter = true;
  const std::string product = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(product, "A light day pack"));
  CHECK(contains(product, "Paragraph 2 of the story"));
  CHECK_FALSE(contains(product, "Customer"));
}

namespace {

// A product's description and its specification: rows of a label and a
// value, each row two paragraphs in a <div> of one design; one value is a
// link (a row of links is no specification).
std::string product_with_spec_rows() {
  std::string html =
      "<html><body><div class='product'><h1>Percale sheet set</h1><p>Crisp, cool and matte, woven from "
      "long-staple cotton for a bed that breathes through the warmest nights of the year.</p>" +
      paragraph(1) + paragraph(2) + paragraph(3) + paragraph(4) + paragraph(5) + "<div class='specs'>";
  const char* rows[][2] = {{"Fabric", "100% cotton"}, {"Thread count", "270 TC"}, {"Weight", "140 GSM"}};
  for (const auto& row : rows)
    html += std::string("<div class='row'><p class='label'>") + row[0] + "</p><p class='value'>" + row[1] +
            "</p></div>";
  html += "<div class='row'><p class='label'>Care</p><p class='value'><a href='/care'>Guide</a></p></div>";
  html += "</div></div></body></html>";
  return html;
}

}  // namespace

TEST_CASE("a product page's label and value rows are its specification") {
  pith::dom::Dom dom = pith::dom::build_dom(product_with_spec_rows());
  pith::extraction::ContentOptions options;
  const std::string other = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(other, "Crisp, cool and matte"));
  CHECK_FALSE(contains(other, "270 TC"));  // elsewhere, short lines are decoration
  options.reviews_are_clutter = true;      // a product page
  const std::string product = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(product, "Thread count\n270 TC"));
  CHECK(contains(product, "Fabric\n100% cotton"));
  CHECK_FALSE(contains(product, "Guide"));
}

namespace {

// The story and its sidebar in one wrapper the theme names for the sidebar,
// and a list of other posts under it, outside.
std::string story_in_sidebar_layout() {
  std::string html =
      "<html><body><div class='sidebar-container'><aside><a href='/a'>Topics</a> <a href='/b'>Archive</a>"
      "</aside><div class='lr-content'><h2>Testing setup</h2>";
  for (int i = 0; i < 8; ++i) html += paragraph(i);
  html += "</div></div><div class='post-list'>";
  for (int i = 0; i < 6; ++i)
    html += "<div class='card'><h4><a href='/p" + std::to_string(i) + "'>Another post " + std::to_string(i) +
            "</a></h4><p>Learn how to do one more thing with this tool, from the first step to the last, "
            "with examples and the mistakes to avoid.</p></div>";
  html += "</div></body></html>";
  return html;
}

}  // namespace

TEST_CASE("a wrapper named for the sidebar it holds beside the story is not removed for its name") {
  pith::Document doc = pith::extract(story_in_sidebar_layout());
  CHECK(contains(doc.text, "Paragraph 0 of the story"));
  CHECK(contains(doc.text, "Paragraph 7 of the story"));
  CHECK_FALSE(contains(doc.text, "Archive"));
}

namespace {

// An events page: a few paragraphs, then `rows` events, each a card with a
// linked heading and when and by whom (about half its text a link)
// or, `bare`, with the linked heading alone.
std::string events_page(int rows, bool bare) {
  static const char* const kGuides[] = {"Anna", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hugo"};
  std::string html = "<html><body><nav><a href='/'>Home</a> <a href='/events'>Events</a></nav>"
                     "<div class='page'><h1>Events this spring</h1>";
  for (int i = 0; i < 6; ++i) html += paragraph(i);
  for (int i = 0; i < rows; ++i) {
    const std::string guide = kGuides[i % 8];
    html += "<div class='event'><h3><a href='/e" + std::to_string(i) +
            "'>Guided harbour walk along the old docks with " + guide + "</a></h3>";
    if (!bare)
      html += "<div class='when'>Saturday morning at the pier gate, told by " + guide + "</div>";
    html += "</div>";
  }
  html += "</div><footer>Contact · Privacy</footer></body></html>";
  return html;
}

}  // namespace

TEST_CASE("the cards of a run that holds much of the content are not link lists") {
  // Each card is a linked heading with a line of its own: over the link
  // density of a link list, but the run of cards is half of the content.
  pith::Document rows = pith::extract(events_page(8, false));
  CHECK(contains(rows.text, "Paragraph 5 of the story"));
  CHECK(contains(rows.text, "old docks with Anna"));
  CHECK(contains(rows.text, "old docks with Hugo"));
  CHECK(contains(rows.text, "told by Hugo"));
  // Links alone are a list of links, however much of the content they hold.
  pith::Document links = pith::extract(events_page(8, true));
  CHECK(contains(links.text, "Paragraph 5 of the story"));
  CHECK_FALSE(contains(links.text, "old docks with Anna"));
  // Three cards are no run.
  pith::Document few = pith::extract(events_page(3, false));
  CHECK(contains(few.text, "Paragraph 5 of the story"));
  CHECK_FALSE(contains(few.text, "old docks with Anna"));
}

TEST_CASE("a short section title with an edit link beside it is not a link list") {
  // MediaWiki's "Course [edit]": four of ten characters are a link.
  auto heading_module = [](std::string_view title) {
    return "<div class='mw-heading mw-heading2'><h2 id='" + std::string(title) + "'>" + std::string(title) +
           "</h2><span class='mw-editsection'><span class='mw-editsection-bracket'>[</span><a "
           "href='/w/index.php?action=edit' title='Edit section'>edit</a><span "
           "class='mw-editsection-bracket'>]</span></span></div>";
  };
  pith::Document doc = pith::extract("<html><body><div id='content'><h1>River</h1><div class='body'>" + paragraph(1) +
                                     heading_module("Course") + paragraph(2) + paragraph(3) + heading_module("History") +
                                     paragraph(4) + paragraph(5) + "</div></div></body></html>");
  CHECK(contains(doc.text, "Course\n"));
  CHECK(contains(doc.text, "History\n"));
  CHECK_FALSE(contains(doc.text, "edit"));
  // A heading over links alone is still a list of links.
  pith::Document related = pith::extract(
      "<html><body><main>" + paragraph(1) + paragraph(2) + paragraph(3) +
      "<div><h3>More</h3><a href='/a'>Another story here</a> <a href='/b'>And one more</a></div></main></body></html>");
  CHECK_FALSE(contains(related.text, "Another story"));
}

TEST_CASE("a heading's parts and a list item's paragraph are not containers too short to keep") {
  // Documentation sites set a heading's "#" anchor and its title in a <div>
  // each, and a list item's text in a <p> in a <div>: both shorter than a
  // container worth keeping, but parts of the heading and of the item.
  auto page = [](std::string_view heading, std::string_view item) {
    return "<html><body><main><h1>Guide</h1>" + paragraph(1) + std::string(heading) + paragraph(2) + "<ul>" +
           std::string(item) + "<li>Another item of the list</li></ul>" + paragraph(3) + paragraph(4) +
           paragraph(5) + paragraph(6) + "</main></body></html>";
  };
  pith::Document wrapped = pith::extract(
      page("<h2><div><a href='#setup' aria-label='Link to heading'></a></div><div>Setup</div></h2>",
           "<li><div><p>Side bar</p></div></li>"));
  CHECK(contains(wrapped.text, "Setup\n"));
  CHECK(contains(wrapped.text, "Side bar"));
  // The same text set plainly: the same output.
  pith::Document plain = pith::extract(page("<h2>Setup</h2>", "<li>Side bar</li>"));
  CHECK(wrapped.text == plain.text);
  // A short wrapper outside headings and items is still too short to keep.
  pith::Document label = pith::extract(page("<h2>Setup</h2><div><span>Advertisement</span></div>", "<li>Side bar</li>"));
  CHECK_FALSE(contains(label.text, "Advertisement"));
}

TEST_CASE("a one-line command in a code block's wrapper is not a container too short to keep") {
  // Documentation sites wrap each code block with its "Copy" button: the
  // wrapper's text is the command alone, as short as a label.
  auto page = [](std::string_view block) {
    return "<html><body><main><h1>Install</h1>" + paragraph(1) + paragraph(2) + std::string(block) + paragraph(3) +
           paragraph(4) + paragraph(5) + paragraph(6) + "</main></body></html>";
  };
  pith::Document wrapped = pith::extract(
      page("<div class='codeblock'><button type='button'>Copy</button><pre><code>$ npm i left-pad</code></pre></div>"));
  CHECK(contains(wrapped.text, "$ npm i left-pad"));
  CHECK_FALSE(contains(wrapped.text, "Copy"));
  // A short wrapper of inline text is still too short to keep.
  pith::Document label = pith::extract(page("<div class='x'><span>Advertisement</span></div>"));
  CHECK_FALSE(contains(label.text, "Advertisement"));
}

TEST_CASE("a page builder's heading widget is part of the content") {
  // Page builders wrap every block, headings too, in a "widget": the
  // heading has no sentence to show it is prose, but it is the article's.
  auto heading_widget = [](std::string_view title) {
    return "<div class='elementor-widget elementor-widget-heading'><div class='elementor-widget-container'><h3>" +
           std::string(title) + "</h3></div></div>";
  };
  pith::Document doc = pith::extract("<html><body><main><h1>Credit</h1>" + paragraph(1) + paragraph(2) +
                                     heading_widget("Track your score regularly") + paragraph(3) + paragraph(4) +
                                     heading_widget("Pay on time") + paragraph(5) + paragraph(6) + "</main></body></html>");
  CHECK(contains(doc.text, "Track your score regularly\n"));
  CHECK(contains(doc.text, "Pay on time\n"));
  // A widget of links under a heading is still a list of links.
  pith::Document links = pith::extract(
      "<html><body><main><h1>Credit</h1>" + paragraph(1) + paragraph(2) + paragraph(3) + paragraph(4) +
      "<div class='widget'><h3>Recent posts</h3><a href='/a'>A first post title</a> <a href='/b'>A second post "
      "title</a> <a href='/c'>A third post title</a></div>" + paragraph(5) + "</main></body></html>");
  CHECK_FALSE(contains(links.text, "Recent posts"));
}

namespace {

// A course catalogue: paragraphs of introduction, then a grid of cards,
// each a picture, a level badge and its author's portrait, a linked title
// and a line of its own.
std::string course_grid_page() {
  std::string html = "<html><body><nav><a href='/'>Home</a> <a href='/blog'>Blog</a></nav><main>"
                     "<h1>Courses</h1>" + paragraph(1) + paragraph(2) + paragraph(3) +
                     paragraph(4) + paragraph(5) + "<div class='grid'>";
  for (int i = 0; i < 6; ++i)
    html += "<div class='card'><img src='/c" + std::to_string(i) + ".png'><img src='/level.svg'>"
            "<img src='/author" + std::to_string(i) + ".jpg'><h3><a href='/learn/" +
            std::to_string(i) + "'>Learn topic " + std::to_string(i) +
            "</a></h3><span>A course on topic " + std::to_string(i) +
            " from the first steps to expert level, with exercises and a project at the end of each module.</span></div>";
  html += "</div></main><footer>About · Contact</footer></body></html>";
  return html;
}

}  // namespace

TEST_CASE("a grid of cards that holds much of the content is not a gallery, but on an article") {
  pith::dom::Dom dom = pith::dom::build_dom(course_grid_page());
  pith::extraction::ContentOptions options;
  options.teasers_are_clutter = false;  // the page-type model's call on a non-article
  const std::string catalogue = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(catalogue, "Paragraph 1 of the story"));
  CHECK(contains(catalogue, "A course on topic 0 from the first steps"));
  CHECK(contains(catalogue, "A course on topic 5 from the first steps"));
  // On an article, pictures with a line each are the teasers around the story.
  options.teasers_are_clutter = true;
  const std::string article = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(article, "Paragraph 1 of the story"));
  CHECK_FALSE(contains(article, "A course on topic 0"));
}

TEST_CASE("a teaser whose title link was pruned as a link list still opens with a link") {
  // "Also in the news" after the story: each teaser a category label, its
  // linked title (pruned first, as a list of links), a date and an excerpt.
  std::string html = "<html><body><div class='story'><h1>Harbour ferries</h1>";
  for (int i = 0; i < 24; ++i) html += paragraph(i);
  html += "<div class='more'><div class='label'>ALSO IN THE NEWS</div>";
  for (const char* town : {"Kingstown", "Layou", "Barrouallie", "Georgetown", "Calliaqua"})
    html += "<article class='teaser'><a href='/n/" + std::string(town) + "'><div class='thumb'><img src='/" +
            town + ".jpg' alt='Ferry'></div></a><div class='content'><div class='content_header'><div "
            "class='category'>Front Page</div></div><div class='title'> <a href='/n/" + town +
            "'>Ferry operator of " + town + " changes its timetable</a> </div><div class='author'>Webmaster</div>"
            "<div class='date'><div class='date_part'>December 19, 2025</div></div><div class='body'>THE "
            "OPERATOR said on Monday that the later boats to " + town +
            ", which ran since spring, will stop in December...</div></div></article>";
  html += "</div></div><div class='foot'>About us</div></body></html>";
  pith::dom::Dom dom = pith::dom::build_dom(html);
  pith::extraction::ContentOptions options;  // an article: teasers are clutter
  const std::string kept = text_of(pith::extraction::extract_content(dom, options));
  CHECK(contains(kept, "Paragraph 5 of the story"));
  CHECK_FALSE(contains(kept, "will stop in December"));
}
