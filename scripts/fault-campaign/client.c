/* The C entry points of the fault campaign (scripts/fault-campaign.py):
   one (mutated) input file through every entry point of the C ABI that
   takes bytes, as a linker wrapper would call them.

     client <input> <outdir>

   1. sycl_post_link_run_buffer (split=kernel, symbols, properties);
   2. sycl_post_link_run_buffer_stream, the callback saying stop at its
      second call (and counting any call after that);
   3. sycl_syclbin_create with the input as one image;
   4. sycl_post_link_run with command-line arguments writing
      <outdir>/t.table (the campaign checks <outdir> is empty on failure).

   One line per call on standard output: "<call>: ok <detail>" or
   "<call>: error <message>". A message with a line break, or a callback
   called after it said stop, is reported as "<call>: BROKEN <what>". The
   library must print nothing itself (the campaign checks standard error
   is empty) and the process must end with exit code 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "slurp.h"
#include "sycl_post_link.h"

static void report(const char *call, int rc, char *error, const char *detail) {
  if (rc == 0)
    printf("%s: ok %s\n", call, detail);
  else if (!error)
    printf("%s: BROKEN failed without a message\n", call);
  else if (strchr(error, '\n') || strchr(error, '\r'))
    printf("%s: BROKEN multi-line message\n", call);
  else
    printf("%s: error %s\n", call, error);
  sycl_post_link_free(error);
}

static int stream_calls, calls_after_stop;

static int stop_at_second(void *user, const sycl_post_link_result *image) {
  (void)user;
  if (sycl_post_link_result_image_count(image) != 1)
    ++calls_after_stop; /* counted as broken below */
  if (++stream_calls > 2)
    ++calls_after_stop;
  if (stream_calls == 2) {
    /* Give the other workers time to finish images before the stop. */
    struct timespec pause = {0, 20 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  return stream_calls >= 2;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  const char *input = argv[1];
  size_t size = 0;
  unsigned char *data = slurp(input, &size);
  if (!data)
    return 2;
  char detail[64];

  sycl_post_link_settings *s = sycl_post_link_settings_create();
  const char *options[] = {"split", "kernel", "symbols", NULL, "properties", NULL};
  for (int i = 0; i < 6; i += 2) {
    char *error = NULL;
    if (sycl_post_link_settings_set(s, options[i], options[i + 1], &error) != 0) {
      report("settings", 1, error, "");
      return 3;
    }
  }

  char *error = NULL;
  sycl_post_link_result *r = NULL;
  int rc = sycl_post_link_run_buffer(s, data, size, input, &r, &error);
  snprintf(detail, sizeof detail, "%zu images", r ? sycl_post_link_result_image_count(r) : (size_t)0);
  report("run_buffer", rc, error, detail);

  if (rc == 0) {
    unsigned char *out = NULL;
    size_t out_size = 0;
    error = NULL;
    int brc = sycl_syclbin_create_from_result(r, SYCL_SYCLBIN_OBJECT, 0, &out, &out_size, &error);
    snprintf(detail, sizeof detail, "%zu bytes", out_size);
    report("syclbin_create_from_result", brc, error, detail);
    if (brc == 0)
      sycl_syclbin_free(out, out_size);
  }
  sycl_post_link_result_free(r);

  error = NULL;
  rc = sycl_post_link_run_buffer_stream(s, data, size, input, stop_at_second, NULL, &error);
  if (calls_after_stop)
    printf("run_buffer_stream: BROKEN %d calls after the stop\n", calls_after_stop);
  snprintf(detail, sizeof detail, "%d calls", stream_calls);
  report("run_buffer_stream", rc, error, detail);
  sycl_post_link_settings_free(s);

  sycl_syclbin_image img = {input, data, size, NULL, 0};
  unsigned char *out = NULL;
  size_t out_size = 0;
  error = NULL;
  rc = sycl_syclbin_create(&img, 1, SYCL_SYCLBIN_OBJECT, 0, &out, &out_size, &error);
  snprintf(detail, sizeof detail, "%zu bytes", out_size);
  report("syclbin_create", rc, error, detail);
  if (rc == 0)
    sycl_syclbin_free(out, out_size);

  char table[4096];
  snprintf(table, sizeof table, "%s/t.table", argv[2]);
  const char *args[] = {"-split=kernel", "-symbols", "-properties", input, "-o", table};
  error = NULL;
  rc = sycl_post_link_run(args, 6, &error);
  report("run", rc, error, "");

  free(data);
  return 0;
}
