/* A C client of the in-memory C ABI that checks the library's promises on
   bad input and early stops: the call returns with a message, the process
   goes on, nothing is printed into the host's standard error, and a
   streaming callback that says stop is never called again.

     faults buffer <input> [option[=value]...]
         sycl_post_link_run_buffer on the file's bytes; prints
         "client: <n> images" or "client: failed: <message>", then
         "client: still running" (the library did not end the process).
     faults stream <input> <stop-at> [option[=value]...]
         sycl_post_link_run_buffer_stream whose callback returns 1 at call
         <stop-at> (after sleeping 50 ms, so that other workers finish images
         meanwhile) and then frees its state; prints the calls before and
         after the stop.
     faults syclbin <code>
         sycl_syclbin_create on one image (no .prop); prints "client: <n>
         bytes" or "client: failed: <message>".

   The exit code is 0 whatever the library's answer: the lit tests check
   the printed lines, and that the process was not killed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "settings.h"
#include "slurp.h"
#include "sycl_post_link.h"

/* Settings from "option" or "option=value" arguments (settings.h); NULL
   on error, which is printed. */
static sycl_post_link_settings *settings_from(int argc, char **argv) {
  char *error = NULL;
  sycl_post_link_settings *s = settings_from_args(argc, argv, NULL, &error);
  if (!s) {
    printf("client: option: %s\n", error ? error : "(no message)");
    sycl_post_link_free(error);
  }
  return s;
}

/* What a host keeps for a streaming run, freed when the callback says
   stop: a later call would find it gone. */
struct stream_state {
  int calls;
  int stop_at;
};

static struct stream_state *live_state;
static int calls_after_stop;

static int on_image(void *user, const sycl_post_link_result *image) {
  (void)user;
  (void)image;
  if (!live_state) {
    ++calls_after_stop;
    return 1;
  }
  if (++live_state->calls < live_state->stop_at)
    return 0;
  struct timespec pause = {0, 50 * 1000 * 1000};
  nanosleep(&pause, NULL);
  printf("client: stopped at call %d\n", live_state->calls);
  free(live_state);
  live_state = NULL;
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  const char *mode = argv[1];
  size_t size = 0;
  unsigned char *data = slurp(argv[2], &size);
  if (!data) {
    printf("client: cannot read %s\n", argv[2]);
    return 2;
  }
  char *error = NULL;
  if (strcmp(mode, "buffer") == 0) {
    sycl_post_link_settings *s = settings_from(argc - 3, argv + 3);
    if (!s)
      return 2;
    sycl_post_link_result *r = NULL;
    if (sycl_post_link_run_buffer(s, data, size, argv[2], &r, &error) != 0) {
      printf("client: failed: %s\n", error ? error : "(no message)");
      sycl_post_link_free(error);
    } else {
      printf("client: %zu images\n", sycl_post_link_result_image_count(r));
      sycl_post_link_result_free(r);
    }
    sycl_post_link_settings_free(s);
  } else if (strcmp(mode, "stream") == 0 && argc >= 4) {
    sycl_post_link_settings *s = settings_from(argc - 4, argv + 4);
    if (!s)
      return 2;
    live_state = calloc(1, sizeof *live_state);
    live_state->stop_at = atoi(argv[3]);
    int rc = sycl_post_link_run_buffer_stream(s, data, size, argv[2], on_image, NULL, &error);
    printf("client: rc %d, %s\n", rc, error ? error : "(no message)");
    printf("client: %d calls after the stop\n", calls_after_stop);
    sycl_post_link_free(error);
    free(live_state);
    sycl_post_link_settings_free(s);
  } else if (strcmp(mode, "syclbin") == 0) {
    sycl_syclbin_image img = {argv[2], data, size, NULL, 0};
    unsigned char *out = NULL;
    size_t out_size = 0;
    if (sycl_syclbin_create(&img, 1, SYCL_SYCLBIN_OBJECT, 0, &out, &out_size, &error) != 0) {
      printf("client: failed: %s\n", error ? error : "(no message)");
      sycl_post_link_free(error);
    } else {
      printf("client: %zu bytes\n", out_size);
      sycl_syclbin_free(out, out_size);
    }
  } else {
    return 2;
  }
  free(data);
  printf("client: still running\n");
  return 0;
}
