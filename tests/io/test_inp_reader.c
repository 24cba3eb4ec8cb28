/* The Abaqus / CalculiX deck reader: good decks (tests/data/inp) with counts and values,
 * sn_amplitude_value, a generated 1e5-node C3D8 deck, and the malformed corpus
 * (tests/data/inp_bad, EXPECTED lists each deck with the location and fragment of its
 * message). */
#include <signorini/fem.h>
#include <signorini/io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define GOOD SN_TEST_DATA "/inp/"
#define BAD SN_TEST_DATA "/inp_bad/"

static sn_model *read_good(const char *name)
{
  char path[512], msg[512];
  snprintf(path, sizeof path, GOOD "%s", name);
  sn_model *m = NULL;
  int st = sn_inp_read(path, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "%s: status %d: %s\n", name, st, msg);
  CHECK(st == SN_OK && m != NULL);
  return st ? NULL : m;
}

static int set_index(const sn_model *m, const char *name, sn_setkind kind)
{
  for (int i = 0; i < m->nsets; i++)
    if (!strcmp(m->sets[i].name, name) && m->sets[i].kind == kind) return i;
  return -1;
}

static void test_plate2d(void)
{
  sn_model *m = read_good("plate2d.inp");
  if (!m) return;
  CHECK(!strcmp(m->heading, "Plate in plane strain, test deck"));
  CHECK_INT(m->ndf, 2);
  CHECK_INT(m->nnodes, 12);
  CHECK_INT(m->nelems, 6);
  CHECK_CLOSE(m->x[3 * 11 + 0], 3.0, 0, 0);
  CHECK_CLOSE(m->x[3 * 11 + 1], 2.0, 0, 0);
  CHECK_CLOSE(m->x[3 * 11 + 2], 0.0, 0, 0);
  /* element 4 was continued on the next line */
  int e4 = sn_model_elem_index(m, 4);
  CHECK_INT(e4, 3);
  CHECK_INT(m->elem_type[e4], SN_EL_CPE4);
  CHECK_INT(m->elem_ptr[e4 + 1] - m->elem_ptr[e4], 4);
  const int want4[4] = {5, 6, 10, 9};
  for (int k = 0; k < 4; k++) CHECK_INT(m->node_id[m->elem_conn[m->elem_ptr[e4] + k]], want4[k]);
  CHECK_INT(sn_model_node_index(m, 12), 11);
  CHECK_INT(sn_model_node_index(m, 13), -1);
  CHECK_INT(sn_model_elem_index(m, 7), -1);
  /* sets */
  CHECK_INT(m->nsets, 7);
  int all = set_index(m, "ALL", SN_SET_NODE), bottom = set_index(m, "BOTTOM", SN_SET_NODE);
  int top = set_index(m, "TOP", SN_SET_NODE), corners = set_index(m, "CORNERS", SN_SET_NODE);
  int toprow = set_index(m, "TOPROW", SN_SET_ELEM), plate = set_index(m, "PLATE", SN_SET_ELEM);
  CHECK(all >= 0 && bottom >= 0 && top >= 0 && corners >= 0 && toprow >= 0 && plate >= 0);
  if (all >= 0) CHECK_INT(m->sets[all].n, 12);
  if (bottom >= 0) CHECK_INT(m->sets[bottom].n, 4);
  if (top >= 0) CHECK_INT(m->sets[top].n, 4);
  if (corners >= 0) {
    /* 1, 4, 9, 12, LEFT (1, 5, 9), 1: no repeats, in order of appearance */
    const int want[5] = {0, 3, 8, 11, 4};
    CHECK_INT(m->sets[corners].n, 5);
    for (int k = 0; k < 5 && k < m->sets[corners].n; k++) CHECK_INT(m->sets[corners].items[k], want[k]);
  }
  if (toprow >= 0) CHECK_INT(m->sets[toprow].n, 3);
  if (plate >= 0) CHECK_INT(m->sets[plate].n, 6);
  /* material, section */
  CHECK_INT(m->nmaterials, 1);
  CHECK_CLOSE(m->materials[0].E, 210000.0, 0, 0);
  CHECK_CLOSE(m->materials[0].nu, 0.3, 0, 0);
  CHECK_CLOSE(m->materials[0].density, 7.8e-9, 1e-15, 0);
  CHECK(m->materials[0].has_elastic && m->materials[0].has_density);
  CHECK_INT(m->nsections, 1);
  CHECK_CLOSE(m->sections[0].thickness, 2.5, 0, 0);
  CHECK_INT(m->sections[0].material, 0);
  for (int e = 0; e < m->nelems; e++) CHECK_INT(m->elem_section[e], 0);
  /* amplitude */
  CHECK_INT(m->namplitudes, 1);
  CHECK_INT(m->amplitudes[0].n, 4);
  CHECK_CLOSE(sn_amplitude_value(m, 0, 0.25, 1.0), 0.4, 1e-14, 0);
  CHECK_CLOSE(sn_amplitude_value(m, 0, 0.75, 1.0), 0.9, 1e-14, 0);
  CHECK_CLOSE(sn_amplitude_value(m, 0, 1.5, 1.0), 1.0, 1e-14, 0);
  CHECK_CLOSE(sn_amplitude_value(m, 0, 5.0, 1.0), 1.0, 0, 0);
  CHECK_CLOSE(sn_amplitude_value(m, 0, -1.0, 1.0), 0.0, 0, 0);
  CHECK_CLOSE(sn_amplitude_value(m, -1, 0.5, 2.0), 0.25, 0, 0);
  CHECK_CLOSE(sn_amplitude_value(m, -1, 3.0, 2.0), 1.0, 0, 0);
  CHECK_CLOSE(sn_amplitude_value(m, 7, 0.5, 1.0), 0.0, 0, 0);
  /* the step */
  CHECK_INT(m->nsteps, 1);
  const sn_step *s = &m->steps[0];
  CHECK_INT(s->nlgeom, 0);                 /* NLGEOM=NO */
  CHECK_INT(s->inc, 50);
  CHECK_CLOSE(s->dt0, 0.1, 0, 0);
  CHECK_CLOSE(s->period, 1.0, 0, 0);
  CHECK_CLOSE(s->dtmin, 1e-4, 0, 0);
  CHECK_CLOSE(s->dtmax, 0.5, 0, 0);
  CHECK_INT(s->direct, 0);
  CHECK_INT(s->contact, SN_CT_LAGRANGE);
  CHECK(s->solver[0] == '\0');
  /* model-data boundaries (BOTTOM, 2 and 1, 1, 1) first, then TOP */
  CHECK_INT(s->nbc, 9);
  if (s->nbc == 9) {
    CHECK_INT(s->bc[0].node, 0);
    CHECK_INT(s->bc[0].first, 2);
    CHECK_INT(s->bc[0].last, 2);
    CHECK_INT(s->bc[0].amplitude, -1);
    CHECK_INT(s->bc[4].node, 0);
    CHECK_INT(s->bc[4].first, 1);
    CHECK_INT(s->bc[4].last, 1);
    CHECK_INT(s->bc[5].node, 8);
    CHECK_INT(s->bc[5].first, 2);
    CHECK_CLOSE(s->bc[5].value, -0.01, 0, 0);
    CHECK_INT(s->bc[5].amplitude, 0);
  }
  CHECK_INT(s->ncload, 1);
  CHECK_INT(s->cload[0].node, 11);
  CHECK_INT(s->cload[0].dof, 1);
  CHECK_CLOSE(s->cload[0].value, 100.0, 0, 0);
  CHECK_INT(s->cload[0].amplitude, -1);
  CHECK_INT(s->ndload, 4);
  if (s->ndload == 4) {
    CHECK_INT(s->dload[0].elem, 3);
    CHECK_INT(s->dload[0].face, 3);
    CHECK_CLOSE(s->dload[0].value, 5.0, 0, 0);
    CHECK_INT(s->dload[0].amplitude, 0);
    CHECK_INT(s->dload[3].elem, 2);
    CHECK_INT(s->dload[3].face, 2);
  }
  CHECK_INT(s->nout, 4);
  if (s->nout == 4) {
    CHECK_INT(s->out[0].kind, SN_OUT_NODE_PRINT);
    CHECK_INT(s->out[0].set, top);
    CHECK(!strcmp(s->out[0].vars, "U,RF"));
    CHECK_INT(s->out[1].kind, SN_OUT_EL_PRINT);
    CHECK_INT(s->out[1].set, plate);
    CHECK_INT(s->out[2].kind, SN_OUT_NODE_FILE);
    CHECK_INT(s->out[2].set, -1);
    CHECK_INT(s->out[3].kind, SN_OUT_EL_FILE);
    CHECK(!strcmp(s->out[3].vars, "S,E"));
  }
  sn_model_free(m);
}

