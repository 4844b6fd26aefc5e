/* A host that survives LLVM's reader giving up: runs the in-memory
   post-link on a buffer whose bitcode makes LLVM's reader abort (a bit
   flip that makes it ask for far more memory than there is), then on a
   valid module, and reports each outcome.
   usage: corrupt_input <bad.bc> <good.ll> */
#include <stdio.h>
#include <stdlib.h>
#include "sycl_post_link.h"
#include "slurp.h"

static void run(sycl_post_link_settings *s, const char *path) {
  size_t size = 0;
  void *data = slurp(path, &size);
  sycl_post_link_result *r = NULL;
  char *err = NULL;
  if (sycl_post_link_run_buffer(s, data, size, path, &r, &err) != 0) {
    printf("client: error: %s\n", err);
    sycl_post_link_free(err);
  } else {
    printf("client: ok, %zu images\n", sycl_post_link_result_image_count(r));
    sycl_post_link_result_free(r);
  }
  free(data);
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  sycl_post_link_settings *s = sycl_post_link_settings_create();
  char *err = NULL;
  if (sycl_post_link_settings_set(s, "split", "kernel", &err) != 0) {
    printf("client: settings: %s\n", err);
    return 1;
  }
  run(s, argv[1]);
  run(s, argv[2]);
  sycl_post_link_settings_free(s);
  printf("client: still running\n");
  return 0;
}
