// pith_features: the training data of the library's models.
//
//   pith_features OUT_DIR EVAL_SET_DIR...
//
// Runs pith's pipeline (Options as pith_bench sets them: the page's url from
// its JSON) over every <source>/<id>.html.gz of each evaluation set and writes
//   OUT_DIR/features.tsv  one line per page: set, source, id, page_type (the
//                         label, "" when none), domain, then the confidence
//                         model's inputs (the page model's inputs first), then
//                         the attempt chooser's own (attempt_*), with a header
//                         line naming every column;
//   OUT_DIR/attempts/<set>/<source>/<id>.json  the attempts the chooser
//                         read: strategy, length, blocks, text (and, on the
//                         selection's, repeats_itself: the region was taken
//                         without the model);
//   OUT_DIR/pred/<set>/<source>/<id>.txt  the extracted text (bench/cv.py's layout);
//   OUT_DIR/forced/<k>/<set>/<source>/<id>.txt  on pages where the attempt
//                         chooser is asked, the text with its choice forced
//                         to attempt k (0 selection, 1 region pruned, 2 region):
//                         out-of-fold choices give the text pith would give.
// Pages on which extraction fails get an empty text and no feature line.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "check/gzip.hpp"
#include "pipeline.hpp"

namespace fs = std::filesystem;
using namespace pith;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string string_field(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Shortest form that reads back as the same double.
std::string number(double v) {
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: pith_features OUT_DIR EVAL_SET_DIR...\n");
    return 2;
  }
  fs::path out_dir = argv[1];
  fs::create_directories(out_dir);
  fs::remove_all(out_dir / "forced");  // pages whose chooser no longer runs leave none
  fs::remove_all(out_dir / "attempts");
  std::ofstream tsv(out_dir / "features.tsv", std::ios::trunc);
  tsv << "set\tsource\tid\tpage_type\tdomain";
  for (std::string_view name : classify::kPageFeatureNames) tsv << '\t' << name;
  for (std::string_view name : classify::kPageTypeNames) tsv << "\ttype_" << name;
  for (std::string_view name : classify::kContentFeatureNames) tsv << '\t' << name;
  for (std::string_view name : classify::kAttemptFeatureNames) tsv << '\t' << name;
  tsv << '\n';
  std::size_t pages = 0, failed = 0;
  for (int a = 2; a < argc; ++a) {
    fs::path set_dir = argv[a];
    std::string set = set_dir.filename().string();
    if (set.empty()) set = set_dir.parent_path().filename().string();
    std::vector<fs::path> files;
    for (const auto& source : fs::directory_iterator(set_dir))
      if (source.is_directory())
        for (const auto& f : fs::directory_iterator(source.path()))
          if (f.path().string().ends_with(".html.gz")) files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      std::string source = file.parent_path().filename().string();
      std::string id = file.filename().string();
      id.resize(id.size() - std::string_view(".html.gz").size());
      nlohmann::json gold = nlohmann::json::parse(read_file(file.parent_path() / (id + ".json")),
                                                  nullptr, false);
      Options options;
      options.url = gold.is_object() ? string_field(gold, "url") : "";
      std::string text;
      detail::ModelInputs inputs;
      inputs.record_attempts = true;
      bool ok = true;
      try {
        std::string html = check::gunzip(read_file(file), std::size_t{1} << 30);
        text = detail::extract(html, options, &inputs).text;
        for (int k = 0; inputs.chooser_ran && k < 3; ++k) {
          detail::ModelInputs forced;
          forced.forced_attempt = k;
          fs::path dir = out_dir / "forced" / std::to_string(k) / set / source;
          fs::create_directories(dir);
          std::ofstream(dir / (id + ".txt"), std::ios::trunc) << detail::extract(html, options, &forced).text;
        }
      } catch (const std::exception& e) {
        std::fprintf(stderr, "pith_features: %s/%s/%s: %s\n", set.c_str(), source.c_str(), id.c_str(), e.what());
        ok = false;
        ++failed;
      }
      fs::path pred = out_dir / "pred" / set / source;
      fs::create_directories(pred);
      std::ofstream(pred / (id + ".txt"), std::ios::trunc) << text;
      ++pages;
      if (!ok) continue;
      nlohmann::json attempts = nlohmann::json::array();
      for (const auto& a : inputs.attempts)
        attempts.push_back({{"strategy", a.strategy}, {"length", a.summary.length},
                            {"blocks", a.summary.counts.blocks}, {"text", a.text}});
      // The selection's record says when the chooser took the region without
      // its model (a selection that repeats itself): train_models.py's
      // out-of-fold choice does the same.
      if (!attempts.empty()) attempts[0]["repeats_itself"] = inputs.selection_repeats_itself;
      fs::path attempts_dir = out_dir / "attempts" / set / source;
      fs::create_directories(attempts_dir);
      std::ofstream(attempts_dir / (id + ".json"), std::ios::trunc)
          << attempts.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      tsv << set << '\t' << source << '\t' << id << '\t'
          << (gold.is_object() ? string_field(gold, "page_type") : "") << '\t'
          << (gold.is_object() ? string_field(gold, "domain") : "");
      for (double v : inputs.confidence) tsv << '\t' << number(v);
      constexpr std::size_t kOwn = classify::kPageFeatureCount + classify::kPageTypeCount;
      for (std::size_t i = kOwn; i < inputs.attempt_choice.size(); ++i)
        tsv << '\t' << number(inputs.attempt_choice[i]);
      tsv << '\n';
    }
  }
  std::fprintf(stderr, "pith_features: %zu pages, %zu failed -> %s\n", pages, failed, out_dir.c_str());
  return 0;
}
