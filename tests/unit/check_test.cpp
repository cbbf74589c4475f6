// Tests for `pith check` and `pith fixture new`'s logic (src/check/): fixture
// loading, gzip pages, the line diff, the generic metadata comparer, running,
// --update, the reports and snapshots. Fixtures are built in temporary folders.
#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "check/fixture.hpp"
#include "check/gzip.hpp"
#include "check/line_diff.hpp"
#include "check/metadata.hpp"
#include "check/report.hpp"
#include "check/run.hpp"
#include "check/snapshot.hpp"
#include "check/update.hpp"
#include "compressors.hpp"

namespace fs = std::filesystem;
using namespace pith::check;

namespace {

// A folder of its own under the system temp dir, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() /
            ("pith-check-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

constexpr const char* kArticle = R"(<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Harbour ferry returns after a winter of repairs</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<article>
<h1>Harbour ferry returns after a winter of repairs</h1>
<p>The harbour ferry will carry passengers again from Monday, after four months in dry dock while its hull, engines and ramps were repaired, the port authority said on Thursday.</p>
<p>Engineers replaced both propeller shafts and rebuilt the boarding ramp, which had been damaged in a storm in November, and the vessel passed its safety inspection last week.</p>
<p>Commuters who used the replacement bus service during the winter said the crossing, which takes twelve minutes, would save them close to an hour every day.</p>
</article>
<footer>Copyright 2026 Harbour Courier. All rights reserved.</footer>
</body></html>)";

constexpr const char* kExpected =
    "Harbour ferry returns after a winter of repairs\n\n"
    "The harbour ferry will carry passengers again from Monday, after four months in dry dock while its hull, "
    "engines and ramps were repaired, the port authority said on Thursday.\n\n"
    "Engineers replaced both propeller shafts and rebuilt the boarding ramp, which had been damaged in a storm "
    "in November, and the vessel passed its safety inspection last week.\n\n"
    "Commuters who used the replacement bus service during the winter said the crossing, which takes twelve "
    "minutes, would save them close to an hour every day.\n";

using pith::test::gzip;

// A fixture folder with the article page and the given files.
FixtureLocation make_fixture(const fs::path& parent, const std::string& name, const std::string& spec,
                             const std::string& expected = kExpected) {
  fs::path dir = parent / name;
  fs::create_directories(dir);
  write_file(dir / "page.html", kArticle);
  write_file(dir / "expected.txt", expected);
  if (!spec.empty()) write_file(dir / "fixture.json", spec);
  return {name, dir};
}

}  // namespace

TEST_CASE("fixture.json: defaults, every option, unknown keys reported, bad values refused") {
  FixtureSpec defaults = parse_spec(nlohmann::json::object());
  CHECK(defaults.f1_floor == 1.0);
  CHECK(defaults.max_tokens == 60);
  CHECK_FALSE(defaults.expect_no_content);

  FixtureSpec spec = parse_spec(nlohmann::json::parse(R"({
    "url": "https://x.example/a", "charset": "gbk", "content_type": "text/html; charset=gbk",
    "mode": "precision", "f1_floor": 0.8, "must_contain": ["a"], "must_not_contain": ["b", "c"],
    "expect_no_content": true, "max_tokens": 200, "known_leaks": ["d"], "known_misses": ["e"],
    "descripton": "typo"})"));
  CHECK(spec.url == "https://x.example/a");
  CHECK(spec.charset == "gbk");
  CHECK(spec.content_type == "text/html; charset=gbk");
  CHECK(spec.mode == "precision");
  CHECK(spec.f1_floor == doctest::Approx(0.8));
  CHECK(spec.must_not_contain.size() == 2);
  CHECK(spec.max_tokens == 200);
  CHECK(spec.known_misses == std::vector<std::string>{"e"});
  CHECK(spec.unknown_keys == std::vector<std::string>{"descripton"});

  pith::Options options = extract_options(spec);
  CHECK(options.charset == "gbk");
  CHECK(options.content_type == "text/html; charset=gbk");

  CHECK_THROWS_AS(parse_spec(nlohmann::json::parse(R"({"f1_floor": "high"})")), FixtureError);
  CHECK_THROWS_AS(parse_spec(nlohmann::json::parse(R"({"must_contain": "one"})")), FixtureError);
  CHECK_THROWS_AS(parse_spec(nlohmann::json::parse(R"({"mode": "fast"})")), FixtureError);
  CHECK_THROWS_AS(parse_spec(nlohmann::json::parse(R"({"f1_floor": 1.5})")), FixtureError);
  CHECK_THROWS_AS(parse_spec(nlohmann::json::parse("[1]")), FixtureError);
}

