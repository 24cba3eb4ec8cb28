/* VTK XML writers (sn_vtu_write, sn_vtu_write_enc, sn_pvd_write): a hand-built model with one
 * element of every supported VTK cell family, written into a temporary folder in each encoding
 * (raw appended, zlib appended, inline base64) and read back by a minimal parser of the XML
 * part, the appended block (offsets, UInt64 byte counts, zlib blocks inflated by zlib itself)
 * and base64 (structure, sizes, attributes, decoded values compared with the model's); atomic
 * writes (nothing left behind by a failure, the old file kept); argument checks.
 *
 * `test_vtu --write DIR` only writes DIR/model_0001.vtu (raw), DIR/model_0002.vtu (zlib),
 * DIR/model_0003.vtu (base64), DIR/model.pvd and DIR/expect.txt (what the files must hold) for
 * tests/io/test_vtu_vtk.py, which reads them with VTK itself. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zlib.h>

#include "check.h"
#include "signorini/io.h"

/* ---- the model: element e is an affine image of its reference element, shifted by 3e in x ---- */
typedef struct {
  sn_eltype type;
  int vtk, dim;
} elspec;

static const elspec ELS[] = {
  {SN_EL_C3D8, 12, 3},  {SN_EL_C3D20, 25, 3}, {SN_EL_C3D4, 10, 3}, {SN_EL_C3D10, 24, 3},
  {SN_EL_CPE4, 9, 2},   {SN_EL_CPS3, 5, 2},   {SN_EL_CPE6, 22, 2}, {SN_EL_CAX8R, 23, 2},
  {SN_EL_T3D2, 3, 1},   {SN_EL_SPRINGA, 3, 1},
  {SN_EL_C3D6, 13, 3},  {SN_EL_C3D15, 26, 3}, {SN_EL_C3D8I, 12, 3},
};
#define NEL ((int)(sizeof ELS / sizeof ELS[0]))

static const double A3[3][3] = {{1.2, 0.3, 0.1}, {-0.2, 0.9, 0.25}, {0.05, -0.1, 1.1}};
static const double A2[2][2] = {{1.1, 0.4}, {-0.3, 0.8}};   /* det 1 */

