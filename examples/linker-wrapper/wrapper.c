/* A linker wrapper's device step, in miniature: link device bitcode files
   with the LLVM C API, post-link the linked module in memory through the
   toolkit's C ABI (sycl_post_link.h), and print each device image's
   kernels and property sets, as a wrapper would before compiling each image
   and packaging the results.

     linker-wrapper [--save-temps=<dir>] <a.bc> <b.bc>... [option[=value]...]

   Files ending in .bc are linked, in order; other arguments are
   sycl-post-link options without dashes ("split=source", "symbols", ...).
   With --save-temps, the linked module and each image's files are written
   to <dir> (linked.bc, image_<N>.bc, .prop, .sym); otherwise nothing is
   written anywhere.

   Build (see lit/capi/linker-wrapper.test):
     cc wrapper.c -I tools/include -I /usr/lib/llvm-22/include \
        -L target/release -lsycl_post_link -L /usr/lib/llvm-22/lib -lLLVM */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>

#include "sycl_post_link.h"

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Parses one bitcode file into ctx; NULL (with a message) on failure. */
static LLVMModuleRef load(LLVMContextRef ctx, const char *path) {
  LLVMMemoryBufferRef buf;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
    fprintf(stderr, "linker-wrapper: %s: %s\n", path, msg);
    LLVMDisposeMessage(msg);
    return NULL;
  }
  LLVMModuleRef m = NULL;
  if (LLVMParseBitcodeInContext2(ctx, buf, &m)) {
    fprintf(stderr, "linker-wrapper: %s: invalid bitcode\n", path);
    m = NULL;
  }
  LLVMDisposeMemoryBuffer(buf);
  return m;
}

static int save(const char *dir, const char *name, size_t n, const char *ext, const void *data, size_t size) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s_%zu.%s", dir, name, n, ext);
  FILE *f = fopen(path, "wb");
  if (!f)
    return 1;
  size_t written = fwrite(data, 1, size, f);
  return fclose(f) != 0 || written != size;
}

/* Prints a .prop text: each property set with the names of its entries
   (values are often base64 blobs). */
static void print_property_sets(const char *text) {
  const char *line = text;
  while (*line) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    if (line[0] == '[') {
      printf("    %.*s\n", (int)len, line);
    } else {
      const char *eq = memchr(line, '=', len);
      printf("      %.*s\n", (int)(eq ? (size_t)(eq - line) : len), line);
    }
    if (!end)
      break;
    line = end + 1;
  }
}

int main(int argc, char **argv) {
  const char *save_dir = NULL;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef linked = NULL;
  sycl_post_link_settings *settings = sycl_post_link_settings_create();
  int rc = 1;

  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (strncmp(arg, "--save-temps=", 13) == 0) {
      save_dir = arg + 13;
    } else if (ends_with(arg, ".bc")) {
      LLVMModuleRef m = load(ctx, arg);
      if (!m)
        goto done;
      if (!linked) {
        linked = m;
      } else if (LLVMLinkModules2(linked, m)) { /* m is destroyed either way */
        fprintf(stderr, "linker-wrapper: %s: cannot link\n", arg);
        goto done;
      }
    } else {
      char option[256];
      snprintf(option, sizeof option, "%s", arg);
      char *eq = strchr(option, '=');
      if (eq)
        *eq = '\0';
      char *error = NULL;
      if (sycl_post_link_settings_set(settings, option, eq ? eq + 1 : NULL, &error) != 0) {
        fprintf(stderr, "linker-wrapper: %s\n", error);
        sycl_post_link_free(error);
        goto done;
      }
    }
  }
  if (!linked) {
    fprintf(stderr, "usage: linker-wrapper [--save-temps=<dir>] <a.bc> <b.bc>... [option[=value]...]\n");
    goto done;
  }
  LLVMSetModuleIdentifier(linked, "linked", strlen("linked"));
  if (save_dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/linked.bc", save_dir);
    if (LLVMWriteBitcodeToFile(linked, path) != 0) {
      fprintf(stderr, "linker-wrapper: %s: cannot write\n", path);
      goto done;
    }
  }

  /* The post-link step on the module in memory: the module stays ours. */
  sycl_post_link_result *result = NULL;
  char *error = NULL;
  if (sycl_post_link_run_module(settings, linked, &result, &error) != 0) {
    fprintf(stderr, "linker-wrapper: %s\n", error);
    sycl_post_link_free(error);
    goto done;
  }
  for (size_t k = 0; k < sycl_post_link_result_warning_count(result); ++k)
    fprintf(stderr, "linker-wrapper: warning: %s\n", sycl_post_link_result_warning(result, k));
  size_t count = sycl_post_link_result_image_count(result);
  printf("%zu device images\n", count);
  rc = 0;
  for (size_t i = 0; i < count; ++i) {
    size_t n = sycl_post_link_result_image_number(result, i), ir_size = 0, prop_size = 0, sym_size = 0;
    const void *ir = sycl_post_link_result_image_ir(result, i, &ir_size);
    const char *props = sycl_post_link_result_image_properties(result, i, &prop_size);
    const char *syms = sycl_post_link_result_image_symbols(result, i, &sym_size);
    printf("image %zu: %zu bytes of IR\n", n, ir_size);
    printf("  entry points:");
    for (size_t j = 0; j < sycl_post_link_result_image_entry_point_count(result, i); ++j)
      printf(" %s", sycl_post_link_result_image_entry_point(result, i, j));
    printf("\n");
    if (props) {
      printf("  property sets:\n");
      print_property_sets(props);
    }
    /* A wrapper would now compile ir (e.g. to SPIR-V) and package it with
       props and syms; with --save-temps we keep them for inspection. */
    if (save_dir && (save(save_dir, "image", n, "bc", ir, ir_size) ||
                     (props && save(save_dir, "image", n, "prop", props, prop_size)) ||
                     (syms && save(save_dir, "image", n, "sym", syms, sym_size)))) {
      fprintf(stderr, "linker-wrapper: %s: cannot write\n", save_dir);
      rc = 1;
    }
  }
  sycl_post_link_result_free(result);

done:
  sycl_post_link_settings_free(settings);
  if (linked)
    LLVMDisposeModule(linked);
  LLVMContextDispose(ctx);
  return rc;
}
