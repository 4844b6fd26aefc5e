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

/* ---- SYCLBIN packaging (tools/src/capi_syclbin.rs) ----------------------
   Device images in memory become a SYCLBIN in memory: LLVM IR (bitcode or
   text) is compiled to SPIR-V in process, SPIR-V is stored as it is, every
   image keeps its property sets and gets [SYCL/kernel names]. The output is
   wrapped in an LLVM offload binary (what the SYCL runtime loads) unless
   bare is non-zero. */
typedef struct sycl_syclbin_image {
  const char *name;            /* for messages; may be NULL */
  const unsigned char *code;   /* LLVM IR or SPIR-V */
  size_t code_size;
  const char *properties;      /* a .prop file's text; may be NULL */
  size_t properties_size;
} sycl_syclbin_image;
enum { SYCL_SYCLBIN_INPUT = 0, SYCL_SYCLBIN_OBJECT = 1, SYCL_SYCLBIN_EXECUTABLE = 2 };
/* Returns 0 with *out (free with sycl_syclbin_free) and *out_size set; on
   failure 1, with *error set as for sycl_post_link_run. */
int sycl_syclbin_create(const sycl_syclbin_image *images, size_t count, int state, int bare,
                        unsigned char **out, size_t *out_size, char **error);
void sycl_syclbin_free(unsigned char *bytes, size_t size);
#ifdef __cplusplus
}
#endif
#endif
