/* In-memory post-link (sycl_post_link_run_buffer) of a device module, then
   sycl_syclbin_create_from_result: a linker wrapper's path to a SYCLBIN
   without files. usage: syclbin_from_result <in.bc> <out> */
#include <stdio.h>
#include <stdlib.h>
#include "sycl_post_link.h"

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 2;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *data = malloc((size_t)n);
  size_t got = fread(data, 1, (size_t)n, f);
  fclose(f);
  /* upstream's SYCLBIN-mode options; input state implies dynamic linking */
  /* The options sycl-link gives the post-link step in input state. */
  const char *opts[][2] = {{"split", "kernel"}, {"symbols", NULL}, {"properties", NULL}, {"spec-const", "native"},
                           {"emit-param-info", NULL}, {"emit-kernel-names", NULL}, {"emit-exported-symbols", NULL},
                           {"emit-imported-symbols", NULL}, {"device-globals", NULL},
                           {"import-undefined-externals", NULL}};
  char *err = NULL;
  sycl_post_link_settings *s = sycl_post_link_settings_create();
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; ++i)
    if (sycl_post_link_settings_set(s, opts[i][0], opts[i][1], &err) != 0) goto fail;
  sycl_post_link_result *r = NULL;
  if (sycl_post_link_run_buffer(s, data, got, argv[1], &r, &err) != 0) goto fail;
  unsigned char *out = NULL;
  size_t size = 0;
  if (sycl_syclbin_create_from_result(r, SYCL_SYCLBIN_INPUT, 0, &out, &size, &err) != 0) goto fail;
  f = fopen(argv[2], "wb");
  fwrite(out, 1, size, f);
  fclose(f);
  printf("client: %zu images, %zu bytes\n", sycl_post_link_result_image_count(r), size);
  sycl_syclbin_free(out, size);
  sycl_post_link_result_free(r);
  sycl_post_link_settings_free(s);
  free(data);
  return 0;
fail:
  fprintf(stderr, "client: %s\n", err);
  sycl_post_link_free(err);
  return 1;
}
