/* C ABI of the sycl-post-link toolkit (libsycl_post_link.so, SONAME
   libsycl_post_link.so.0.1, and libsycl_post_link.a; the library's former
   names, libsycl_tools.so/.a, are installed as links to them for this
   release only). Found by pkg-config (sycl-post-link) and CMake
   (find_package(SyclPostLink), target SyclPostLink::sycl_post_link).

   Two ways in:
   - sycl_post_link_run: command-line arguments in, files out, as the
     sycl-post-link command;
   - the in-memory entry points (sycl_post_link_run_buffer,
     sycl_post_link_run_module, sycl_post_link_run_buffer_stream): settings
     built option by option, a module held in memory in, device images out
     in memory. They write no file. Image i's IR, .prop and .sym text are,
     byte for byte, what sycl-post-link with the same options writes to
     <prefix>_<N>.bc (or .ll with "S"), <prefix>_<N>.prop and
     <prefix>_<N>.sym (<prefix>_<N>.esimd.* for an ESIMD-only image), where
     N is sycl_post_link_result_image_number (equal to i unless
     "split-esimd" gives an image's ESIMD and SYCL parts one number).

   Errors: every function that can fail returns 0 on success and non-zero
   on failure, with *error (when error is not NULL) set to a one-line
   message that the caller frees with sycl_post_link_free; *error is set to
   NULL on success. No function aborts, exits or lets an exception or panic
   out, and none prints: LLVM's diagnostics become the messages (each LLVM
   context the library makes has its own diagnostic handler), and while a
   call runs no panic message is printed (the library's first call puts in
   a process-wide Rust panic hook that is silent while any call of this
   header runs and otherwise hands over to the hook that was there before).

   Threads: any number of runs may go on at once, from any threads, with
   the same or different settings, as long as no thread changes or frees
   those settings meanwhile. A result is read-only: several threads may read
   one result at once. */
#ifndef SYCL_POST_LINK_H
#define SYCL_POST_LINK_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header; sycl_post_link_version() says which library
   was loaded. */
#define SYCL_POST_LINK_VERSION_MAJOR 0
#define SYCL_POST_LINK_VERSION_MINOR 1
#define SYCL_POST_LINK_VERSION_PATCH 0

/* The library's version, the git commit it was built from and the LLVM it
   runs on: "0.1.0 (git 26b361c0b3f4, LLVM 22.1.3)". A static string: do
   not free it. */
const char *sycl_post_link_version(void);

/* Runs the post-link step with sycl-post-link arguments (no program name),
   writing its files as the command does. The arguments must name the input:
   unlike the command, no input is an error; "-" reads the host's standard
   input, and "-o -" writes to its standard output. */
int sycl_post_link_run(const char *const *args, size_t nargs, char **error);

/* Frees a message returned through an error argument. NULL is ignored. */
void sycl_post_link_free(char *msg);

/* --- In memory ------------------------------------------------------- */

/* Settings of a run: what the sycl-post-link options say. Owned by the
   caller from _create to _free. */
typedef struct sycl_post_link_settings sycl_post_link_settings;

/* The images of a run. Owned by the caller from the run that returns it to
   sycl_post_link_result_free; every pointer read from it stays valid until
   then. */
typedef struct sycl_post_link_result sycl_post_link_result;

/* New settings: sycl-post-link without options (the default split, auto;
   no symbols or properties). NULL only when memory ran out. */
sycl_post_link_settings *sycl_post_link_settings_create(void);

/* option: a sycl-post-link option name without dashes ("split", "symbols",
   "properties", "spec-const", "emit-exported-symbols",
   "allow-device-image-dependencies", "S", ...): the command line's own
   option table, so every option of the command is here. value:
   "true"/"false" (or "1"/"0") for flags, NULL meaning "true"; the option's
   value otherwise ("kernel" for "split"). Unknown option or bad value:
   non-zero return and *error set (free with sycl_post_link_free).
   "o" takes "[target,]file" as on the command line: each adds a target
   (an output table, see sycl_post_link_result_target); the file name is
   not used. "out-dir" and "f" only concern files and have no effect here.
   "threads" (or "j") takes the number of worker threads the run may use:
   "0", the default, means SPL_THREADS when set in the environment, else
   every core; a host that runs several links at once sets it to its share.
   The images are the same bytes whatever the number. */
int sycl_post_link_settings_set(sycl_post_link_settings *s, const char *option, const char *value, char **error);

/* Frees settings. NULL is ignored. */
void sycl_post_link_settings_free(sycl_post_link_settings *s);

/* Runs on a module held in memory (bitcode or text IR); data is only read
   during the call. name (NULL: "<memory>") is used in messages and as the
   module identifier. Writes no file. 0 on success, with *result set (free
   with sycl_post_link_result_free); on failure *result is NULL. */
int sycl_post_link_run_buffer(const sycl_post_link_settings *s, const void *data, size_t size, const char *name,
                              sycl_post_link_result **result, char **error);

/* As sycl_post_link_run_buffer, on a module the caller holds as an
   LLVMModuleRef (struct LLVMOpaqueModule * is what llvm-c/Types.h names
   LLVMModuleRef). The module stays the caller's and is not changed: the
   run reads its bitcode (as LLVMWriteBitcodeToFile would write it) and its
   identifier, which names it in messages. It must come from the same
   libLLVM this library uses (libLLVM.so.22.1), and no other thread may use
   its LLVMContext during the call. */
