/* Reading a whole file, for the C clients of the lit tests. */
#ifndef SLURP_H
#define SLURP_H
#include <stdio.h>
#include <stdlib.h>

/* The bytes of the file at path (free with free()) and their count in
   *size; NULL if it cannot be opened. */
static unsigned char *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *buf = malloc(n > 0 ? (size_t)n : 1);
  *size = fread(buf, 1, (size_t)n, f);
  fclose(f);
  return buf;
}
#endif
