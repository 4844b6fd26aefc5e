/* A C client of the toolkit's C ABI, as a linker wrapper would use it:
   run_post_link <args...> runs the post-link step in-process. */
#include <stdio.h>
#include "sycl_post_link.h"

int main(int argc, char **argv) {
  char *error = NULL;
  int rc = sycl_post_link_run((const char *const *)(argv + 1), (size_t)(argc - 1), &error);
  if (rc != 0) {
    fprintf(stderr, "client: %s\n", error ? error : "(no message)");
    sycl_post_link_free(error);
    return 1;
  }
  printf("client: ok\n");
  return 0;
}
