/* VTK XML writers: the model and its results as an UnstructuredGrid (.vtu), and the ParaView
 * collection (.pvd) that ties the increments' files to their times.
 *
 * Format (VTK's "VTK File Formats", XML section; docs/results.md):
 *   <VTKFile type="UnstructuredGrid" version="1.0" byte_order="LittleEndian|BigEndian"
 *            header_type="UInt64" [compressor="vtkZLibDataCompressor"]>
 *   one <Piece>; Float64 for coordinates and results, Int32 for ids, connectivity and offsets,
 *   UInt8 for cell types, all in the machine's byte order (the byte_order attribute says which).
 *   By default (SN_VTU_RAW) every <DataArray format="appended" offset="..."/> points into one
 *   <AppendedData encoding="raw"> block after the structure: "_", then per array an 8-byte
 *   byte count and the bytes; no encoding pass, the smallest uncompressed file (base64 is 4/3
 *   of it). SN_VTU_ZLIB stores each array as one zlib block (level 1: the fastest; results
 *   compress by about 2x, ids and connectivity more); SN_VTU_BASE64 inlines base64 of the same
 *   header + bytes stream in <DataArray format="binary">, keeping the file one valid XML
 *   document.
 *
 * Element types: every supported Abaqus type has the node order of its VTK cell, so the
 * connectivity is written as stored:
 *   T2D2, T3D2, SPRINGA -> VTK_LINE (3)            CPE3, CPS3 -> VTK_TRIANGLE (5)
 *   CPE4, CPS4, CAX4 -> VTK_QUAD (9)               CPE6, CPS6 -> VTK_QUADRATIC_TRIANGLE (22)
 *   CPE8(R), CPS8(R), CAX8(R) -> VTK_QUADRATIC_QUAD (23): corners, then edges 1-2 2-3 3-4 4-1
 *   C3D4 -> VTK_TETRA (10)                         C3D8 -> VTK_HEXAHEDRON (12)
 *   C3D10 -> VTK_QUADRATIC_TETRA (24): corners, then edges 1-2 2-3 3-1 1-4 2-4 3-4 (both)
 *   C3D20(R) -> VTK_QUADRATIC_HEXAHEDRON (25): corners, then edges 1-2 2-3 3-4 4-1 (bottom),
 *     5-6 6-7 7-8 8-5 (top), 1-5 2-6 3-7 4-8 (vertical), in both conventions.
 *   C3D8I -> VTK_HEXAHEDRON (12)                  GAPUNI -> VTK_LINE (3)
 *   The wedges are the exception: VTK's base triangle 0-1-2 turns the other way (its normal
 *   points away from the top face, VTK's vtkWedge documentation), so the triangles are
 *   reversed: C3D6 -> VTK_WEDGE (13) as nodes 1 3 2 4 6 5; C3D15 -> VTK_QUADRATIC_WEDGE (26)
 *   as 1 3 2 4 6 5, the bottom edges 3-1 2-3 1-2 (9 8 7), the top ones 6-4 5-6 4-5
 *   (12 11 10) and the vertical 1-4 3-6 2-5 (13 15 14).
 * tests/io/test_vtu_vtk.py checks with VTK itself that every cell has a positive size. */
#define _POSIX_C_SOURCE 200809L

#include "signorini/io.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "io/out_file.h"
#include "io/vtk_base64.h"

/* ---- element type -> VTK cell ---- */
typedef struct {
  int nnodes;
  unsigned char vtk;
} vtk_cell;

static const vtk_cell CELLS[SN_EL_COUNT] = {
  [SN_EL_T2D2] = {2, 3},    [SN_EL_T3D2] = {2, 3},    [SN_EL_SPRINGA] = {2, 3},
  [SN_EL_CPE3] = {3, 5},    [SN_EL_CPS3] = {3, 5},
  [SN_EL_CPE4] = {4, 9},    [SN_EL_CPS4] = {4, 9},    [SN_EL_CAX4] = {4, 9},
  [SN_EL_CPE6] = {6, 22},   [SN_EL_CPS6] = {6, 22},
  [SN_EL_CPE8] = {8, 23},   [SN_EL_CPE8R] = {8, 23},  [SN_EL_CPS8] = {8, 23},
  [SN_EL_CPS8R] = {8, 23},  [SN_EL_CAX8] = {8, 23},   [SN_EL_CAX8R] = {8, 23},
  [SN_EL_C3D4] = {4, 10},   [SN_EL_C3D8] = {8, 12},   [SN_EL_C3D10] = {10, 24},
  [SN_EL_C3D20] = {20, 25}, [SN_EL_C3D20R] = {20, 25},
  [SN_EL_C3D6] = {6, 13},   [SN_EL_C3D15] = {15, 26}, [SN_EL_C3D8I] = {8, 12},
  [SN_EL_GAPUNI] = {2, 3},
};

