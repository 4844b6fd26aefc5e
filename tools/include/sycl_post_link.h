/* C ABI of the sycl-post-link toolkit (libsycl_tools). */
#ifndef SYCL_POST_LINK_H
#define SYCL_POST_LINK_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
/* Runs the post-link step with sycl-post-link arguments (no program name).
   Returns 0 on success; on failure 1, with *error set to a message that the
   caller frees with sycl_post_link_free (when error is not NULL). */
int sycl_post_link_run(const char *const *args, size_t nargs, char **error);
void sycl_post_link_free(char *msg);
#ifdef __cplusplus
}
#endif
#endif
