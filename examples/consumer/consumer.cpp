// A C++ program built against an installed sycl-post-link toolkit (see
// README.md here): it post-links a device module in memory with the C
// library and prints each image's number, size and entry points. Handles
// are held by std::unique_ptr, errors become exceptions.
//
//   consumer <module.(bc|ll)> [option[=value]]...
#include <sycl_post_link.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct Deleter {
  void operator()(sycl_post_link_settings *s) const { sycl_post_link_settings_free(s); }
  void operator()(sycl_post_link_result *r) const { sycl_post_link_result_free(r); }
};
using Settings = std::unique_ptr<sycl_post_link_settings, Deleter>;
using Result = std::unique_ptr<sycl_post_link_result, Deleter>;

// Throws the library's message when a call failed.
void check(int rc, char *error) {
  if (rc == 0)
    return;
  std::string msg = error ? error : "unknown error";
  sycl_post_link_free(error);
  throw std::runtime_error(msg);
}

std::vector<char> slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error(path + ": cannot open");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: consumer <module> [option[=value]]...\n");
    return 2;
  }
  try {
    std::printf("sycl-post-link %s (header %d.%d.%d)\n", sycl_post_link_version(), SYCL_POST_LINK_VERSION_MAJOR,
                SYCL_POST_LINK_VERSION_MINOR, SYCL_POST_LINK_VERSION_PATCH);
    Settings s(sycl_post_link_settings_create());
    if (!s)
      throw std::runtime_error("out of memory");
    for (int i = 2; i < argc; ++i) {
      std::string opt = argv[i];
      auto eq = opt.find('=');
      std::string name = opt.substr(0, eq);
      std::string value = eq == std::string::npos ? "" : opt.substr(eq + 1);
      char *error = nullptr;
      int rc = sycl_post_link_settings_set(s.get(), name.c_str(), eq == std::string::npos ? nullptr : value.c_str(),
                                           &error);
      check(rc, error);
    }
    std::vector<char> data = slurp(argv[1]);
    sycl_post_link_result *raw = nullptr;
    char *error = nullptr;
    int rc = sycl_post_link_run_buffer(s.get(), data.data(), data.size(), argv[1], &raw, &error);
    check(rc, error);
    Result r(raw);
    size_t n = sycl_post_link_result_image_count(r.get());
    std::printf("%zu images\n", n);
    for (size_t i = 0; i < n; ++i) {
      size_t size = 0;
      sycl_post_link_result_image_ir(r.get(), i, &size);
      std::printf("image %zu: %zu bytes:", sycl_post_link_result_image_number(r.get(), i), size);
      for (size_t j = 0; j < sycl_post_link_result_image_entry_point_count(r.get(), i); ++j)
        std::printf(" %s", sycl_post_link_result_image_entry_point(r.get(), i, j));
      std::printf("\n");
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "consumer: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