/* reference corners and Abaqus' midside edges (corner pairs) */
static const double HEX[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
static const int HEX_EDGES[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6},
                                     {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
static const double TET[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
static const int TET_EDGES[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};
static const double QUAD[4][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
static const int QUAD_EDGES[4][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
static const double TRI[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
static const int TRI_EDGES[3][2] = {{0, 1}, {1, 2}, {2, 0}};
static const double LINE[2][3] = {{0, 0, 0}, {1, 0, 0}};
static const double WEDGE[6][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
static const int WEDGE_EDGES[9][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}, {0, 3}, {1, 4}, {2, 5}};
/* VTK's wedge turns its base the other way (vtkWedge): the writer's node k is the element's
 * WEDGE_VTK[k] (the 13 / 26 cells' order) */
static const int WEDGE_VTK[15] = {0, 2, 1, 3, 5, 4, 8, 7, 6, 11, 10, 9, 12, 14, 13};

/* reference nodes of type t into R (up to 20 x 3); returns the count */
static int ref_nodes(sn_eltype t, double R[20][3])
{
  const double(*C)[3] = NULL;
  const int(*E)[2] = NULL;
  int nc = 0, ne = 0;
  switch (t) {
  case SN_EL_C3D8: case SN_EL_C3D8I: C = HEX, nc = 8; break;
  case SN_EL_C3D6: C = WEDGE, nc = 6; break;
  case SN_EL_C3D15: C = WEDGE, nc = 6, E = WEDGE_EDGES, ne = 9; break;
  case SN_EL_C3D20: C = HEX, nc = 8, E = HEX_EDGES, ne = 12; break;
  case SN_EL_C3D4: C = TET, nc = 4; break;
  case SN_EL_C3D10: C = TET, nc = 4, E = TET_EDGES, ne = 6; break;
  case SN_EL_CPE4: C = QUAD, nc = 4; break;
  case SN_EL_CPS3: C = TRI, nc = 3; break;
  case SN_EL_CPE6: C = TRI, nc = 3, E = TRI_EDGES, ne = 3; break;
  case SN_EL_CAX8R: C = QUAD, nc = 4, E = QUAD_EDGES, ne = 4; break;
  default: C = LINE, nc = 2; break;
  }
  for (int i = 0; i < nc; i++) memcpy(R[i], C[i], sizeof R[i]);
  for (int k = 0; k < ne; k++)
    for (int c = 0; c < 3; c++) R[nc + k][c] = 0.5 * (C[E[k][0]][c] + C[E[k][1]][c]);
  return nc + ne;
}

static double det3(const double A[3][3])
{
  return A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) - A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
         A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
}

/* expected size: volume, area or length */
static double el_size(sn_eltype t, int dim)
{
  if (dim == 3)
    return det3(A3) * (t == SN_EL_C3D4 || t == SN_EL_C3D10 ? 1.0 / 6 : t == SN_EL_C3D6 || t == SN_EL_C3D15 ? 0.5 : 1.0);
  if (dim == 2) return (A2[0][0] * A2[1][1] - A2[0][1] * A2[1][0]) * (t == SN_EL_CPS3 || t == SN_EL_CPE6 ? 0.5 : 1.0);
  return sqrt(A3[0][0] * A3[0][0] + A3[1][0] * A3[1][0] + A3[2][0] * A3[2][0]);
}

typedef struct {
  sn_model m;
  double *u, *rf, *s, *evol, *q;
} testmodel;

static void build(testmodel *T, int ndf)
{
  sn_model *m = &T->m;
  double R[20][3];
  int nn = 0, nc = 0;
  memset(T, 0, sizeof *T);
  m->ndf = ndf;
  for (int e = 0; e < NEL; e++) nn += ref_nodes(ELS[e].type, R);
  m->nnodes = nn;
  m->nelems = NEL;
  m->node_id = malloc(sizeof(int) * nn);
  m->x = malloc(sizeof(double) * 3 * nn);
  m->elem_id = malloc(sizeof(int) * NEL);
  m->elem_type = malloc(sizeof(sn_eltype) * NEL);
  m->elem_ptr = malloc(sizeof(int) * (NEL + 1));
  m->elem_conn = malloc(sizeof(int) * nn);
  m->elem_ptr[0] = 0;
  for (int e = 0; e < NEL; e++) {
    int k = ref_nodes(ELS[e].type, R);
    m->elem_id[e] = 10 * (e + 1);
    m->elem_type[e] = ELS[e].type;
    for (int i = 0; i < k; i++, nc++) {
      double *x = m->x + 3 * nc;
      if (ELS[e].dim == 2) {
        x[0] = A2[0][0] * R[i][0] + A2[0][1] * R[i][1];
        x[1] = A2[1][0] * R[i][0] + A2[1][1] * R[i][1];
        x[2] = 0;
      } else {
        for (int r = 0; r < 3; r++) x[r] = A3[r][0] * R[i][0] + A3[r][1] * R[i][1] + A3[r][2] * R[i][2];
      }
      x[0] += 3.0 * e;
      m->node_id[nc] = 1000 + 3 * nc;
      m->elem_conn[nc] = nc;   /* nodes are not shared: the file shows every element's own */
    }
    m->elem_ptr[e + 1] = nc;
  }
  T->u = malloc(sizeof(double) * ndf * nn);
  T->rf = malloc(sizeof(double) * 3 * nn);
  T->s = malloc(sizeof(double) * 6 * nn);
  T->evol = malloc(sizeof(double) * NEL);
  T->q = malloc(sizeof(double) * 2 * NEL);
  for (int i = 0; i < nn; i++) {
    for (int c = 0; c < ndf; c++) T->u[ndf * i + c] = 1e-3 * (i + 1) * (c + 1) - 0.1 * c;
    for (int c = 0; c < 3; c++) T->rf[3 * i + c] = -(double)i - 0.25 * c;
    for (int c = 0; c < 6; c++) T->s[6 * i + c] = 100.0 * c + i + 1.0 / 3.0;
  }
  for (int e = 0; e < NEL; e++) {
    T->evol[e] = el_size(ELS[e].type, ELS[e].dim);
    T->q[2 * e] = e;
    T->q[2 * e + 1] = -e * 1e300;
  }
}

static void release(testmodel *T)
{
  sn_model *m = &T->m;
  free(m->node_id), free(m->x), free(m->elem_id), free(m->elem_type), free(m->elem_ptr), free(m->elem_conn);
  free(T->u), free(T->rf), free(T->s), free(T->evol), free(T->q);
}

static const char *const QCOMP[2] = {"qa", "q<b>"};
#define QNAME "Q\"<&>'"

static int write_model(const char *path, testmodel *T, double scale, sn_vtu_encoding enc, char *msg, size_t len)
{
  sn_field pf[2] = {{"RF", 3, T->rf, NULL}, {"S", 6, T->s, NULL}};
  sn_field cf[2] = {{"EVOL", 1, T->evol, NULL}, {QNAME, 2, T->q, QCOMP}};
  double *u = malloc(sizeof(double) * T->m.ndf * T->m.nnodes);
  for (int i = 0; i < T->m.ndf * T->m.nnodes; i++) u[i] = scale * T->u[i];
  int rc = enc == SN_VTU_RAW ? sn_vtu_write(path, &T->m, u, pf, 2, cf, 2, msg, len)
                              : sn_vtu_write_enc(path, &T->m, u, pf, 2, cf, 2, enc, msg, len);
  free(u);
  return rc;
}

/* ---- a minimal reader of what sn_vtu_write writes ---- */
static char *slurp(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc((size_t)n + 1);
  if (fread(b, 1, (size_t)n, f) != (size_t)n) n = 0;
  b[n] = '\0';
  fclose(f);
  if (len) *len = (size_t)n;
  return b;
}

static int b64val(int c)
{
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

/* decode s[0..n) (no whitespace expected); returns the byte count or -1 */
static long b64dec(const char *s, size_t n, unsigned char *out)
{
  long k = 0;
  if (n % 4) return -1;
  for (size_t i = 0; i < n; i += 4) {
    int v[4];
    for (int j = 0; j < 4; j++) {
      v[j] = s[i + j] == '=' ? 0 : b64val(s[i + j]);
      if (v[j] < 0) return -1;
      if (s[i + j] == '=' && (i + 4 < n || j < 2)) return -1;
    }
    unsigned w = (unsigned)v[0] << 18 | (unsigned)v[1] << 12 | (unsigned)v[2] << 6 | (unsigned)v[3];
    out[k++] = (unsigned char)(w >> 16);
    if (s[i + 2] != '=') out[k++] = (unsigned char)(w >> 8);
    if (s[i + 3] != '=') out[k++] = (unsigned char)w;
  }
  return k;
}

/* attribute value of an opening tag [tag, tagend) into buf; 0 if absent */
static int attr(const char *tag, const char *tagend, const char *name, char *buf, size_t len)
{
  char key[64];
  snprintf(key, sizeof key, " %s=\"", name);
  const char *p = strstr(tag, key);
  if (!p || p > tagend) return 0;
  p += strlen(key);
  const char *q = strchr(p, '"');
  if (!q || q > tagend || (size_t)(q - p) >= len) return 0;
  memcpy(buf, p, (size_t)(q - p));
  buf[q - p] = '\0';
  return 1;
}

/* The DataArray named `name` (escaped as in the file) after `from`: its type, component count,
 * decoded data (malloc'd, header removed, length checked against the header). */
typedef struct {
  char type[16];
  int ncomp;
  unsigned char *data;
  size_t bytes;
  const char *tag, *tagend;
} darray;

/* the document being parsed: its length, for the bounds of the appended block */
static size_t g_doc_len;

/* an appended array at offset: its UInt64 byte count and bytes, or (zlib) the compressor's
 * header (blocks, block size, last partial block size, compressed sizes) and zlib's stream */
static int appended_array(const char *doc, size_t offset, darray *a)
{
  const char *ad = strstr(doc, "<AppendedData encoding=\"raw\">");
  if (!ad) return 0;
  const char *base = strchr(ad, '_');
  if (!base) return 0;
  base++;
  size_t room = g_doc_len - (size_t)(base - doc);
  uint64_t h[4];
  if (offset + 8 > room) return 0;
  if (!strstr(doc, "compressor=\"vtkZLibDataCompressor\"")) {
    memcpy(h, base + offset, 8);
    if (offset + 8 + h[0] > room) return 0;
    a->bytes = (size_t)h[0];
    a->data = malloc(a->bytes + 1);
    memcpy(a->data, base + offset + 8, a->bytes);
    return 1;
  }
  if (offset + 24 > room) return 0;
  memcpy(h, base + offset, 24);
  if (h[0] > 1 || h[2] != 0) return 0;   /* the writer's one block, or none (an empty array) */
  if (h[0] && offset + 32 > room) return 0;
  if (h[0]) memcpy(h + 3, base + offset + 24, 8);
  if (h[0] && offset + 32 + h[3] > room) return 0;
  a->bytes = h[0] ? (size_t)h[1] : 0;
  a->data = malloc(a->bytes + 1);
  uLongf n = (uLongf)a->bytes;
  if (h[0] && (uncompress(a->data, &n, (const Bytef *)base + offset + 32, (uLong)h[3]) != Z_OK || n != a->bytes)) {
    free(a->data);
    a->data = NULL;
    return 0;
  }
  return 1;
}

static int find_array(const char *doc, const char *from, const char *name, darray *a)
{
  char key[128];
  snprintf(key, sizeof key, "Name=\"%s\"", name);
  memset(a, 0, sizeof *a);
  const char *p = strstr(from ? from : doc, key);
  if (!p) return 0;
  const char *tag = p;
  while (tag > doc && *tag != '<') tag--;
  if (strncmp(tag, "<DataArray ", 11) != 0) return 0;
  const char *tagend = strchr(p, '>');
  char buf[32];
  a->tag = tag, a->tagend = tagend;
  if (!attr(tag, tagend, "type", a->type, sizeof a->type)) return 0;
  a->ncomp = attr(tag, tagend, "NumberOfComponents", buf, sizeof buf) ? atoi(buf) : 1;
  if (!attr(tag, tagend, "format", buf, sizeof buf)) return 0;
  if (!strcmp(buf, "appended")) {
    if (tagend[-1] != '/' || !attr(tag, tagend, "offset", buf, sizeof buf)) return 0;
    return appended_array(doc, (size_t)strtoull(buf, NULL, 10), a);
  }
  if (strcmp(buf, "binary") != 0) return 0;
  const char *end = strstr(tagend, "</DataArray>");
  size_t n = (size_t)(end - tagend - 1);
  unsigned char *raw = malloc(n + 8);
  long k = b64dec(tagend + 1, n, raw);
  uint64_t hdr;
  if (k < 8) {
    free(raw);
    return 0;
  }
  memcpy(&hdr, raw, 8);
  if (hdr != (uint64_t)(k - 8)) {
    free(raw);
    return 0;
  }
  a->bytes = (size_t)hdr;
  a->data = malloc(a->bytes + 1);
  memcpy(a->data, raw + 8, a->bytes);
  free(raw);
  return 1;
}

static int count(const char *doc, const char *s)
{
  int n = 0;
  for (const char *p = strstr(doc, s); p; p = strstr(p + 1, s)) n++;
  return n;
}

static double f64(const darray *a, size_t i)
{
  double v;
  memcpy(&v, a->data + 8 * i, 8);
  return v;
}

static int32_t i32(const darray *a, size_t i)
{
  int32_t v;
  memcpy(&v, a->data + 4 * i, 4);
  return v;
}

static void check_file(const char *path, testmodel *T, double scale, sn_vtu_encoding enc)
{
  sn_model *m = &T->m;
  char *doc = slurp(path, &g_doc_len);
  darray a;
  char buf[64];
  CHECK(doc != NULL);
  if (!doc) return;
  CHECK(strncmp(doc, "<?xml version=\"1.0\"?>\n<VTKFile type=\"UnstructuredGrid\" version=\"1.0\"", 68) == 0);
  CHECK(strstr(doc, "header_type=\"UInt64\"") != NULL);
  {
    const uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    CHECK(strstr(doc, b ? "byte_order=\"LittleEndian\"" : "byte_order=\"BigEndian\"") != NULL);
  }
  snprintf(buf, sizeof buf, "NumberOfPoints=\"%d\" NumberOfCells=\"%d\"", m->nnodes, m->nelems);
  CHECK(strstr(doc, buf) != NULL);
  /* balanced structure, in order (after raw data, which may hold NULs, the tail check below) */
  const char *seq[] = {"<UnstructuredGrid>", "<Piece ", "<PointData", "</PointData>", "<CellData>", "</CellData>",
                       "<Points>", "</Points>", "<Cells>", "</Cells>", "</Piece>", "</UnstructuredGrid>", "</VTKFile>"};
  const char *at = doc;
  for (size_t k = 0; k < sizeof seq / sizeof seq[0] - (enc != SN_VTU_BASE64); k++) {
    const char *p = strstr(at, seq[k]);
    CHECK(p != NULL);
    if (p) at = p;
  }
  CHECK_INT(count(doc, "<DataArray "), 11);   /* U RF S NodeId | EVOL Q ElementId | Points | 3 */
  CHECK_INT(count(doc, "</DataArray>"), enc == SN_VTU_BASE64 ? 11 : 0);
  CHECK_INT(count(doc, "format=\"appended\""), enc == SN_VTU_BASE64 ? 0 : 11);
  CHECK_INT(count(doc, "<AppendedData encoding=\"raw\">\n_"), enc == SN_VTU_BASE64 ? 0 : 1);
  CHECK_INT(count(doc, " compressor=\"vtkZLibDataCompressor\">"), enc == SN_VTU_ZLIB);
  /* the appended block ends the file: its data, then the closing tags */
  if (enc != SN_VTU_BASE64)
    CHECK(g_doc_len > 30 && !memcmp(doc + g_doc_len - 30, "\n  </AppendedData>\n</VTKFile>\n", 30));
  const char *pd = strstr(doc, "<PointData"), *cd = strstr(doc, "<CellData>"), *pts = strstr(doc, "<Points>"),
             *cells = strstr(doc, "<Cells>");
  size_t nn = (size_t)m->nnodes, ne = (size_t)m->nelems;

  CHECK(find_array(doc, pd, "U", &a) && a.tag < cd);
  CHECK(strcmp(a.type, "Float64") == 0 && a.ncomp == 3 && a.bytes == 24 * nn);
  for (size_t i = 0; i < nn && a.data; i++)
    for (int c = 0; c < 3; c++)
      CHECK(f64(&a, 3 * i + c) == (c < m->ndf ? scale * T->u[m->ndf * i + c] : 0.0));
  free(a.data);
  CHECK(strstr(doc, "<PointData Vectors=\"U\">") != NULL);

  CHECK(find_array(doc, pd, "RF", &a) && a.tag < cd);
  CHECK(a.ncomp == 3 && a.bytes == 24 * nn && f64(&a, 3 * 5 + 2) == T->rf[17]);
  CHECK(!attr(a.tag, a.tagend, "ComponentName0", buf, sizeof buf));
  free(a.data);

  CHECK(find_array(doc, pd, "S", &a) && a.tag < cd);
  CHECK(a.ncomp == 6 && a.bytes == 48 * nn);
  for (size_t i = 0; i < 6 * nn && a.data; i++) CHECK(f64(&a, i) == T->s[i]);
  const char *sn[6] = {"S11", "S22", "S33", "S12", "S13", "S23"};
  for (int c = 0; c < 6; c++) {
    char key[32];
    snprintf(key, sizeof key, "ComponentName%d", c);
    CHECK(attr(a.tag, a.tagend, key, buf, sizeof buf) && strcmp(buf, sn[c]) == 0);
  }
  free(a.data);

  CHECK(find_array(doc, pd, "NodeId", &a) && a.tag < cd);
  CHECK(strcmp(a.type, "Int32") == 0 && a.ncomp == 1 && a.bytes == 4 * nn);
  for (size_t i = 0; i < nn && a.data; i++) CHECK(i32(&a, i) == m->node_id[i]);
  free(a.data);

  CHECK(find_array(doc, cd, "EVOL", &a) && a.tag < pts);
  CHECK(a.ncomp == 1 && a.bytes == 8 * ne && f64(&a, 1) == T->evol[1]);
  free(a.data);
  CHECK(find_array(doc, cd, "Q&quot;&lt;&amp;&gt;&apos;", &a) && a.tag < pts);
  CHECK(a.ncomp == 2 && a.bytes == 16 * ne && f64(&a, 2 * 3 + 1) == T->q[7]);
  CHECK(attr(a.tag, a.tagend, "ComponentName0", buf, sizeof buf) && strcmp(buf, "qa") == 0);
  CHECK(attr(a.tag, a.tagend, "ComponentName1", buf, sizeof buf) && strcmp(buf, "q&lt;b&gt;") == 0);
  free(a.data);
  CHECK(find_array(doc, cd, "ElementId", &a) && a.tag < pts);
  CHECK(strcmp(a.type, "Int32") == 0 && a.bytes == 4 * ne);
  for (size_t e = 0; e < ne && a.data; e++) CHECK(i32(&a, e) == m->elem_id[e]);
  free(a.data);

  CHECK(find_array(doc, pts, "Points", &a) && a.tag < cells);
  CHECK(strcmp(a.type, "Float64") == 0 && a.ncomp == 3 && a.bytes == 24 * nn);
  for (size_t i = 0; i < 3 * nn && a.data; i++) CHECK(f64(&a, i) == m->x[i]);
  free(a.data);

  CHECK(find_array(doc, cells, "connectivity", &a));
  CHECK(strcmp(a.type, "Int32") == 0 && a.bytes == 4 * (size_t)m->elem_ptr[ne]);
  for (size_t e = 0; e < ne && a.data; e++)
    for (int k = m->elem_ptr[e]; k < m->elem_ptr[e + 1]; k++) {
      int w = m->elem_type[e] == SN_EL_C3D6 || m->elem_type[e] == SN_EL_C3D15;
      CHECK(i32(&a, k) == m->elem_conn[w ? m->elem_ptr[e] + WEDGE_VTK[k - m->elem_ptr[e]] : k]);
    }
  free(a.data);
  CHECK(find_array(doc, cells, "offsets", &a));
  CHECK(a.bytes == 4 * ne);
  for (size_t e = 0; e < ne && a.data; e++) CHECK(i32(&a, e) == m->elem_ptr[e + 1]);
  free(a.data);
  CHECK(find_array(doc, cells, "types", &a));
  CHECK(strcmp(a.type, "UInt8") == 0 && a.bytes == ne);
  for (size_t e = 0; e < ne && a.data; e++) CHECK_INT(a.data[e], ELS[e].vtk);
  free(a.data);
  free(doc);
}

/* ---- files in a folder ---- */
static int count_entries(const char *dir, const char *part)
{
  DIR *d = opendir(dir);
  struct dirent *de;
  int n = 0;
  if (!d) return -1;
  while ((de = readdir(d)))
    if (de->d_name[0] != '.' && (!part || strstr(de->d_name, part))) n++;
  closedir(d);
  return n;
}

static void remove_all(const char *dir)
{
  DIR *d = opendir(dir);
  struct dirent *de;
  char p[4096];
  if (!d) return;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.') continue;
    snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
    struct stat st;
    if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) rmdir(p);
    else remove(p);
  }
  closedir(d);
  rmdir(dir);
}

/* the files the VTK test reads, and what they must hold */
static int write_for_vtk(const char *dir)
{
  testmodel T;
  char path[4096], msg[256];
  const char *files[3] = {"model_0001.vtu", "model_0002.vtu", "model_0003.vtu"};
  const sn_vtu_encoding encs[3] = {SN_VTU_RAW, SN_VTU_ZLIB, SN_VTU_BASE64};
  double times[3] = {0.5, 1.0, 1.5};
  int rc = 0;
  build(&T, 3);
  for (int k = 0; k < 3 && !rc; k++) {
    snprintf(path, sizeof path, "%s/%s", dir, files[k]);
    rc = write_model(path, &T, times[k], encs[k], msg, sizeof msg);
  }
  snprintf(path, sizeof path, "%s/model.pvd", dir);
  if (!rc) rc = sn_pvd_write(path, 3, times, files, msg, sizeof msg);
  if (rc) fprintf(stderr, "%s\n", msg);
  snprintf(path, sizeof path, "%s/expect.txt", dir);
  FILE *f = rc ? NULL : fopen(path, "w");
  if (f) {
    const sn_model *m = &T.m;
    fprintf(f, "npoints %d\nncells %d\n", m->nnodes, m->nelems);
    for (int i = 0; i < m->nnodes; i++)
      fprintf(f, "point %d %.17g %.17g %.17g %.17g %.17g %.17g\n", m->node_id[i], m->x[3 * i], m->x[3 * i + 1],
              m->x[3 * i + 2], T.u[3 * i], T.u[3 * i + 1], T.u[3 * i + 2]);
    for (int e = 0; e < m->nelems; e++)
      fprintf(f, "cell %d %d %d %.17g\n", m->elem_id[e], ELS[e].vtk, ELS[e].dim, el_size(ELS[e].type, ELS[e].dim));
    for (int k = 0; k < 3; k++) fprintf(f, "time %.17g %s\n", times[k], files[k]);
    if (fclose(f) != 0) rc = 1;
  } else {
    rc = 1;
  }
  release(&T);
  return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
  if (argc == 3 && strcmp(argv[1], "--write") == 0) return write_for_vtk(argv[2]);

  char dir[] = "/tmp/sn_test_vtu_XXXXXX", path[4096], path2[4096], msg[512];
  testmodel T;
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }

  /* a 3D model with every cell family, written twice (overwrite), in each encoding; the sizes:
   * raw = the XML part + 8 bytes and the data per array, base64 larger, zlib smaller */
  long size[3];
  const sn_vtu_encoding encs[3] = {SN_VTU_RAW, SN_VTU_ZLIB, SN_VTU_BASE64};
  build(&T, 3);
  snprintf(path, sizeof path, "%s/a.vtu", dir);
  for (int k = 0; k < 3; k++) {
    struct stat sb;
    CHECK_INT(write_model(path, &T, 2.0, encs[k], msg, sizeof msg), SN_OK);
    CHECK(msg[0] == '\0');
    CHECK_INT(write_model(path, &T, 1.0, encs[k], msg, sizeof msg), SN_OK);
    check_file(path, &T, 1.0, encs[k]);
    size[k] = stat(path, &sb) == 0 ? (long)sb.st_size : -1;
  }
  CHECK(size[1] > 0 && size[1] < size[0] && size[0] < size[2]);
  CHECK_INT(sn_vtu_write_enc(path, &T.m, T.u, NULL, 0, NULL, 0, (sn_vtu_encoding)3, msg, sizeof msg), SN_ERR_ARG);
  CHECK(strstr(msg, "a.vtu: unknown encoding 3") != NULL);
  release(&T);

  /* ndf = 2: U gets z = 0 */
  build(&T, 2);
  snprintf(path2, sizeof path2, "%s/b.vtu", dir);
  for (int k = 0; k < 3; k++) {
    CHECK_INT(write_model(path2, &T, 1.0, encs[k], msg, sizeof msg), SN_OK);
    check_file(path2, &T, 1.0, encs[k]);
  }

  /* no U, no fields, NULL ids (1-based indices); an empty model */
  {
    sn_model m = T.m;
    m.node_id = NULL;
    m.elem_id = NULL;
    snprintf(path2, sizeof path2, "%s/c.vtu", dir);
    CHECK_INT(sn_vtu_write(path2, &m, NULL, NULL, 0, NULL, 0, msg, sizeof msg), SN_OK);
    char *doc = slurp(path2, &g_doc_len);
    darray a = {0};
    CHECK(doc && !strstr(doc, "Name=\"U\"") && strstr(doc, "<PointData>"));
    CHECK(doc && find_array(doc, NULL, "NodeId", &a) && i32(&a, 7) == 8);
    free(a.data);
    CHECK(doc && find_array(doc, NULL, "ElementId", &a) && i32(&a, 2) == 3);
    free(a.data);
    free(doc);
    sn_model empty = {0};
    empty.ndf = 3;
    snprintf(path2, sizeof path2, "%s/d.vtu", dir);
    for (int k = 0; k < 3; k++) {   /* empty arrays in each encoding */
      CHECK_INT(sn_vtu_write_enc(path2, &empty, NULL, NULL, 0, NULL, 0, encs[k], msg, sizeof msg), SN_OK);
      char *ed = slurp(path2, &g_doc_len);
      CHECK(ed && strstr(ed, "NumberOfPoints=\"0\" NumberOfCells=\"0\""));
      darray ep = {0}, et = {0};
      CHECK(ed && find_array(ed, NULL, "Points", &ep) && ep.bytes == 0);
      free(ep.data);
      CHECK(ed && find_array(ed, NULL, "types", &et) && et.bytes == 0);
      free(et.data);
      /* zlib: 5 arrays of 24 header bytes (no block) before types; raw: 5 of 8 */
      CHECK(ed && (encs[k] == SN_VTU_BASE64 ||
                    strstr(ed, encs[k] == SN_VTU_ZLIB ? "Name=\"types\" format=\"appended\" offset=\"120\""
                                                       : "Name=\"types\" format=\"appended\" offset=\"40\"")));
      free(ed);
    }
  }

  /* bad input: SN_ERR_ARG with a message, the existing file untouched, nothing left behind */
  {
    size_t len0, len1;
    char *before = slurp(path, &len0), *after;
    sn_model m = T.m;
    int saved = m.elem_conn[5];
    m.elem_conn[5] = m.nnodes;   /* out of range */
    CHECK_INT(sn_vtu_write(path, &m, T.u, NULL, 0, NULL, 0, msg, sizeof msg), SN_ERR_ARG);
    CHECK(strstr(msg, "a.vtu: element 10: node index") != NULL);
    m.elem_conn[5] = saved;
    m.elem_type[1] = SN_EL_C3D8;   /* 20 nodes given */
    CHECK_INT(sn_vtu_write(path, &m, T.u, NULL, 0, NULL, 0, msg, sizeof msg), SN_ERR_ARG);
    CHECK(strstr(msg, "element 20: 20 nodes, its type has 8") != NULL);
    m.elem_type[1] = SN_EL_NONE;
    CHECK_INT(sn_vtu_write(path, &m, T.u, NULL, 0, NULL, 0, msg, sizeof msg), SN_ERR_ARG);
    m.elem_type[1] = SN_EL_C3D20;
    sn_field bad = {"", 1, T.evol, NULL};
    CHECK_INT(sn_vtu_write(path, &m, T.u, NULL, 0, &bad, 1, msg, sizeof msg), SN_ERR_ARG);
    bad.name = "X";
    bad.ncomp = 0;
    CHECK_INT(sn_vtu_write(path, &m, T.u, &bad, 1, NULL, 0, msg, sizeof msg), SN_ERR_ARG);
    CHECK_INT(sn_vtu_write(NULL, &m, T.u, NULL, 0, NULL, 0, msg, sizeof msg), SN_ERR_ARG);
    CHECK_INT(sn_vtu_write(path, NULL, T.u, NULL, 0, NULL, 0, msg, sizeof msg), SN_ERR_ARG);
    after = slurp(path, &len1);
    CHECK(before && after && len0 == len1 && memcmp(before, after, len0) == 0);
    free(before);
    free(after);
  }
  release(&T);

  /* the collection */
  {
    const char *files[3] = {"a.vtu", "sub/x&y.vtu", "c.vtu"};
    double times[3] = {0.1, 0.2, 1.0 / 3.0};
    snprintf(path2, sizeof path2, "%s/run.pvd", dir);
    CHECK_INT(sn_pvd_write(path2, 3, times, files, msg, sizeof msg), SN_OK);
    char *doc = slurp(path2, NULL);
    CHECK(doc && strstr(doc, "<VTKFile type=\"Collection\" version=\"0.1\""));
    CHECK(doc && strstr(doc, "    <DataSet timestep=\"0.10000000000000001\" group=\"\" part=\"0\" file=\"a.vtu\"/>\n"));
    CHECK(doc && strstr(doc, "file=\"sub/x&amp;y.vtu\"/>"));
    CHECK(doc && strstr(doc, "timestep=\"0.33333333333333331\""));
    CHECK(doc && count(doc, "<DataSet ") == 3 && strstr(doc, "</Collection>\n</VTKFile>\n"));
    free(doc);
    CHECK_INT(sn_pvd_write(path2, 0, NULL, NULL, msg, sizeof msg), SN_OK);
    doc = slurp(path2, NULL);
    CHECK(doc && count(doc, "<DataSet ") == 0 && strstr(doc, "<Collection>\n  </Collection>"));
    free(doc);
    times[1] = NAN;
    CHECK_INT(sn_pvd_write(path2, 3, times, files, msg, sizeof msg), SN_ERR_ARG);
  }

  /* atomic writes: a folder that does not exist, a target that cannot be replaced */
  {
    testmodel U;
    char missing[4096];
    build(&U, 3);
    snprintf(missing, sizeof missing, "%s/no_such_folder/x.vtu", dir);
    CHECK_INT(write_model(missing, &U, 1.0, SN_VTU_RAW, msg, sizeof msg), SN_ERR_IO);
    CHECK(strstr(msg, "no_such_folder/x.vtu: cannot create a temporary file beside it") != NULL);
    double t = 1;
    const char *f1 = "x.vtu";
    snprintf(missing, sizeof missing, "%s/no_such_folder/x.pvd", dir);
    CHECK_INT(sn_pvd_write(missing, 1, &t, &f1, msg, sizeof msg), SN_ERR_IO);
    CHECK(strstr(msg, "x.pvd: cannot create") != NULL);
    /* rename over a non-empty folder fails: the temporary file must go */
    snprintf(missing, sizeof missing, "%s/folder.vtu", dir);
    CHECK(mkdir(missing, 0777) == 0);
    snprintf(path2, sizeof path2, "%s/folder.vtu/keep", dir);
    FILE *k = fopen(path2, "w");
    if (k) fclose(k);
    CHECK_INT(write_model(missing, &U, 1.0, SN_VTU_ZLIB, msg, sizeof msg), SN_ERR_IO);
    CHECK(strstr(msg, "folder.vtu: cannot rename the temporary file to it") != NULL);
    CHECK_INT(sn_pvd_write(missing, 1, &t, &f1, msg, sizeof msg), SN_ERR_IO);
    remove(path2);
    rmdir(missing);
    release(&U);
  }
  CHECK_INT(count_entries(dir, ".tmp"), 0);
  CHECK_INT(count_entries(dir, NULL), 5);   /* a b c d .vtu, run.pvd */

  remove_all(dir);
  return sn_check_report();
}
