// Links and images as data (src/media/, dom/image_source.cpp) and the page's
// writing direction.
#include <doctest/doctest.h>

#include <string>

#include "dom/image_source.hpp"
#include "pith/pith.hpp"
#include "pith/render.hpp"

namespace {

using pith::dom::largest_candidate;

// A page whose article is surely the content, with `inside` in it and
// `outside` in a navigation bar before it.
std::string page(const std::string& inside, const std::string& outside = {}, const std::string& html_attrs = {}) {
  return "<html" + html_attrs + "><head><title>T</title></head><body><nav>" + outside +
         "</nav><article><h1>Headline</h1><p>The first paragraph of the article has enough words to count as "
         "content, and it goes on for a while to be sure of that.</p>" +
         inside +
         "<p>The closing paragraph of the article also has enough words to count as content, without a "
         "doubt.</p></article></body></html>";
}

pith::Document extract(const std::string& html, bool links, bool images) {
  pith::Options options;
  options.url = "https://x.example/news/a.html";
  options.links = links;
  options.images = images;
  return pith::extract(html, options);
}

}  // namespace

TEST_CASE("srcset: the largest candidate by width, or by density") {
  CHECK(largest_candidate("s.jpg 320w, l.jpg 1280w, m.jpg 640w") == "l.jpg");
  CHECK(largest_candidate("a.jpg, b.jpg 2x, c.jpg 1.5x") == "b.jpg");
  CHECK(largest_candidate("  one.jpg  ") == "one.jpg");
  // A comma inside an address (an image CDN's parameters) stays in it.
  CHECK(largest_candidate("https://cdn.example/w_100,h_50/a.jpg 100w, https://cdn.example/w_800,h_400/a.jpg 800w") ==
        "https://cdn.example/w_800,h_400/a.jpg");
  CHECK(largest_candidate("data:image/gif;base64,R0lGOD 1x") == "");
  CHECK(largest_candidate("") == "");
  CHECK(largest_candidate(" , ,") == "");
}

TEST_CASE("images: lazy addresses, the largest srcset candidate, caption and stated size") {
  const pith::Document doc = extract(
      page("<figure><img src='data:image/gif;base64,R0lGOD' data-src='/img/cat.jpg' alt='A cat' width='640' "
           "height='480'><noscript><img src='/img/cat.jpg' alt='A cat'></noscript>"
           "<figcaption> The cat, asleep. </figcaption></figure>"
           "<p><img srcset='/s.jpg 320w, /l.jpg 1280w' src='/s.jpg' alt='Sizes'> A paragraph with an image at "
           "its start, long enough to be kept.</p>"),
      false, true);
  REQUIRE(doc.images.size() == 2);  // the <noscript> copy is the same image
  CHECK(doc.images[0].url == "https://x.example/img/cat.jpg");
  CHECK(doc.images[0].alt == "A cat");
  CHECK(doc.images[0].caption == "The cat, asleep.");
  CHECK(doc.images[0].width == 640);
  CHECK(doc.images[0].height == 480);
  CHECK(doc.images[1].url == "https://x.example/l.jpg");
  CHECK(doc.images[1].caption.empty());
  CHECK(doc.images[1].width == 0);
  // A <picture> whose <img> has nothing but a placeholder: its <source>.
  const pith::Document picture = extract(
      page("<p><picture><source type='image/webp' data-srcset='/p-400.webp 400w, /p-800.webp 800w'>"
           "<img src='data:image/gif;base64,R0lGOD' alt='P'></picture>A paragraph with a picture at its start, "
           "long enough to be kept.</p>"),
      false, true);
  REQUIRE(picture.images.size() == 1);
  CHECK(picture.images[0].url == "https://x.example/p-800.webp");
  // The same image in Markdown, where it stands; its caption, a photo's, is
  // in the text only when the attempt kept it (the retries without clutter
  // names do; which attempt a page this small gets moves with the models).
  pith::RenderOptions images;
  images.images = true;
  const std::string md = pith::render(doc, pith::Format::markdown, images);
  CHECK(md.find("![A cat](https://x.example/img/cat.jpg) ") != std::string::npos);
  CHECK(md.find("![Sizes](https://x.example/l.jpg) A paragraph") != std::string::npos);
  // Not asked for: not collected.
  CHECK(extract(page("<p><img src='/a.jpg' alt='x'>Text here with enough words to be kept as well.</p>"), false, false)
            .images.empty());
}

TEST_CASE("links: every link of the page, absolute, marked when inside the content") {
  const pith::Document doc =
      extract(page("<p>See the <a href='../guide'>guide</a> and <a href='javascript:go()'>this</a>, "
                   "and more words to make this paragraph long enough.</p>",
                   "<a href='/'>Home</a><a href='../guide'>guide</a>"),
              true, false);
  REQUIRE(doc.links.size() == 3);  // javascript: is no address
  CHECK(doc.links[0].url == "https://x.example/");
  CHECK(doc.links[0].text == "Home");
  CHECK_FALSE(doc.links[0].in_content);
  // Two links with one address and one text: one of them is the content's.
  CHECK(doc.links[1].url == "https://x.example/guide");
  CHECK(doc.links[2].url == "https://x.example/guide");
  CHECK(doc.links[1].in_content + doc.links[2].in_content == 1);
}

TEST_CASE("direction: <html dir>, <body dir> over it, else the content's") {
  CHECK(extract(page("", "", " dir='rtl'"), false, false).direction == pith::Direction::rtl);
  CHECK(extract("<html dir=rtl><body dir=ltr><article><p>" + std::string(300, 'x') + "</p></article></body></html>",
                false, false)
            .direction == pith::Direction::ltr);
  // An article that states it; a small quote that does is not the page's.
  CHECK(extract("<html><body><article dir=rtl><h1>H</h1><p>" + std::string(300, 'x') + "</p><p>y</p></article>"
                "</body></html>",
                false, false)
            .direction == pith::Direction::rtl);
  CHECK(extract(page("<blockquote dir=rtl>q</blockquote>"), false, false).direction == pith::Direction::unstated);
  CHECK(extract(page("", "", " dir='auto'"), false, false).direction == pith::Direction::unstated);
  CHECK(extract(page(""), false, false).direction == pith::Direction::unstated);
  CHECK(std::string(pith::direction_name(pith::Direction::rtl)) == "rtl");
}
