/* Prints the library's version and checks that it starts with the header's
   version macros. */
#include <stdio.h>
#include <string.h>

#include "sycl_post_link.h"

#define STR2(x) #x
#define STR(x) STR2(x)

int main(void) {
  const char *v = sycl_post_link_version();
  const char *header = STR(SYCL_POST_LINK_VERSION_MAJOR) "." STR(SYCL_POST_LINK_VERSION_MINOR) "." STR(
      SYCL_POST_LINK_VERSION_PATCH) " ";
  printf("library: %s\n", v);
  if (strncmp(v, header, strlen(header)) != 0) {
    printf("header: %s: mismatch\n", header);
    return 1;
  }
  return 0;
}