/* VTK's node k of a wedge is the element's node WEDGE_VTK[k] (see above) */
static const int WEDGE_VTK[15] = {0, 2, 1, 3, 5, 4, 8, 7, 6, 11, 10, 9, 12, 14, 13};

/* ---- the arrays of a file: collected first (values, byte counts, compressed blocks), so that
 * the XML part can give every appended array its offset before the data follow ---- */
typedef struct {
  const char *type, *name, *autoname;   /* autoname: a 6-component array's tensor name */
  int ncomp;
  const char *const *comps;
  const void *data;                     /* the values, in the machine's byte order */
  uint64_t bytes;
  void *own;                            /* data when converted here (malloc'd) */
  unsigned char *z;                     /* SN_VTU_ZLIB: the header (4 UInt64) and zlib's stream */
  size_t zbytes;
} vtu_array;

enum { SEC_POINT, SEC_CELL, SEC_POINTS, SEC_CELLS };
#define NSEC 4

typedef struct {
  vtu_array *a;
  int n, sec_end[NSEC];                 /* arrays of section s: [sec_end[s-1], sec_end[s]) */
  int nomem;
} vtu_list;

static vtu_array *add(vtu_list *L, const char *type, const char *name, int ncomp, const char *const *comps,
                      const char *autoname, const void *data, uint64_t bytes, void *own)
{
  vtu_array *a = &L->a[L->n++];
  *a = (vtu_array){type, name, autoname, ncomp, comps, data, bytes, own, NULL, 0};
  if (bytes && !data) L->nomem = 1;     /* a conversion's allocation failed */
  return a;
}

/* Int32 copy of ids[i], or i + 1 when ids is NULL */
static int32_t *ids32(const int *ids, size_t n)
{
  int32_t *v = malloc(sizeof(int32_t) * (n + 1));
  for (size_t i = 0; v && i < n; i++) v[i] = (int32_t)(ids ? ids[i] : (int)i + 1);
  return v;
}

/* the file's arrays in the order they are written; L->a holds room for all of them */
static void collect(vtu_list *L, const sn_model *m, const double *u, const sn_field *point, int npoint,
                    const sn_field *cell, int ncell)
{
  size_t nn = (size_t)m->nnodes, ne = (size_t)m->nelems, nc = ne ? (size_t)m->elem_ptr[ne] : 0;
  if (u) {
    double *u3 = malloc(sizeof(double) * 3 * (nn + 1));
    for (size_t i = 0; u3 && i < nn; i++) {
      u3[3 * i] = u[(size_t)m->ndf * i];
      u3[3 * i + 1] = u[(size_t)m->ndf * i + 1];
      u3[3 * i + 2] = m->ndf == 3 ? u[(size_t)m->ndf * i + 2] : 0.0;
    }
    add(L, "Float64", "U", 3, NULL, NULL, u3, 24 * (uint64_t)nn, u3);
  }
  for (int k = 0; k < npoint; k++)
    add(L, "Float64", point[k].name, point[k].ncomp, point[k].components, point[k].name, point[k].data,
        (uint64_t)nn * (uint64_t)point[k].ncomp * 8u, NULL);
  int32_t *v = ids32(m->node_id, nn);
  add(L, "Int32", "NodeId", 1, NULL, NULL, v, 4 * (uint64_t)nn, v);
  L->sec_end[SEC_POINT] = L->n;
  for (int k = 0; k < ncell; k++)
    add(L, "Float64", cell[k].name, cell[k].ncomp, cell[k].components, cell[k].name, cell[k].data,
        (uint64_t)ne * (uint64_t)cell[k].ncomp * 8u, NULL);
  v = ids32(m->elem_id, ne);
  add(L, "Int32", "ElementId", 1, NULL, NULL, v, 4 * (uint64_t)ne, v);
  L->sec_end[SEC_CELL] = L->n;
  add(L, "Float64", "Points", 3, NULL, NULL, m->x, 24 * (uint64_t)nn, NULL);
  L->sec_end[SEC_POINTS] = L->n;
  v = malloc(sizeof(int32_t) * (nc + 1));
  for (size_t k = 0; v && k < nc; k++) v[k] = (int32_t)m->elem_conn[k];
  for (size_t e = 0; v && e < ne; e++)
    if (m->elem_type[e] == SN_EL_C3D6 || m->elem_type[e] == SN_EL_C3D15)
      for (int k = 0; k < m->elem_ptr[e + 1] - m->elem_ptr[e]; k++)
        v[m->elem_ptr[e] + k] = (int32_t)m->elem_conn[m->elem_ptr[e] + WEDGE_VTK[k]];
  add(L, "Int32", "connectivity", 1, NULL, NULL, v, 4 * (uint64_t)nc, v);
  v = ids32(ne ? m->elem_ptr + 1 : NULL, ne);
  add(L, "Int32", "offsets", 1, NULL, NULL, v, 4 * (uint64_t)ne, v);
  unsigned char *t = malloc(ne + 1);
  for (size_t e = 0; t && e < ne; e++) t[e] = CELLS[m->elem_type[e]].vtk;
  add(L, "UInt8", "types", 1, NULL, NULL, t, (uint64_t)ne, t);
  L->sec_end[SEC_CELLS] = L->n;
}