static void test_cube3d(void)
{
  sn_model *m = read_good("cube3d.inp");
  if (!m) return;
  CHECK_INT(m->ndf, 3);
  CHECK_INT(m->nnodes, 32);
  CHECK_INT(m->nelems, 3);
  int q = sn_model_elem_index(m, 10);
  CHECK_INT(q, 2);
  CHECK_INT(m->elem_type[q], SN_EL_C3D20);
  CHECK_INT(m->elem_ptr[q + 1] - m->elem_ptr[q], 20);
  CHECK_INT(m->node_id[m->elem_conn[m->elem_ptr[q] + 19]], 120);
  CHECK_INT(m->node_id[m->elem_conn[m->elem_ptr[q] + 14]], 115);
  CHECK_INT(m->node_id[m->elem_conn[m->elem_ptr[q] + 15]], 116);
  int eall = set_index(m, "EALL", SN_SET_ELEM);
  CHECK(eall >= 0);
  if (eall >= 0) CHECK_INT(m->sets[eall].n, 3);
  for (int e = 0; e < 3; e++) CHECK_INT(m->elem_section[e], 0);
  CHECK_CLOSE(m->sections[0].thickness, 1.0, 0, 0);
  const sn_step *s = &m->steps[0];
  CHECK_INT(s->nbc, 5);
  CHECK_INT(s->bc[0].first, 1);
  CHECK_INT(s->bc[0].last, 3);
  CHECK_INT(s->bc[4].node, 2);
  CHECK_INT(s->bc[4].first, 1);
  CHECK_INT(s->bc[4].last, 1);
  CHECK_INT(s->ndload, 4);
  CHECK_INT(s->dload[0].face, 0);
  CHECK_CLOSE(s->dload[0].value, 9.81, 0, 0);
  CHECK_CLOSE(s->dload[0].dir[2], -1.0, 0, 0);
  CHECK_CLOSE(s->dload[2].dir[0], 0.0, 0, 0);
  CHECK_INT(s->dload[3].elem, 1);
  CHECK_INT(s->dload[3].face, 4);
  CHECK_INT(s->ncload, 1);
  CHECK_INT(s->cload[0].dof, 3);
  /* *STATIC without a data line: the defaults */
  CHECK_CLOSE(s->dt0, 1.0, 0, 0);
  CHECK_CLOSE(s->period, 1.0, 0, 0);
  CHECK_CLOSE(s->dtmin, 1e-5, 0, 0);
  CHECK_CLOSE(s->dtmax, 1.0, 0, 0);
  CHECK_INT(s->inc, 100);
  CHECK_INT(s->nlgeom, 0);
  sn_model_free(m);
}

