/* A C client of the in-memory C ABI, compiled against sycl_post_link.h
   alone. It reads one IR file into memory, builds settings from
   "option[=value]" arguments, runs the post-link step in memory and:

     in_memory files <outdir> <input> [option[=value]...]
         writes each image as the command would name it under <outdir>
         (<outdir>/out_<N>.bc|.ll, .prop, .sym) and nothing anywhere else;
     in_memory threads <n> <input> [option[=value]...]
         runs n times at once on n threads and checks that every run gives
         the images of a single-threaded run, byte for byte;
     in_memory stream <input> [option[=value]...]
         checks that the streaming entry point hands over the same images,
         in the same order;
     in_memory repeat <n> <input> [option[=value]...]
         runs n times and prints the resident size after the first tenth
         and at the end, failing if it grew by more than 16 MiB.

     in_memory misuse <input>
         null handles, indices past the end and a callback that stops the
         run: messages and null results, never a crash.

   And the command-line entry point, sycl_post_link_run:

     in_memory run-threads <n> <outroot> <sycl-post-link args...>
         runs the arguments n times at once on n threads, run t writing
         "-o <outroot>/run<t>/out.table" (the directories must exist);
     in_memory run-repeat <n> <sycl-post-link args...>
         runs them n times, with the resident-size check of "repeat".

   Errors are printed as "client: <message>" with exit code 1. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "settings.h"
#include "sycl_post_link.h"

static void *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  void *data = malloc(n > 0 ? (size_t)n : 1);
  *size = fread(data, 1, (size_t)n, f);
  fclose(f);
  return data;
}

static int fail(char *error) {
  fprintf(stderr, "client: %s\n", error ? error : "(no message)");
  sycl_post_link_free(error);
  return 1;
}

/* Settings from "option" or "option=value" arguments (settings.h). */
static sycl_post_link_settings *make_settings(int argc, char **argv, int *text) {
  char *error = NULL;
  sycl_post_link_settings *s = settings_from_args(argc, argv, text, &error);
  if (!s)
    fail(error);
  return s;
}

static int write_file(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return 1;
  size_t n = fwrite(data, 1, size, f);
  return fclose(f) != 0 || n != size;
}

static int write_images(const sycl_post_link_result *r, const char *outdir, int text) {
  for (size_t i = 0; i < sycl_post_link_result_image_count(r); ++i) {
    size_t n = sycl_post_link_result_image_number(r, i), size = 0;
    const void *ir = sycl_post_link_result_image_ir(r, i, &size);
    /* The command names ESIMD-only images out_<N>.esimd.*; the inputs this
       client is run on have none. */
    const char *esimd = "";
    char path[1024];
    snprintf(path, sizeof path, "%s/out%s_%zu.%s", outdir, esimd, n, text ? "ll" : "bc");
    if (write_file(path, ir, size))
      return 1;
    const char *t = sycl_post_link_result_image_properties(r, i, &size);
    if (t) {
      snprintf(path, sizeof path, "%s/out%s_%zu.prop", outdir, esimd, n);
      if (write_file(path, t, size))
        return 1;
    }
    t = sycl_post_link_result_image_symbols(r, i, &size);
    if (t) {
      snprintf(path, sizeof path, "%s/out%s_%zu.sym", outdir, esimd, n);
      if (write_file(path, t, size))
        return 1;
    }
  }
  return 0;
}

/* 1 when image i of a and image j of b have the same IR, properties,
   symbols and entry points. */
static int same_image(const sycl_post_link_result *a, size_t i, const sycl_post_link_result *b, size_t j) {
  size_t na, nb;
  const void *pa = sycl_post_link_result_image_ir(a, i, &na);
  const void *pb = sycl_post_link_result_image_ir(b, j, &nb);
  if (na != nb || memcmp(pa, pb, na) != 0)
    return 0;
  const char *ta = sycl_post_link_result_image_properties(a, i, &na);
  const char *tb = sycl_post_link_result_image_properties(b, j, &nb);
  if ((!ta) != (!tb) || na != nb || (ta && memcmp(ta, tb, na) != 0))
    return 0;
  ta = sycl_post_link_result_image_symbols(a, i, &na);
  tb = sycl_post_link_result_image_symbols(b, j, &nb);
  if ((!ta) != (!tb) || na != nb || (ta && memcmp(ta, tb, na) != 0))
    return 0;
  size_t ea = sycl_post_link_result_image_entry_point_count(a, i);
  if (ea != sycl_post_link_result_image_entry_point_count(b, j))
    return 0;
  for (size_t k = 0; k < ea; ++k)
    if (strcmp(sycl_post_link_result_image_entry_point(a, i, k), sycl_post_link_result_image_entry_point(b, j, k)))
      return 0;
  return 1;
}

static int same_result(const sycl_post_link_result *a, const sycl_post_link_result *b) {
  size_t n = sycl_post_link_result_image_count(a);
  if (n != sycl_post_link_result_image_count(b))
    return 0;
  for (size_t i = 0; i < n; ++i)
    if (!same_image(a, i, b, i))
      return 0;
  return 1;
}