/* SN_VTU_ZLIB: every array as one zlib block behind vtkZLibDataCompressor's header (UInt64:
 * number of blocks, block size, size of a partial last block (0: none), compressed size of
 * each block; VTK's "VTK File Formats", XML section, "compressed data") */
static int compress_all(vtu_list *L)
{
  for (int k = 0; k < L->n; k++) {
    vtu_array *a = &L->a[k];
    uLong bound = compressBound((uLong)a->bytes);
    a->z = malloc(32 + (size_t)bound);
    if (!a->z) return SN_ERR_NOMEM;
    uLongf zlen = bound;
    if (a->bytes && compress2(a->z + 32, &zlen, a->data, (uLong)a->bytes, Z_BEST_SPEED) != Z_OK) return SN_ERR_NOMEM;
    /* an empty array: no block, the header's three first words only */
    uint64_t h[4] = {a->bytes ? 1u : 0u, a->bytes, 0, (uint64_t)zlen};
    memcpy(a->z, h, sizeof h);
    a->zbytes = a->bytes ? 32 + (size_t)zlen : 24;
  }
  return SN_OK;
}

static void release_list(vtu_list *L)
{
  for (int k = 0; k < L->n; k++) {
    free(L->a[k].own);
    free(L->a[k].z);
  }
  free(L->a);
}

/* <DataArray ...>: inline base64 (enc SN_VTU_BASE64) or appended at offset */
static void array_xml(FILE *f, const vtu_array *a, sn_vtu_encoding enc, uint64_t offset)
{
  static const char *const TENSOR[6] = {"11", "22", "33", "12", "13", "23"};
  fprintf(f, "        <DataArray type=\"%s\" Name=\"", a->type);
  sn_xml_text(f, a->name);
  fputc('"', f);
  if (a->ncomp > 1) fprintf(f, " NumberOfComponents=\"%d\"", a->ncomp);
  for (int c = 0; c < a->ncomp && (a->comps || (a->autoname && a->ncomp == 6)); c++) {
    fprintf(f, " ComponentName%d=\"", c);
    if (a->comps) sn_xml_text(f, a->comps[c]);
    else {
      sn_xml_text(f, a->autoname);
      fputs(TENSOR[c], f);
    }
    fputc('"', f);
  }
  if (enc != SN_VTU_BASE64) {
    fprintf(f, " format=\"appended\" offset=\"%llu\"/>\n", (unsigned long long)offset);
    return;
  }
  fputs(" format=\"binary\">", f);
  sn_b64 e = {.f = f};
  sn_b64_put(&e, &a->bytes, sizeof a->bytes);
  if (a->bytes) sn_b64_put(&e, a->data, (size_t)a->bytes);
  sn_b64_end(&e);
  fputs("</DataArray>\n", f);
}

