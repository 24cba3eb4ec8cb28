/* VTK XML writers: the model and its results as an UnstructuredGrid (.vtu), and the ParaView
 * collection (.pvd) that ties the increments' files to their times.
 *
 * Format (VTK's "VTK File Formats", XML section; docs/results.md):
 *   <VTKFile type="UnstructuredGrid" version="1.0" byte_order="LittleEndian|BigEndian"
 *            header_type="UInt64">
 *   one <Piece>, every <DataArray format="binary">: base64 of one stream made of an 8-byte
 *   header (the number of data bytes) followed by the data, in the machine's byte order (the
 *   byte_order attribute says which). Float64 for coordinates and results, Int32 for ids,
 *   connectivity and offsets, UInt8 for cell types. Inline base64 keeps the file one valid XML
 *   document (greppable structure, values about 4/3 of raw binary, no precision lost).
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
 * tests/io/test_vtu_vtk.py checks with VTK itself that every cell has a positive size. */
#define _POSIX_C_SOURCE 200809L

#include "signorini/io.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
};

/* <DataArray ...> opening tag; comps: component names or NULL */
static void array_open(FILE *f, const char *type, const char *name, int ncomp, const char *const *comps,
                       const char *autoname)
{
  static const char *const TENSOR[6] = {"11", "22", "33", "12", "13", "23"};
  fprintf(f, "        <DataArray type=\"%s\" Name=\"", type);
  sn_xml_text(f, name);
  fputc('"', f);
  if (ncomp > 1) fprintf(f, " NumberOfComponents=\"%d\"", ncomp);
  for (int c = 0; c < ncomp && (comps || (autoname && ncomp == 6)); c++) {
    fprintf(f, " ComponentName%d=\"", c);
    if (comps) sn_xml_text(f, comps[c]);
    else {
      sn_xml_text(f, autoname);
      fputs(TENSOR[c], f);
    }
    fputc('"', f);
  }
  fputs(" format=\"binary\">", f);
}

static void array_close(FILE *f)
{
  fputs("</DataArray>\n", f);
}

/* Float64 array of n tuples of ncomp doubles */
static void write_f64(FILE *f, const char *name, int ncomp, const char *const *comps, const char *autoname,
                      const double *data, size_t n)
{
  sn_b64 e = {.f = f};
  uint64_t bytes = (uint64_t)n * (uint64_t)ncomp * sizeof(double);
  array_open(f, "Float64", name, ncomp, comps, autoname);
  sn_b64_put(&e, &bytes, sizeof bytes);
  if (bytes) sn_b64_put(&e, data, (size_t)bytes);
  sn_b64_end(&e);
  array_close(f);
}

/* Int32 array: ids[i], or i + 1 when ids is NULL */
static void write_i32(FILE *f, const char *name, const int *ids, size_t n)
{
  sn_b64 e = {.f = f};
  uint64_t bytes = (uint64_t)n * 4u;
  array_open(f, "Int32", name, 1, NULL, NULL);
  sn_b64_put(&e, &bytes, sizeof bytes);
  for (size_t i = 0; i < n; i++) {
    int32_t v = (int32_t)(ids ? ids[i] : (int)i + 1);
    sn_b64_put(&e, &v, sizeof v);
  }
  sn_b64_end(&e);
  array_close(f);
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

int sn_vtu_write(const char *path, const sn_model *m, const double *u, const sn_field *point, int npoint,
                 const sn_field *cell, int ncell, char *msg, size_t msglen)
{
  sn_outfile o;
  int rc;
  if (msg && msglen > 0) msg[0] = '\0';
  if (!path || !*path) return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "empty file name");
  if ((rc = check_model(m, u, path, msg, msglen)) ||
      (rc = check_fields(point, npoint, "point", path, msg, msglen, (size_t)m->nnodes)) ||
      (rc = check_fields(cell, ncell, "cell", path, msg, msglen, (size_t)m->nelems)))
    return rc;
  if ((rc = sn_outfile_create(&o, path, msg, msglen))) return rc;
  FILE *f = o.f;
  size_t nn = (size_t)m->nnodes, ne = (size_t)m->nelems;

  fprintf(f, "<?xml version=\"1.0\"?>\n"
             "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"%s\" header_type=\"UInt64\">\n"
             "  <UnstructuredGrid>\n"
             "    <Piece NumberOfPoints=\"%zu\" NumberOfCells=\"%zu\">\n",
          sn_host_byte_order(), nn, ne);

  /* point data: U (3 components), the caller's fields, NodeId */
  fprintf(f, "      <PointData%s>\n", u ? " Vectors=\"U\"" : "");
  if (u) {
    sn_b64 e = {.f = f};
    uint64_t bytes = (uint64_t)nn * 3u * sizeof(double);
    array_open(f, "Float64", "U", 3, NULL, NULL);
    sn_b64_put(&e, &bytes, sizeof bytes);
    for (size_t i = 0; i < nn; i++) {
      double v[3] = {u[(size_t)m->ndf * i], u[(size_t)m->ndf * i + 1], m->ndf == 3 ? u[(size_t)m->ndf * i + 2] : 0.0};
      sn_b64_put(&e, v, sizeof v);
    }
    sn_b64_end(&e);
    array_close(f);
  }
  for (int k = 0; k < npoint; k++)
    write_f64(f, point[k].name, point[k].ncomp, point[k].components, point[k].name, point[k].data, nn);
  write_i32(f, "NodeId", m->node_id, nn);
  fputs("      </PointData>\n", f);

  fputs("      <CellData>\n", f);
  for (int k = 0; k < ncell; k++)
    write_f64(f, cell[k].name, cell[k].ncomp, cell[k].components, cell[k].name, cell[k].data, ne);
  write_i32(f, "ElementId", m->elem_id, ne);
  fputs("      </CellData>\n", f);

  fputs("      <Points>\n", f);
  write_f64(f, "Points", 3, NULL, NULL, m->x, nn);
  fputs("      </Points>\n", f);

  fputs("      <Cells>\n", f);
  write_i32(f, "connectivity", m->elem_conn, ne ? (size_t)m->elem_ptr[ne] : 0);
  write_i32(f, "offsets", ne ? m->elem_ptr + 1 : NULL, ne);
  {
    sn_b64 e = {.f = f};
    uint64_t bytes = (uint64_t)ne;
    fputs("        <DataArray type=\"UInt8\" Name=\"types\" format=\"binary\">", f);
    sn_b64_put(&e, &bytes, sizeof bytes);
    for (size_t i = 0; i < ne; i++) sn_b64_put(&e, &CELLS[m->elem_type[i]].vtk, 1);
    sn_b64_end(&e);
    array_close(f);
  }
  fputs("      </Cells>\n"
        "    </Piece>\n"
        "  </UnstructuredGrid>\n"
        "</VTKFile>\n",
        f);
  return sn_outfile_finish(&o, SN_OK, msg, msglen);
}

int sn_pvd_write(const char *path, int n, const double *times, const char *const *files, char *msg, size_t msglen)
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
