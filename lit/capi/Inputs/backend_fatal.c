/* A host that survives LLVM's back end giving up: packages one device image
   whose code the SPIR-V back end cannot compile (it calls report_fatal_error),
   then a valid one, and reports each outcome.
   usage: backend_fatal <bad.ll> <good.ll> */
#include <stdio.h>
#include <stdlib.h>
#include "sycl_post_link.h"
#include "slurp.h"

static void package(const char *path) {
  sycl_syclbin_image img = {path, NULL, 0, NULL, 0};
  img.code = slurp(path, &img.code_size);
  unsigned char *out = NULL;
  size_t size = 0;
  char *err = NULL;
  if (sycl_syclbin_create(&img, 1, 0, 0, &out, &size, &err) != 0) {
    printf("client: error: %s\n", err);
    sycl_post_link_free(err);
  } else {
    printf("client: ok, %zu bytes\n", size);
    sycl_syclbin_free(out, size);
  }
  free((void *)img.code);
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  package(argv[1]);
  package(argv[2]);
  printf("client: still running\n");
  return 0;
}
