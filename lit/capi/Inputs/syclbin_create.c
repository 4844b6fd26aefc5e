/* A linker-wrapper-like client of sycl_syclbin_create: reads device images
   (code file, optional .prop file) and writes the SYCLBIN.
   usage: syclbin_client <out> <state 0|1|2> <code> [<prop>]
   With CLIENT_CACHE set, sets the code cache first (sycl_syclbin_set_cache:
   that directory, "" for none; CLIENT_CACHE_POLICY its policy). */
#include <stdio.h>
#include <stdlib.h>
#include "sycl_post_link.h"
#include "slurp.h"

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  sycl_syclbin_image img = {argv[3], NULL, 0, NULL, 0};
  img.code = slurp(argv[3], &img.code_size);
  if (argc > 4) img.properties = (const char *)slurp(argv[4], &img.properties_size);
  unsigned char *out = NULL;
  size_t size = 0;
  char *err = NULL;
  if (getenv("CLIENT_CACHE") &&
      sycl_syclbin_set_cache(getenv("CLIENT_CACHE"), getenv("CLIENT_CACHE_POLICY"), &err) != 0) {
    fprintf(stderr, "client: %s\n", err);
    sycl_post_link_free(err);
    return 1;
  }
  if (sycl_syclbin_create(&img, 1, atoi(argv[2]), 0, &out, &size, &err) != 0) {
    fprintf(stderr, "client: %s\n", err);
    sycl_post_link_free(err);
    return 1;
  }
  FILE *f = fopen(argv[1], "wb");
  fwrite(out, 1, size, f);
  fclose(f);
  sycl_syclbin_free(out, size);
  printf("client: ok\n");
  return 0;
}