struct job {
  const sycl_post_link_settings *s;
  const void *data;
  size_t size;
  const char *name;
  sycl_post_link_result *result;
  char *error;
};

static void *run_job(void *arg) {
  struct job *j = arg;
  sycl_post_link_run_buffer(j->s, j->data, j->size, j->name, &j->result, &j->error);
  return NULL;
}

struct stream_check {
  const sycl_post_link_result *expected;
  size_t next;
  int mismatch;
};

static int on_image(void *user, const sycl_post_link_result *image) {
  struct stream_check *c = user;
  if (sycl_post_link_result_image_count(image) != 1 || !same_image(c->expected, c->next, image, 0))
    c->mismatch = 1;
  c->next++;
  return 0;
}

struct argv_job {
  const char **args;
  size_t nargs;
  char *error;
  int rc;
};

static void *run_argv_job(void *arg) {
  struct argv_job *j = arg;
  j->rc = sycl_post_link_run(j->args, j->nargs, &j->error);
  return NULL;
}

static long resident_kib(void);

/* run-threads: n concurrent sycl_post_link_run calls, each with its own
   output directory. */
static int run_threads(int n, const char *outroot, int argc, char **argv) {
  struct argv_job jobs[16];
  pthread_t threads[16];
  char tables[16][1024];
  if (n < 1 || n > 16)
    n = 8;
  for (int t = 0; t < n; ++t) {
    const char **args = calloc((size_t)argc + 2, sizeof *args);
    for (int k = 0; k < argc; ++k)
      args[k] = argv[k];
    snprintf(tables[t], sizeof tables[t], "%s/run%d/out.table", outroot, t);
    args[argc] = "-o";
    args[argc + 1] = tables[t];
    jobs[t] = (struct argv_job){args, (size_t)argc + 2, NULL, 0};
    pthread_create(&threads[t], NULL, run_argv_job, &jobs[t]);
  }
  int ok = 0;
  for (int t = 0; t < n; ++t) {
    pthread_join(threads[t], NULL);
    if (jobs[t].rc == 0)
      ok++;
    else
      fprintf(stderr, "client: run %d: %s\n", t, jobs[t].error ? jobs[t].error : "(no message)");
    sycl_post_link_free(jobs[t].error);
    free(jobs[t].args);
  }
  printf("client: %d of %d concurrent runs succeeded\n", ok, n);
  return ok != n;
}

/* run-repeat: n sycl_post_link_run calls; the resident size must stay flat. */
static int run_repeat(int n, int argc, char **argv) {
  long early = 0;
  for (int k = 0; k < n; ++k) {
    char *error = NULL;
    if (sycl_post_link_run((const char *const *)argv, (size_t)argc, &error) != 0)
      return fail(error);
    if (k == n / 10)
      early = resident_kib();
  }
  long late = resident_kib();
  printf("client: %d runs, resident %ld KiB after %d, %ld KiB at the end\n", n, early, n / 10 + 1, late);
  if (late - early > 16 * 1024) {
    fprintf(stderr, "client: resident size grew by %ld KiB\n", late - early);
    return 1;
  }
  return 0;
}

static int stop_at_first(void *user, const sycl_post_link_result *image) {
  (void)user;
  (void)image;
  return 7;
}

/* misuse: what a careless caller gets. */
static int misuse(const void *data, size_t size) {
  char *error = NULL;
  sycl_post_link_result *r = (sycl_post_link_result *)&error; /* must be reset */
  if (sycl_post_link_run_buffer(NULL, data, size, "x", &r, &error) != 0 && r == NULL)
    printf("null settings: %s\n", error);
  sycl_post_link_free(error);
  sycl_post_link_settings *s = sycl_post_link_settings_create();
  if (sycl_post_link_settings_set(s, NULL, "1", &error) != 0)
    printf("null option: %s\n", error);
  sycl_post_link_free(error);
  if (sycl_post_link_run_buffer(s, NULL, 5, "x", &r, &error) != 0)
    printf("null data: %s\n", error);
  sycl_post_link_free(error);
  if (sycl_post_link_run_buffer(s, data, 0, "empty", &r, &error) != 0)
    printf("empty data: %s\n", error);
  sycl_post_link_free(error);
  if (sycl_post_link_run_module(s, NULL, &r, &error) != 0)
    printf("null module: %s\n", error);
  sycl_post_link_free(error);
  sycl_post_link_settings_set(s, "split", "kernel", NULL);
  if (sycl_post_link_run_buffer_stream(s, data, size, "x", stop_at_first, NULL, &error) != 0)
    printf("stopping callback: %s\n", error);
  sycl_post_link_free(error);
  if (sycl_post_link_run_buffer(s, data, size, "x", &r, &error) == 0) {
    size_t n = sycl_post_link_result_image_count(r), len = 99;
    const void *ir = sycl_post_link_result_image_ir(r, n, &len);
    printf("past the end: %s %zu %zu %s %s\n", ir ? "ir" : "null", len,
           sycl_post_link_result_image_entry_point_count(r, n),
           sycl_post_link_result_image_entry_point(r, 0, 1000) ? "name" : "null",
           sycl_post_link_result_target(r, 5) ? "target" : "null");
    printf("no properties asked: %s\n", sycl_post_link_result_image_properties(r, 0, NULL) ? "text" : "null");
    sycl_post_link_result_free(r);
  }
  printf("null result: %zu\n", sycl_post_link_result_image_count(NULL));
  sycl_post_link_result_free(NULL);
  sycl_post_link_settings_free(s);
  sycl_post_link_settings_free(NULL);
  sycl_post_link_free(NULL);
  return 0;
}

