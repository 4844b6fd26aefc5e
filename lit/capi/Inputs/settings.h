/* Settings from "option" or "option=value" arguments, for the C clients of
   the lit tests. */
#ifndef SETTINGS_H
#define SETTINGS_H
#include <stdio.h>
#include <string.h>

#include "sycl_post_link.h"

/* New settings with every argument set; NULL if one is refused, with
   *error set (free with sycl_post_link_free). When text is not NULL, *text
   tells whether "S" (textual IR) was set. */
static sycl_post_link_settings *settings_from_args(int argc, char **argv, int *text, char **error) {
  sycl_post_link_settings *s = sycl_post_link_settings_create();
  *error = NULL;
  if (text)
    *text = 0;
  for (int i = 0; i < argc; ++i) {
    char buf[512];
    snprintf(buf, sizeof buf, "%s", argv[i]);
    char *eq = strchr(buf, '=');
    const char *value = NULL;
    if (eq) {
      *eq = '\0';
      value = eq + 1;
    }
    if (text && strcmp(buf, "S") == 0 && (!value || strcmp(value, "true") == 0))
      *text = 1;
    if (sycl_post_link_settings_set(s, buf, value, error) != 0) {
      sycl_post_link_settings_free(s);
      return NULL;
    }
  }
  return s;
}
#endif