/* the appended block: per array its UInt64 byte count and its bytes, or its zlib block */
static void appended(FILE *f, const vtu_list *L, sn_vtu_encoding enc)
{
  fputs("  <AppendedData encoding=\"raw\">\n_", f);
  for (int k = 0; k < L->n; k++) {
    const vtu_array *a = &L->a[k];
    if (enc == SN_VTU_ZLIB) {
      fwrite(a->z, 1, a->zbytes, f);
      continue;
    }
    fwrite(&a->bytes, sizeof a->bytes, 1, f);
    if (a->bytes) fwrite(a->data, 1, (size_t)a->bytes, f);
  }
  fputs("\n  </AppendedData>\n", f);
}

static uint64_t stored_bytes(const vtu_array *a, sn_vtu_encoding enc)
{
  return enc == SN_VTU_ZLIB ? (uint64_t)a->zbytes : 8u + a->bytes;
}

/* the XML structure (with the base64 arrays inline), then the appended block */
static void write_file(FILE *f, const vtu_list *L, const sn_model *m, int has_u, sn_vtu_encoding enc)
{
  static const char *const open_tag[NSEC] = {NULL, "      <CellData>\n", "      <Points>\n", "      <Cells>\n"};
  static const char *const close_tag[NSEC] = {"      </PointData>\n", "      </CellData>\n", "      </Points>\n",
                                              "      </Cells>\n"};
  fprintf(f, "<?xml version=\"1.0\"?>\n"
             "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"%s\" header_type=\"UInt64\"%s>\n"
             "  <UnstructuredGrid>\n"
             "    <Piece NumberOfPoints=\"%d\" NumberOfCells=\"%d\">\n",
          sn_host_byte_order(), enc == SN_VTU_ZLIB ? " compressor=\"vtkZLibDataCompressor\"" : "", m->nnodes, m->nelems);
  uint64_t offset = 0;
  int k = 0;
  for (int s = 0; s < NSEC; s++) {
    if (s == SEC_POINT) fprintf(f, "      <PointData%s>\n", has_u ? " Vectors=\"U\"" : "");
    else fputs(open_tag[s], f);
    for (; k < L->sec_end[s]; k++) {
      array_xml(f, &L->a[k], enc, offset);
      offset += stored_bytes(&L->a[k], enc);
    }
    fputs(close_tag[s], f);
  }
  fputs("    </Piece>\n"
        "  </UnstructuredGrid>\n", f);
  if (enc != SN_VTU_BASE64) appended(f, L, enc);
  fputs("</VTKFile>\n", f);
}

/* ---- checks ---- */
static int check_fields(const sn_field *fl, int nf, const char *what, const char *path, char *msg, size_t msglen,
                        size_t count)
{
  if (nf < 0 || (nf > 0 && !fl)) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "bad %s field list", what);
  for (int k = 0; k < nf; k++) {
    const sn_field *F = &fl[k];
    if (!F->name || !*F->name)
      return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "%s field %d has no name", what, k);
    if (F->ncomp < 1 || F->ncomp > 1000)
      return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "%s field %s: %d components", what, F->name, F->ncomp);
    if (count > 0 && !F->data)
      return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "%s field %s has no data", what, F->name);
    for (int c = 0; F->components && c < F->ncomp; c++)
      if (!F->components[c])
        return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "%s field %s: component %d has no name", what,
                               F->name, c);
  }
  return SN_OK;
}

static int check_model(const sn_model *m, const double *u, const char *path, char *msg, size_t msglen)
{
  if (!m) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "no model");
  if (m->nnodes < 0 || m->nelems < 0 || (m->nnodes > 0 && !m->x) ||
      (m->nelems > 0 && (!m->elem_type || !m->elem_ptr || !m->elem_conn)))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "incomplete model (nodes or elements missing)");
  if (u && m->ndf != 2 && m->ndf != 3)
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "ndf = %d, expected 2 or 3", m->ndf);
  if (m->nelems > 0 && m->elem_ptr[0] != 0)
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "element pointers do not start at 0");
  for (int e = 0; e < m->nelems; e++) {
    int id = m->elem_id ? m->elem_id[e] : e + 1;
    sn_eltype t = m->elem_type[e];
    if ((int)t <= SN_EL_NONE || (int)t >= SN_EL_COUNT || CELLS[t].nnodes == 0)
      return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "element %d: unknown type %d", id, (int)t);
    if (m->elem_ptr[e + 1] - m->elem_ptr[e] != CELLS[t].nnodes)
      return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "element %d: %d nodes, its type has %d", id,
                             m->elem_ptr[e + 1] - m->elem_ptr[e], CELLS[t].nnodes);
    for (int k = m->elem_ptr[e]; k < m->elem_ptr[e + 1]; k++)
      if (m->elem_conn[k] < 0 || m->elem_conn[k] >= m->nnodes)
        return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "element %d: node index %d out of range", id,
                               m->elem_conn[k]);
  }
  return SN_OK;
}