static void test_truss(void)
{
  sn_model *m = read_good("truss.inp");
  if (!m) return;
  CHECK_INT(m->ndf, 2);
  CHECK_INT(m->nelems, 4);
  CHECK_INT(m->elem_type[0], SN_EL_T2D2);
  CHECK_INT(m->elem_type[2], SN_EL_SPRINGA);
  CHECK_INT(m->nsections, 1);
  CHECK_CLOSE(m->sections[0].thickness, 0.01, 0, 0);
  CHECK_INT(m->sections[0].material, 0);
  CHECK_INT(m->elem_section[0], 0);
  CHECK_INT(m->elem_section[2], -1);
  CHECK_INT(m->nsprings, 2);
  CHECK_INT(m->elem_spring[2], 0);
  CHECK_INT(m->elem_spring[3], 1);
  CHECK_INT(m->elem_spring[0], -1);
  CHECK_CLOSE(m->springs[0].k, 1000.0, 0, 0);
  CHECK_INT(m->springs[0].ntab, 0);
  CHECK_INT(m->springs[1].ntab, 4);
  if (m->springs[1].ntab == 4) {
    CHECK_CLOSE(m->springs[1].force[0], -100.0, 0, 0);
    CHECK_CLOSE(m->springs[1].elong[3], 0.2, 0, 0);
  }
  const sn_step *s = &m->steps[0];
  CHECK_INT(s->contact, SN_CT_PENALTY);
  CHECK(s->solver[0] == '\0');
  CHECK_INT(s->nlgeom, 1);                 /* trusses: NLGEOM is read */
  CHECK_INT(s->direct, 1);
  CHECK_CLOSE(s->dt0, 0.25, 0, 0);
  CHECK_INT(s->nbc, 2);
  CHECK_INT(s->bc[1].node, 2);
  CHECK_INT(s->bc[1].first, 1);
  CHECK_INT(s->bc[1].last, 2);              /* PINNED in a 2D model */
  sn_model_free(m);
}