TEST_CASE("fixture.json: mode reaches Options::focus when pith has that option") {
  FixtureSpec spec;
  spec.mode = "recall";
  pith::Options options = extract_options(spec);
  // Generic lambda: the check compiles whether or not Options has a focus.
  [](auto& o) {
    if constexpr (requires { o.focus; }) CHECK(o.focus == decltype(o.focus)::recall);
  }(options);
  spec.mode = "";
  CHECK_NOTHROW(extract_options(spec));
}

TEST_CASE("gzip: round trip, corrupt and truncated data refused, inflation capped") {
  std::string page(100000, 'x');
  std::string packed = gzip(page);
  CHECK(is_gzip(packed));
  CHECK_FALSE(is_gzip(page));
  CHECK(gunzip(packed, 1 << 20) == page);
  CHECK_THROWS_AS(gunzip(packed.substr(0, packed.size() / 2), 1 << 20), std::runtime_error);
  std::string corrupt = packed;
  corrupt[20] = static_cast<char>(corrupt[20] ^ 0x55);
  CHECK_THROWS_AS(gunzip(corrupt, 1 << 20), std::runtime_error);
  CHECK_THROWS_AS(gunzip(packed, 1000), std::runtime_error);  // 100 KB from 1 KB-ish: a bomb
}

TEST_CASE("line diff: missing and extra lines, white space and order ignored, repeats counted") {
  LineDiff d = diff_lines("alpha\n\nbeta  gamma\ndelta\nrepeat\nrepeat\n", "beta gamma\n  alpha\nnew line\nrepeat\n");
  CHECK(d.missing == std::vector<std::string>{"delta", "repeat"});
  CHECK(d.extra == std::vector<std::string>{"new line"});
  CHECK(diff_lines("a\nb\n", "b\na\n").empty());

  LineDiff many;
  for (int i = 0; i < 5; ++i) many.missing.push_back("line " + std::to_string(i));
  many.extra = {"Ελληνικά κείμενα"};
  std::vector<std::string> rows = compact_diff(many, 2, 4);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0] == "- line…");
  CHECK(rows[2] == "- … 3 more missing lines");
  CHECK(rows[3] == "+ Ελλη…");  // cut between characters, never inside one
}

TEST_CASE("metadata: any key of expected.json, at top level or under metadata") {
  OrderedJson document = OrderedJson::parse(R"({"title": "A  title", "language": "en", "text": "...",
      "metadata": {"author": "Ana Lima", "date_published": "2026-05-01", "word_count": 412,
                   "tags": ["ferries", "port"]}})");
  CHECK(find_field(document, "author")->get<std::string>() == "Ana Lima");
  CHECK(find_field(document, "nothing") == nullptr);

  OrderedJson expected = OrderedJson::parse(R"({"title": "A title", "author": "Ana Lima",
      "word_count": 412, "tags": ["ferries", "port"]})");
  CHECK(compare_fields(expected, document).empty());  // title matches with white space collapsed

  OrderedJson wrong = OrderedJson::parse(R"({"author": "Rui Lima", "date_published": "2026-05-02",
      "site_name": "Courier", "word_count": 400})");
  std::vector<FieldMismatch> mismatches = compare_fields(wrong, document);
  REQUIRE(mismatches.size() == 4);
  CHECK(mismatches[0].field == "author");
  CHECK(describe(mismatches[0]) == "author: expected \"Rui Lima\", got \"Ana Lima\"");
  CHECK_FALSE(mismatches[2].actual.has_value());
  CHECK(describe(mismatches[2]) == "site_name: expected \"Courier\", the document has no such field");

  OrderedJson updated = updated_fields(wrong, document);
  CHECK(updated["author"] == "Ana Lima");
  CHECK(updated["site_name"] == "Courier");  // the document lacks it: left for a person
  CHECK(updated.size() == 4);

  OrderedJson recorded = snapshot_fields(document);
  CHECK(recorded["title"] == "A  title");
  CHECK(recorded["author"] == "Ana Lima");
  CHECK(recorded["tags"].size() == 2);
  CHECK_FALSE(recorded.contains("text"));
  CHECK_FALSE(recorded.contains("metadata"));
}