static long resident_kib(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  long pages = 0, rss = 0;
  if (f) {
    if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
      rss = 0;
    fclose(f);
  }
  return rss * 4;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: in_memory files|threads|stream|repeat ...\n");
    return 2;
  }
  const char *mode = argv[1];
  if (strcmp(mode, "run-threads") == 0 && argc > 4)
    return run_threads(atoi(argv[2]), argv[3], argc - 4, argv + 4);
  if (strcmp(mode, "run-repeat") == 0 && argc > 3)
    return run_repeat(atoi(argv[2]), argc - 3, argv + 3);
  int first = strcmp(mode, "stream") == 0 || strcmp(mode, "misuse") == 0 ? 2 : 3;
  if (argc <= first) {
    fprintf(stderr, "client: missing input\n");
    return 2;
  }
  const char *input = argv[first];
  size_t size = 0;
  void *data = read_file(input, &size);
  if (!data) {
    fprintf(stderr, "client: %s: cannot read\n", input);
    return 1;
  }
  if (strcmp(mode, "misuse") == 0) {
    int rc = misuse(data, size);
    free(data);
    return rc;
  }
  int text = 0;
  sycl_post_link_settings *s = make_settings(argc - first - 1, argv + first + 1, &text);
  if (!s) {
    free(data);
    return 1;
  }
  char *error = NULL;
  sycl_post_link_result *r = NULL;
  int rc = 0;
  if (sycl_post_link_run_buffer(s, data, size, input, &r, &error) != 0) {
    rc = fail(error);
  } else if (strcmp(mode, "files") == 0) {
    rc = write_images(r, argv[2], text);
    for (size_t k = 0; k < sycl_post_link_result_warning_count(r); ++k)
      fprintf(stderr, "warning: %s\n", sycl_post_link_result_warning(r, k));
    printf("client: %zu images\n", sycl_post_link_result_image_count(r));
  } else if (strcmp(mode, "threads") == 0) {
    int n = atoi(argv[2]);
    struct job jobs[16];
    pthread_t threads[16];
    if (n < 1 || n > 16)
      n = 4;
    for (int t = 0; t < n; ++t) {
      jobs[t] = (struct job){s, data, size, input, NULL, NULL};
      pthread_create(&threads[t], NULL, run_job, &jobs[t]);
    }
    int equal = 0;
    for (int t = 0; t < n; ++t) {
      pthread_join(threads[t], NULL);
      if (jobs[t].result && same_result(r, jobs[t].result))
        equal++;
      else if (jobs[t].error)
        fprintf(stderr, "client: thread %d: %s\n", t, jobs[t].error);
      sycl_post_link_free(jobs[t].error);
      sycl_post_link_result_free(jobs[t].result);
    }
    printf("client: %d of %d concurrent runs equal (%zu images)\n", equal, n, sycl_post_link_result_image_count(r));
    rc = equal != n;
  } else if (strcmp(mode, "stream") == 0) {
    struct stream_check c = {r, 0, 0};
    if (sycl_post_link_run_buffer_stream(s, data, size, input, on_image, &c, &error) != 0) {
      rc = fail(error);
    } else {
      int ok = !c.mismatch && c.next == sycl_post_link_result_image_count(r);
      printf("client: streamed %zu images, %s\n", c.next, ok ? "same as collected" : "DIFFERENT");
      rc = !ok;
    }
  } else if (strcmp(mode, "repeat") == 0) {
    int n = atoi(argv[2]);
    long early = 0;
    for (int k = 0; k < n && rc == 0; ++k) {
      sycl_post_link_result *again = NULL;
      if (sycl_post_link_run_buffer(s, data, size, input, &again, &error) != 0)
        rc = fail(error);
      else if (!same_result(r, again))
        rc = 1;
      sycl_post_link_result_free(again);
      if (k == n / 10)
        early = resident_kib();
    }
    long late = resident_kib();
    printf("client: %d runs, resident %ld KiB after %d, %ld KiB at the end\n", n, early, n / 10 + 1, late);
    if (late - early > 16 * 1024) {
      fprintf(stderr, "client: resident size grew by %ld KiB\n", late - early);
      rc = 1;
    }
  } else {
    fprintf(stderr, "client: unknown mode %s\n", mode);
    rc = 2;
  }
  sycl_post_link_result_free(r);
  sycl_post_link_settings_free(s);
  free(data);
  return rc;
}