static void test_contact(void)
{
  sn_model *m = read_good("contact2d.inp");
  if (!m) return;
  CHECK_INT(m->ndf, 2);
  CHECK_INT(m->nsurfaces, 3);
  CHECK_INT(m->surfaces[0].n, 1);
  CHECK_INT(m->surfaces[0].elem[0], 0);
  CHECK_INT(m->surfaces[0].face[0], 3);
  CHECK_INT(m->surfaces[1].elem[0], 1);
  CHECK_INT(m->surfaces[1].face[0], 1);
  CHECK_INT(m->surfaces[2].node_based, 1);
  CHECK_INT(m->surfaces[2].n, 2);
  CHECK_INT(m->surfaces[2].node[0], 4);
  CHECK_CLOSE(m->surfaces[2].weight[0], 0.5, 0, 0);
  CHECK_CLOSE(m->surfaces[2].weight[1], 0.0, 0, 0);   /* none given: CalculiX' area (node_area.c) */
  CHECK_INT(m->ninteractions, 2);
  CHECK_INT(m->interactions[0].law, SN_OVERCLOSURE_LINEAR);
  CHECK_CLOSE(m->interactions[0].slope, 1e6, 0, 0);
  CHECK_CLOSE(m->interactions[0].sigma_inf, 0.1, 0, 0);
  CHECK_INT(m->interactions[0].has_friction, 1);
  CHECK_CLOSE(m->interactions[0].mu, 0.3, 0, 0);
  CHECK_CLOSE(m->interactions[0].stick_slope, 1e5, 0, 0);
  CHECK_INT(m->interactions[1].law, SN_OVERCLOSURE_HARD);
  CHECK_INT(m->interactions[1].has_friction, 0);
  CHECK_INT(m->npairs, 2);
  CHECK_INT(m->pairs[0].slave, 1);
  CHECK_INT(m->pairs[0].master, 0);
  CHECK_INT(m->pairs[0].type, SN_PAIR_SURFACE_TO_SURFACE);
  CHECK_INT(m->pairs[0].interaction, 0);
  CHECK_INT(m->pairs[1].slave, 2);
  CHECK_INT(m->pairs[1].type, SN_PAIR_NODE_TO_SURFACE);
  CHECK_INT(m->pairs[1].interaction, 1);
  CHECK_INT(m->nrigids, 1);
  CHECK_INT(m->rigids[0].ref_node, 8);
  CHECK_INT(m->rigids[0].set, set_index(m, "UPNODES", SN_SET_NODE));
  CHECK_INT(m->nsections, 2);
  CHECK_CLOSE(m->sections[1].thickness, 0.5, 0, 0);
  CHECK_INT(m->nsteps, 2);
  CHECK_INT(m->steps[0].contact, SN_CT_AUGMENTED);
  CHECK_INT(m->steps[0].nbc, 3);
  CHECK_INT(m->steps[0].nout, 1);
  CHECK_INT(m->steps[0].out[0].kind, SN_OUT_CONTACT_PRINT);
  CHECK(!strcmp(m->steps[0].out[0].vars, "CSTR,CDIS"));
  CHECK_INT(m->steps[1].nbc, 1);
  CHECK_CLOSE(m->steps[1].dt0, 0.5, 0, 0);
  sn_model_free(m);
}