int sn_vtu_write_enc(const char *path, const sn_model *m, const double *u, const sn_field *point, int npoint,
                     const sn_field *cell, int ncell, sn_vtu_encoding enc, char *msg, size_t msglen)
{
  return sn_vtu_write_x(path, m, u, point, npoint, cell, ncell, enc, 0, msg, msglen);
}

int sn_vtu_write_x(const char *path, const sn_model *m, const double *u, const sn_field *point, int npoint,
                   const sn_field *cell, int ncell, sn_vtu_encoding enc, int nosync, char *msg, size_t msglen)
{
  sn_outfile o;
  int rc;
  if (msg && msglen > 0) msg[0] = '\0';
  if (!path || !*path) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "empty file name");
  if (enc != SN_VTU_RAW && enc != SN_VTU_ZLIB && enc != SN_VTU_BASE64)
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "unknown encoding %d", (int)enc);
  if ((rc = check_model(m, u, path, msg, msglen)) ||
      (rc = check_fields(point, npoint, "point", path, msg, msglen, (size_t)m->nnodes)) ||
      (rc = check_fields(cell, ncell, "cell", path, msg, msglen, (size_t)m->nelems)))
    return rc;
  vtu_list L = {0};
  L.a = calloc((size_t)npoint + (size_t)ncell + 8, sizeof *L.a);
  if (!L.a) return sn_outfile_fail(msg, msglen, SN_ERR_NOMEM, path, "out of memory");
  collect(&L, m, u, point, npoint, cell, ncell);
  rc = L.nomem ? SN_ERR_NOMEM : SN_OK;
  if (!rc && enc == SN_VTU_ZLIB) rc = compress_all(&L);
  if (rc) {
    release_list(&L);
    return sn_outfile_fail(msg, msglen, rc, path, "out of memory");
  }
  if (!(rc = sn_outfile_create(&o, path, msg, msglen))) {
    o.nosync = nosync;
    o.writeback = nosync;   /* each increment's own file, kept: on its way to disk now */
    write_file(o.f, &L, m, u != NULL, enc);
    rc = sn_outfile_finish(&o, SN_OK, msg, msglen);
  }
  release_list(&L);
  return rc;
}

int sn_vtu_write(const char *path, const sn_model *m, const double *u, const sn_field *point, int npoint,
                 const sn_field *cell, int ncell, char *msg, size_t msglen)
{
  return sn_vtu_write_enc(path, m, u, point, npoint, cell, ncell, SN_VTU_RAW, msg, msglen);
}

int sn_pvd_write(const char *path, int n, const double *times, const char *const *files, char *msg, size_t msglen)
{
  return sn_pvd_write_x(path, n, times, files, 0, msg, msglen);
}

int sn_pvd_write_x(const char *path, int n, const double *times, const char *const *files, int nosync, char *msg,
                   size_t msglen)
{
  sn_outfile o;
  int rc;
  if (msg && msglen > 0) msg[0] = '\0';
  if (!path || !*path) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "empty file name");
  if (n < 0 || (n > 0 && (!times || !files)))
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "bad list of files");
  for (int i = 0; i < n; i++) {
    if (!files[i] || !*files[i]) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "file %d has no name", i);
    if (!isfinite(times[i])) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "file %s: time is not finite", files[i]);
  }
  if ((rc = sn_outfile_create(&o, path, msg, msglen))) return rc;
  o.nosync = nosync;
  fprintf(o.f, "<?xml version=\"1.0\"?>\n"
               "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"%s\">\n"
               "  <Collection>\n",
          sn_host_byte_order());
  for (int i = 0; i < n; i++) {
    fprintf(o.f, "    <DataSet timestep=\"%.17g\" group=\"\" part=\"0\" file=\"", times[i]);
    sn_xml_text(o.f, files[i]);
    fputs("\"/>\n", o.f);
  }
  fputs("  </Collection>\n"
        "</VTKFile>\n",
        o.f);
  return sn_outfile_finish(&o, SN_OK, msg, msglen);
}
