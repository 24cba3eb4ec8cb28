/* The discs of a 2D pile and the uniform grid that finds their neighbours (bench/pile2d.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pile2d.h"

int pile_init(pile *P, int n, double width, unsigned long long seed)
{
  memset(P, 0, sizeof *P);
  P->cap = n;
  P->width = width;
  P->cell = 2.4 * PILE_RMEAN;
  P->gx = (int)ceil(width / P->cell);
  P->gy = 16;
  P->seed = seed ? seed : 88172645463325252ULL;
  P->x = malloc(sizeof(double) * 3 * (size_t)n);
  P->next = malloc(sizeof(int) * (size_t)n);
  P->head = malloc(sizeof(int) * (size_t)P->gx * (size_t)P->gy);
  if (!P->x || !P->next || !P->head) return -1;
  P->y = P->x + n;
  P->rad = P->y + n;
  for (int c = 0; c < P->gx * P->gy; c++) P->head[c] = -1;
  return 0;
}

void pile_free(pile *P)
{
  free(P->x);
  free(P->vx);
  free(P->next);
  free(P->head);
}

static int cell_of(const pile *P, double x, double y, int *cx, int *cy)
{
  *cx = (int)floor(x / P->cell);
  *cy = (int)floor(y / P->cell);
  if (*cx < 0) *cx = 0;
  if (*cx >= P->gx) *cx = P->gx - 1;
  if (*cy < 0) *cy = 0;
  return *cy < P->gy;
}

int grid_add(pile *P, int k)
{
  int cx, cy;
  while (!cell_of(P, P->x[k], P->y[k], &cx, &cy)) {        /* grow the grid upwards */
    int ngy = 2 * P->gy;
    int *h = realloc(P->head, sizeof(int) * (size_t)P->gx * (size_t)ngy);
    if (!h) return -1;
    for (int c = P->gx * P->gy; c < P->gx * ngy; c++) h[c] = -1;
    P->head = h;
    P->gy = ngy;
  }
  int c = cy * P->gx + cx;
  P->next[k] = P->head[c];
  P->head[c] = k;
  return 0;
}

int grid_rebuild(pile *P)
{
  for (int c = 0; c < P->gx * P->gy; c++) P->head[c] = -1;
  for (int k = 0; k < P->n; k++)                           /* the order of the deposition */
    if (grid_add(P, k)) return -1;
  return 0;
}

int pile_near(pile *P, double x, double y, visit_fn f, void *user)
{
  int cx, cy;
  cell_of(P, x, y, &cx, &cy);
  for (int j = cy - 2; j <= cy + 2; j++)
    for (int i = cx - 2; i <= cx + 2; i++) {
      if (i < 0 || j < 0 || i >= P->gx || j >= P->gy) continue;
      for (int k = P->head[j * P->gx + i]; k >= 0; k = P->next[k])
        if (f(P, k, user)) return 1;
    }
  return 0;
}