TEST_CASE("find_fixtures: nested folders, a fixture given itself, hidden folders skipped") {
  TempDir tmp;
  make_fixture(tmp.path(), "b-news", "");
  make_fixture(tmp.path() / "group", "a-blog", "");
  make_fixture(tmp.path(), ".hidden", "");
  fs::create_directories(tmp.path() / "empty");
  std::vector<FixtureLocation> found = find_fixtures(tmp.path());
  REQUIRE(found.size() == 2);
  CHECK(found[0].name == "b-news");
  CHECK(found[1].name == "group/a-blog");

  std::vector<FixtureLocation> one = find_fixtures(tmp.path() / "b-news");
  REQUIRE(one.size() == 1);
  CHECK(one[0].name == "b-news");
  CHECK(find_fixtures(tmp.path() / "empty").empty());
  CHECK_THROWS_AS(find_fixtures(tmp.path() / "absent"), std::runtime_error);
}

TEST_CASE("run_fixture: a matching page passes with F1 1") {
  TempDir tmp;
  FixtureResult r = run_fixture(make_fixture(tmp.path(), "ferry", R"({"must_contain": ["twelve minutes"],
      "must_not_contain": ["All rights reserved"]})"));
  CHECK(r.error.empty());
  CHECK(r.passed());
  CHECK(r.score.f1 == doctest::Approx(1.0));
  CHECK(r.snippets_checked == 2);
  CHECK(r.document["title"] == "Harbour ferry returns after a winter of repairs");
  CHECK(r.diff.empty());
}

TEST_CASE("run_fixture: one broken expected line fails the default floor, with a diff") {
  TempDir tmp;
  std::string broken = kExpected;
  broken.replace(broken.find("Engineers replaced"), 18, "Divers inspected");
  FixtureResult r = run_fixture(make_fixture(tmp.path(), "ferry", "", broken));
  CHECK_FALSE(r.passed());
  CHECK(r.score.f1 < 1.0);
  REQUIRE(r.text_failures.size() == 1);
  CHECK(r.text_failures[0].find("below floor 1.00") != std::string::npos);
  REQUIRE(r.diff.missing.size() == 1);
  CHECK(r.diff.missing[0].starts_with("Divers inspected"));
  REQUIRE(r.diff.extra.size() == 1);
  CHECK(r.diff.extra[0].starts_with("Engineers replaced"));

  // A floor set below the drift lets it pass.
  write_file(tmp.path() / "ferry" / "fixture.json", R"({"f1_floor": 0.5})");
  CHECK(run_fixture({"ferry", tmp.path() / "ferry"}).passed());
}

TEST_CASE("run_fixture: snippets, known leaks and misses, metadata mismatches") {
  TempDir tmp;
  FixtureLocation f = make_fixture(tmp.path(), "ferry", R"({"f1_floor": 0.9,
      "must_contain": ["a sentence the page does not have"], "must_not_contain": ["propeller   shafts"],
      "known_leaks": ["Copyright 2026"], "known_misses": ["dry dock"]})");
  write_file(f.dir / "expected.json", R"({"title": "Another title", "language": "en", "author": "Nobody"})");
  FixtureResult r = run_fixture(f);
  CHECK_FALSE(r.passed());
  CHECK(r.text_failures.empty());
  REQUIRE(r.snippet_failures.size() == 2);
  CHECK(r.snippet_failures[0] == "missing: \"a sentence the page does not have\"");
  CHECK(r.snippet_failures[1] == "leaked: \"propeller   shafts\"");
  CHECK(r.fields_checked == 3);
  REQUIRE(r.field_mismatches.size() == 2);  // title and author; language matches
  CHECK(r.field_mismatches[0].field == "title");
  CHECK_FALSE(r.field_mismatches[1].actual.has_value());
  REQUIRE(r.notes.size() == 2);
  CHECK(r.notes[0].find("known leak now fixed") != std::string::npos);  // the footer is not extracted
  CHECK(r.notes[1].find("known miss now fixed") != std::string::npos);  // "dry dock" is extracted
}