/* from memory: names in messages, includes refused without a base directory */
static void test_memory(void)
{
  const char *deck = "*NODE\n1, 0, 0\n2, 1, 0\r\n*ELEMENT, TYPE=T2D2, ELSET=B\n1, 1, 2\n"
                     "*MATERIAL, NAME=M\n*ELASTIC\n1., 0.\n*SOLID SECTION, ELSET=B, MATERIAL=M\n1.";
  char msg[256];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "mem.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (m) {
    CHECK_INT(m->nnodes, 2);
    CHECK_INT(m->nelems, 1);
    CHECK_INT(m->nsteps, 0);
    sn_model_free(m);
  }
  m = (sn_model *)1;
  const char *inc = "*NODE\n1, 0, 0\n*INCLUDE, INPUT=x.inp\n";
  CHECK_INT(sn_inp_parse(inc, strlen(inc), NULL, NULL, &m, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(m == NULL);
  CHECK(strstr(msg, "<memory>:3: ") != NULL);
  /* a deck cut short: not NUL-terminated, len excludes the rest */
  size_t cut = (size_t)(strstr(deck, "1, 1, 2") - deck) + 5;   /* "1, 1," */
  CHECK_INT(sn_inp_parse(deck, cut, "cut.inp", NULL, &m, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "cut.inp:5: ") != NULL && strstr(msg, "(the data ends)") != NULL);
  /* a tiny message buffer still gets a terminated message */
  char tiny[8];
  CHECK(sn_inp_parse(inc, strlen(inc), NULL, NULL, &m, tiny, sizeof tiny) < 0);
  CHECK(memchr(tiny, '\0', sizeof tiny) != NULL);
  /* no file */
  CHECK_INT(sn_inp_read(GOOD "no_such_deck.inp", &m, msg, sizeof msg), SN_ERR_IO);
  CHECK(strstr(msg, "no_such_deck.inp") != NULL);
  CHECK_INT(sn_inp_read(GOOD, &m, msg, sizeof msg), SN_ERR_IO);   /* a folder */
  CHECK_INT(sn_inp_parse(NULL, 3, NULL, NULL, &m, msg, sizeof msg), SN_ERR_ARG);
}

/* a small deck asking for millions of boundary records through a set is refused */
static void test_budget(void)
{
  size_t cap = 1 << 20, len = 0;
  char *b = malloc(cap), msg[256];
  CHECK(b != NULL);
  if (!b) return;
  len += (size_t)sprintf(b + len, "*NODE, NSET=ALL\n");
  for (int i = 1; i <= 1000; i++) len += (size_t)sprintf(b + len, "%d, %d, 0\n", i, i);
  len += (size_t)sprintf(b + len, "*BOUNDARY\n");
  for (int i = 0; i < 1200; i++) len += (size_t)sprintf(b + len, "ALL, 1\n");
  sn_model *m = NULL;
  int st = sn_inp_parse(b, len, "budget.inp", NULL, &m, msg, sizeof msg);
  CHECK_INT(st, SN_ERR_FORMAT);
  CHECK(strstr(msg, "too many boundary and load records") != NULL);
  if (m) sn_model_free(m);
  free(b);
}

/* a generated C3D8 cube of n^3 elements ((n+1)^3 nodes): 1e5 nodes for n = 45 */
static void test_large(void)
{
  const int n = 45, nn = n + 1;
  size_t cap = (size_t)nn * nn * nn * 48 + (size_t)n * n * n * 80 + 4096, len = 0;
  char *b = malloc(cap);
  CHECK(b != NULL);
  if (!b) return;
  len += (size_t)sprintf(b + len, "*NODE, NSET=NALL\n");
  for (int k = 0; k < nn; k++)
    for (int j = 0; j < nn; j++)
      for (int i = 0; i < nn; i++)
        len += (size_t)sprintf(b + len, "%d, %g, %g, %g\n", 1 + i + nn * (j + nn * k), 0.1 * i, 0.1 * j, 0.1 * k);
  len += (size_t)sprintf(b + len, "*ELEMENT, TYPE=C3D8, ELSET=EALL\n");
  for (int k = 0; k < n; k++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        int a = 1 + i + nn * (j + nn * k);
        len += (size_t)sprintf(b + len, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", 1 + i + n * (j + n * k), a, a + 1,
                               a + 1 + nn, a + nn, a + nn * nn, a + 1 + nn * nn, a + 1 + nn + nn * nn, a + nn + nn * nn);
      }
  len += (size_t)sprintf(b + len, "*NSET, NSET=BASE, GENERATE\n1, %d\n*NSET, NSET=TWICE\nNALL, BASE, NALL\n"
                                  "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.25\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
                                  "*STEP\n*STATIC\n*BOUNDARY\nBASE, ENCASTRE\n*END STEP\n", nn * nn);
  sn_model *m = NULL;
  char msg[256];
  int st = sn_inp_parse(b, len, "cube.inp", NULL, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "generated deck: %s\n", msg);
  CHECK_INT(st, SN_OK);
  if (m) {
    CHECK_INT(m->nnodes, nn * nn * nn);
    CHECK_INT(m->nelems, n * n * n);
    CHECK_INT(m->ndf, 3);
    CHECK_INT(sn_model_node_index(m, nn * nn * nn), nn * nn * nn - 1);
    CHECK_INT(sn_model_elem_index(m, 12345), 12344);
    int tw = set_index(m, "TWICE", SN_SET_NODE);
    CHECK(tw >= 0);
    if (tw >= 0) CHECK_INT(m->sets[tw].n, nn * nn * nn);
    CHECK_INT(m->steps[0].nbc, nn * nn);
    sn_model_free(m);
  }
  free(b);
}

/* the malformed corpus */
static void test_bad(void)
{
  FILE *f = fopen(BAD "EXPECTED", "r");
  CHECK(f != NULL);
  if (!f) return;
  char line[1024];
  int count = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    line[strcspn(line, "\n")] = '\0';
    char deck[256], loc[256];
    int off = 0;
    if (sscanf(line, "%255s %255s %n", deck, loc, &off) != 2 || !off) {
      fprintf(stderr, "EXPECTED: bad line '%s'\n", line);
      CHECK(0);
      continue;
    }
    const char *frag = line + off;
    char want[600], path[600], msg[1024];
    if (strchr(loc, ':')) snprintf(want, sizeof want, "/%s: ", loc);
    else snprintf(want, sizeof want, "/%s:%s: ", deck, loc);
    snprintf(path, sizeof path, BAD "%s", deck);
    sn_model *m = (sn_model *)1;
    int st = sn_inp_read(path, &m, msg, sizeof msg);
    int ok = st < 0 && m == NULL && strstr(msg, want) && strstr(msg, frag);
    if (!ok) fprintf(stderr, "%s: status %d, message '%s'; expected '%s' and '%s'\n", deck, st, msg, want, frag);
    CHECK(ok);
    if (st == SN_OK && m) sn_model_free(m);
    count++;
  }
  fclose(f);
  CHECK(count >= 35);
  printf("%d malformed decks refused\n", count);
}

int main(void)
{
  test_plate2d();
  test_cube3d();
  test_truss();
  test_contact();
  test_memory();
  test_large();
  test_budget();
  test_bad();
  return sn_check_report();
}