struct LLVMOpaqueModule;
int sycl_post_link_run_module(const sycl_post_link_settings *s, struct LLVMOpaqueModule *module,
                              sycl_post_link_result **result, char **error);

/* Streaming: called once per image, in table order, as soon as that image
   and every image before it are ready (the others are still being made).
   image is a result holding this one image at index 0 (and the run's
   targets), valid only during the call: copy what you keep. Calls come one
   at a time but possibly from a thread other than the caller's; the run
   returns after the last one. Return 0 to go on; non-zero stops the run,
   which then fails with a message saying so, and the callback is never
   called again (whatever the thread count: images other threads finish
   afterwards are dropped), so state it uses may be freed right away. */
typedef int (*sycl_post_link_image_callback)(void *user, const sycl_post_link_result *image);

/* As sycl_post_link_run_buffer, handing the images to callback (with user)
   instead of returning them. */
int sycl_post_link_run_buffer_stream(const sycl_post_link_settings *s, const void *data, size_t size,
                                     const char *name, sycl_post_link_image_callback callback, void *user,
                                     char **error);

/* Frees a result and everything read from it. NULL is ignored. */
void sycl_post_link_result_free(sycl_post_link_result *r);

/* Reading a result. Image and target indices past the end give NULL (size
   0) or 0. Texts are NUL-terminated; *size (when size is not NULL) is their
   length without the NUL. */

/* The number of images, in table order. */
size_t sycl_post_link_result_image_count(const sycl_post_link_result *r);
/* Image i's IR: bitcode, or textual IR with "S". */
const void *sycl_post_link_result_image_ir(const sycl_post_link_result *r, size_t i, size_t *size);
/* Image i's .prop text (without a target); NULL unless "properties". */
const char *sycl_post_link_result_image_properties(const sycl_post_link_result *r, size_t i, size_t *size);
/* Image i's .sym text (its entry points, one a line); NULL unless "symbols". */
const char *sycl_post_link_result_image_symbols(const sycl_post_link_result *r, size_t i, size_t *size);
/* Image i's N in the command's file names. */
size_t sycl_post_link_result_image_number(const sycl_post_link_result *r, size_t i);
/* Image i's entry points (kernels and exported functions), in order. */
size_t sycl_post_link_result_image_entry_point_count(const sycl_post_link_result *r, size_t i);
const char *sycl_post_link_result_image_entry_point(const sycl_post_link_result *r, size_t i, size_t j);

/* Targets: one per "o" setting, in order, or one empty target ("") when
   none was set. A named target's table leaves out the images its device
   cannot run. */
size_t sycl_post_link_result_target_count(const sycl_post_link_result *r);
const char *sycl_post_link_result_target(const sycl_post_link_result *r, size_t t);
/* 1 when target t's table lists image i, else 0. */
int sycl_post_link_result_image_in_target(const sycl_post_link_result *r, size_t i, size_t t);
/* Image i's .prop text in target t's table (<prefix>_<N>.<target>.prop,
   with compile_target, for a named target); NULL when that table leaves
   the image out, or unless "properties". */
const char *sycl_post_link_result_image_target_properties(const sycl_post_link_result *r, size_t i, size_t t,
                                                          size_t *size);

/* The run's warnings (without "warning: "), in order. */
size_t sycl_post_link_result_warning_count(const sycl_post_link_result *r);
const char *sycl_post_link_result_warning(const sycl_post_link_result *r, size_t k);


/* ---- SYCLBIN packaging (tools/capi/capi_syclbin.rs) ----------------------
   Device images in memory become a SYCLBIN in memory: LLVM IR (bitcode or
   text) is compiled to SPIR-V (with the SPIR-V extensions DPC++ allows) and
   validated, SPIR-V is validated and stored as it is, every image keeps its
   property sets and gets [SYCL/kernel names]. The output is wrapped in an
   LLVM offload binary (what the SYCL runtime loads) unless bare is non-zero.

   Code generation runs in worker processes, one per core: the `syclbin`
   program installed next to this library (or next to the program it is
   linked into, or the one directory above), or the program named by the
   environment variable SYCL_CODEGEN_WORKER. A back end that gives up on an
   image (LLVM's report_fatal_error), crashes, overflows its stack or runs
   out of memory fails that image with a one-line message naming it; the
   host and its LLVM state are untouched. Writing to a worker that died is
   an error, not a SIGPIPE: the library's own threads block that signal. */
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
/* The same from the images of an in-memory run (sycl_post_link_run_buffer or
   _run_module): their IR and .prop text. Set "properties" (and, as
   upstream's SYCLBIN mode does, "emit-kernel-names") for the run. */
int sycl_syclbin_create_from_result(const sycl_post_link_result *result, int state, int bare,
                                    unsigned char **out, size_t *out_size, char **error);
void sycl_syclbin_free(unsigned char *bytes, size_t size);
/* The code cache of this process's SYCLBIN packaging: the SPIR-V of an image
   compiled before (same IR bytes, settings, tool and LLVM) is taken from it.
   dir NULL: the default directory ($SPL_CACHE_DIR, else
   $XDG_CACHE_HOME/sycl-post-link, else ~/.cache/sycl-post-link; off with
   SPL_NO_CACHE=1), "" no cache, else that directory; policy NULL: the default
   pruning, else as --thinlto-cache-policy ("cache_size_bytes=256m:..."). Before
   the first call the defaults hold. Returns 0, or 1 with *error set. */
int sycl_syclbin_set_cache(const char *dir, const char *policy, char **error);
#ifdef __cplusplus
}
#endif
#endif