TEST_CASE("run_fixture: a metadata mismatch alone fails without a text diff") {
  TempDir tmp;
  FixtureLocation f = make_fixture(tmp.path(), "ferry", "", "Harbour ferry returns after a winter of repairs\n");
  write_file(f.dir / "fixture.json", R"({"f1_floor": 0.1})");
  write_file(f.dir / "expected.json", R"({"language": "fr"})");
  FixtureResult r = run_fixture(f);
  CHECK_FALSE(r.passed());
  CHECK(r.text_failures.empty());
  CHECK(r.field_mismatches.size() == 1);
  CHECK(r.diff.empty());  // the text differs, but that is not why it failed
}

TEST_CASE("run_fixture: expect_no_content caps the tokens, and F1 counts when expected.txt is there") {
  TempDir tmp;
  FixtureLocation few = make_fixture(tmp.path(), "a", R"({"expect_no_content": true, "max_tokens": 500})");
  fs::remove(few.dir / "expected.txt");
  FixtureResult r = run_fixture(few);
  CHECK(r.passed());
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].find("no main content expected") != std::string::npos);

  FixtureResult many = run_fixture(make_fixture(tmp.path(), "b", R"({"expect_no_content": true, "max_tokens": 10})"));
  CHECK_FALSE(many.passed());
  REQUIRE(many.text_failures.size() == 1);
  CHECK(many.text_failures[0].find("expected no main content") != std::string::npos);

  FixtureResult drifted = run_fixture(make_fixture(tmp.path(), "c", R"({"expect_no_content": true, "max_tokens": 500})", "Teaser\n"));
  CHECK_FALSE(drifted.passed());
  REQUIRE(drifted.text_failures.size() == 1);
  CHECK(drifted.text_failures[0].find("below floor") != std::string::npos);
}

TEST_CASE("run_fixture: gzipped pages, and broken fixtures fail without stopping the run") {
  TempDir tmp;
  FixtureLocation zipped = make_fixture(tmp.path(), "zipped", "");
  fs::remove(zipped.dir / "page.html");
  write_file(zipped.dir / "page.html.gz", gzip(kArticle));

  FixtureLocation bad_json = make_fixture(tmp.path(), "bad-json", "{\"f1_floor\": ");
  FixtureLocation no_expected = make_fixture(tmp.path(), "no-expected", "");
  fs::remove(no_expected.dir / "expected.txt");
  FixtureLocation empty_page = make_fixture(tmp.path(), "empty-page", "");
  write_file(empty_page.dir / "page.html", "");

  std::vector<FixtureResult> results = run_fixtures(find_fixtures(tmp.path()), 3);
  REQUIRE(results.size() == 4);
  CHECK(results[0].name == "bad-json");
  CHECK(results[0].error.find("fixture.json is not valid JSON") != std::string::npos);
  CHECK(results[1].name == "empty-page");
  CHECK_FALSE(results[1].error.empty());
  CHECK(results[2].name == "no-expected");
  CHECK(results[2].text_failures.at(0).find("no expected.txt") != std::string::npos);
  CHECK(results[3].name == "zipped");
  CHECK(results[3].passed());
  Tally t = tally(results);
  CHECK(t.passed == 1);
  CHECK(t.failed == 3);
}

TEST_CASE("run_fixtures: any number of threads gives the same results in the same order") {
  TempDir tmp;
  for (int i = 0; i < 6; ++i)
    make_fixture(tmp.path(), "f" + std::to_string(i), "", i % 2 ? std::string(kExpected) : "Other text\n");
  std::vector<FixtureLocation> fixtures = find_fixtures(tmp.path());
  std::vector<FixtureResult> one = run_fixtures(fixtures, 1);
  std::vector<FixtureResult> four = run_fixtures(fixtures, 4);
  REQUIRE(one.size() == 6);
  REQUIRE(four.size() == 6);
  for (std::size_t i = 0; i < 6; ++i) {
    CHECK(one[i].name == four[i].name);
    CHECK(one[i].passed() == four[i].passed());
    CHECK(one[i].score.f1 == four[i].score.f1);
    CHECK(one[i].passed() == (i % 2 == 1));
  }
}

TEST_CASE("update_expected: rewrites what drifted, only that, and the fixture then passes") {
  TempDir tmp;
  FixtureLocation f = make_fixture(tmp.path(), "ferry", "", "An old expectation\n");
  write_file(f.dir / "expected.json", "{\"language\": \"en\",\n \"title\": \"Old title\"}\n");
  FixtureResult before = run_fixture(f);
  CHECK_FALSE(before.passed());

  std::vector<fs::path> written = update_expected(before);
  REQUIRE(written.size() == 2);
  CHECK(written[0].filename() == "expected.txt");
  CHECK(read_file(f.dir / "expected.txt") == expected_text_file(before.actual_text));
  OrderedJson fields = OrderedJson::parse(read_file(f.dir / "expected.json"));
  CHECK(fields["title"] == "Harbour ferry returns after a winter of repairs");
  CHECK(fields.begin().key() == "language");  // key order kept

  FixtureResult after = run_fixture(f);
  CHECK(after.passed());
  CHECK(update_expected(after).empty());  // nothing drifted: nothing written

  FixtureResult failed;
  failed.name = "x";
  failed.error = "page unreadable";
  CHECK_THROWS_AS(update_expected(failed), FixtureError);
}

TEST_CASE("reports: the table, JSON and JUnit say the same, with escaping") {
  TempDir tmp;
  make_fixture(tmp.path(), "good", "");
  make_fixture(tmp.path(), "bad<&>", R"({"must_contain": ["quote \" and <tag>"]})", "Other text\n");
  std::vector<FixtureResult> results = run_fixtures(find_fixtures(tmp.path()), 2);

  std::string table = format_table(results);
  CHECK(table.find("fixture") == 0);
  CHECK(table.find("FAIL") != std::string::npos);
  CHECK(table.find("- Other text") != std::string::npos);
  CHECK(table.find("+ Harbour ferry returns") != std::string::npos);
  CHECK(table.find("missing: \"quote \" and <tag>\"") != std::string::npos);
  CHECK(table.ends_with("1 passed, 1 failed\n"));

  OrderedJson json = results_json(results);
  CHECK(json["passed"] == 1);
  CHECK(json["failed"] == 1);
  CHECK(json["fixtures"][0]["name"] == "bad<&>");
  CHECK(json["fixtures"][0]["passed"] == false);
  CHECK(json["fixtures"][0]["missing_lines"][0] == "Other text");

  std::string xml = junit_xml(results);
  CHECK(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
  CHECK(xml.find("tests=\"2\" failures=\"1\" errors=\"0\"") != std::string::npos);
  CHECK(xml.find("name=\"bad&lt;&amp;&gt;\"") != std::string::npos);
  CHECK(xml.find("<failure message=\"F1 0.000 below floor 1.00\"") != std::string::npos);
  CHECK(xml.find("quote &quot; and &lt;tag&gt;") != std::string::npos);
  CHECK(xml.find("<tag>") == std::string::npos);
}

TEST_CASE("create_fixture: page bytes kept exactly, current output recorded, check passes") {
  TempDir tmp;
  PageSnapshot page;
  page.bytes = gzip(kArticle);
  page.url = "https://harbour.example/ferry";
  page.content_type = "text/html; charset=utf-8";
  CreatedFixture created = create_fixture(page, tmp.path(), "ferry");
  CHECK(created.dir == tmp.path() / "ferry");
  CHECK(read_file(created.dir / "page.html.gz") == page.bytes);
  CHECK_FALSE(fs::exists(created.dir / "page.html"));
  nlohmann::json spec = nlohmann::json::parse(read_file(created.dir / "fixture.json"));
  CHECK(spec["url"] == "https://harbour.example/ferry");
  CHECK(spec["content_type"] == "text/html; charset=utf-8");
  CHECK(spec["f1_floor"] == 1.0);
  CHECK(read_file(created.dir / "expected.txt").find("twelve minutes") != std::string::npos);
  OrderedJson fields = OrderedJson::parse(read_file(created.dir / "expected.json"));
  CHECK(fields["title"] == "Harbour ferry returns after a winter of repairs");
  CHECK(fields["language"] == "en");
  CHECK(created.result.passed());
  CHECK(created.files.size() == 4);

  CHECK_THROWS_AS(create_fixture(page, tmp.path(), "ferry"), FixtureError);  // exists
  CHECK_THROWS_AS(create_fixture(page, tmp.path(), "../escape"), FixtureError);
  CHECK_FALSE(valid_fixture_name(".hidden"));
  CHECK_FALSE(valid_fixture_name("a/b"));
  CHECK(valid_fixture_name("news-2026_05.v2"));

  PageSnapshot empty;
  CHECK_THROWS_AS(create_fixture(empty, tmp.path(), "empty"), FixtureError);
  CHECK_FALSE(fs::exists(tmp.path() / "empty"));  // a failed snapshot leaves nothing behind
}
