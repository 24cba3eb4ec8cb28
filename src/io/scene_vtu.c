/* The frames of a rigid-body scene as VTK XML UnstructuredGrid files (scene_io.h): the bodies'
 * surfaces and the contact points. Same layout as vtu_writer.c (inline base64, UInt64 headers,
 * the machine's byte order; VTK's "VTK File Formats", XML section), each array streamed body by
 * body so that a frame of 100 000 bodies needs no memory beyond the shared surfaces. */
#include "io/scene_io.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/surface.h"
#include "io/out_file.h"
#include "io/vtk_base64.h"

/* ---------------------------------------------------------------- shapes ---- */

/* radius of a sphere about the body origin enclosing the shape (planes: 0) */
static double shape_bound(const sn_shape_desc *s)
{
  double m = 0;
  switch (s->kind) {
  case SN_SHAPE_SPHERE: return s->radius;
  case SN_SHAPE_BOX: return sqrt(s->half[0] * s->half[0] + s->half[1] * s->half[1] + s->half[2] * s->half[2]);
  case SN_SHAPE_CAPSULE: return s->half_length + s->radius;
  case SN_SHAPE_CYLINDER: return hypot(s->half_length, s->radius);
  case SN_SHAPE_CONVEX:
  case SN_SHAPE_MESH:
    for (int k = 0; k < s->nvert; k++)
      m = fmax(m, sqrt(s->vert[3 * k] * s->vert[3 * k] + s->vert[3 * k + 1] * s->vert[3 * k + 1] +
                       s->vert[3 * k + 2] * s->vert[3 * k + 2]));
    return m;
  default: return 0;
  }
}

static int curved(sn_shape_kind k) { return k == SN_SHAPE_SPHERE || k == SN_SHAPE_CAPSULE || k == SN_SHAPE_CYLINDER; }

/* the planes' square: twice the farthest reach of a body from a plane's origin, plus 20 % */
static double auto_extent(const sn_scene *S)
{
  int nb = sn_scene_nbodies(S);
  double reach = 0;
  for (int p = 0; p < nb; p++) {
    sn_body_desc dp, d;
    sn_body_state sp, s;
    if (sn_scene_body_desc(S, p, &dp) || dp.shape.kind != SN_SHAPE_PLANE || sn_scene_body_state(S, p, &sp)) continue;
    for (int i = 0; i < nb; i++) {
      if (sn_scene_body_desc(S, i, &d) || d.shape.kind == SN_SHAPE_PLANE || sn_scene_body_state(S, i, &s)) continue;
      double dx = s.x[0] - sp.x[0], dy = s.x[1] - sp.x[1], dz = s.x[2] - sp.x[2];
      reach = fmax(reach, sqrt(dx * dx + dy * dy + dz * dz) + shape_bound(&d.shape));
    }
  }
  return reach > 0 ? 2.4 * reach : 1.0;
}

/* the same surface as the previous body's (primitives of equal sizes) */
static int same_shape(const sn_shape_desc *a, const sn_shape_desc *b)
{
  if (a->kind != b->kind || a->kind == SN_SHAPE_CONVEX || a->kind == SN_SHAPE_MESH) return 0;
  return a->radius == b->radius && a->half_length == b->half_length && a->half[0] == b->half[0] &&
         a->half[1] == b->half[1] && a->half[2] == b->half[2];
}

int sn_scene_shapes_build(sn_scene_shapes *G, const sn_scene *S, double extent, char *msg, size_t msglen)
{
  memset(G, 0, sizeof *G);
  int nb = sn_scene_nbodies(S), ncurved = 0, sphere_surf = -1, st = SN_OK;
  sn_body_desc d, prev;
  memset(&prev, 0, sizeof prev);
  for (int i = 0; i < nb; i++)
    if (!sn_scene_body_desc(S, i, &d)) ncurved += curved(d.shape.kind);
  G->detail = ncurved <= SN_SCENE_DETAIL2_MAX ? 2 : ncurved <= SN_SCENE_DETAIL1_MAX ? 1 : 0;
  G->extent = extent > 0 && isfinite(extent) ? extent : auto_extent(S);
  G->nbody = nb;
  G->surf = malloc(sizeof(int) * ((size_t)nb + 1));
  G->scale = malloc(sizeof(double) * ((size_t)nb + 1));
  G->s = calloc((size_t)nb + 1, sizeof *G->s);
  if (!G->surf || !G->scale || !G->s) st = SN_ERR_NOMEM;
  for (int i = 0; i < nb && !st; i++) {
    sn_scene_body_desc(S, i, &d);
    G->scale[i] = 1.0;
    if (d.shape.kind == SN_SHAPE_SPHERE && sphere_surf >= 0) {
      G->surf[i] = sphere_surf;
      G->scale[i] = d.shape.radius;
    } else if (i > 0 && same_shape(&d.shape, &prev.shape)) {
      G->surf[i] = G->surf[i - 1];
    } else {
      sn_scene_surf *s = &G->s[G->nsurf];
      st = sn_scene_body_surface_detail(S, i, G->extent, G->detail, &s->nv, &s->v, &s->nt, &s->t);
      if (st) {
        if (msg && msglen) snprintf(msg, msglen, "body %d (%s): no surface to draw: %s", i, sn_scene_body_name(S, i), sn_strerror(st));
        break;
      }
      if (d.shape.kind == SN_SHAPE_SPHERE) {   /* the unit sphere, shared by every sphere */
        for (int k = 0; k < 3 * s->nv; k++) s->v[k] /= d.shape.radius;
        sphere_surf = G->nsurf;
        G->scale[i] = d.shape.radius;
      }
      G->surf[i] = G->nsurf++;
    }
    G->npoints += G->s[G->surf[i]].nv;
    G->ncells += G->s[G->surf[i]].nt;
    prev = d;
  }
  if (!st && (G->npoints > INT32_MAX || 4 * G->ncells > INT32_MAX)) {
    if (msg && msglen) snprintf(msg, msglen, "%lld points, %lld triangles: too many for one frame", G->npoints, G->ncells);
    st = SN_ERR_ARG;
  }
  if (st == SN_ERR_NOMEM && msg && msglen) snprintf(msg, msglen, "out of memory for the bodies' surfaces");
  if (st) sn_scene_shapes_free(G);
  return st;
}

void sn_scene_shapes_free(sn_scene_shapes *G)
{
  for (int k = 0; G->s && k < G->nsurf; k++) {
    free(G->s[k].v);
    free(G->s[k].t);
  }
  free(G->s);
  free(G->surf);
  free(G->scale);
  memset(G, 0, sizeof *G);
}

/* ---------------------------------------------------------------- arrays ---- */

static void array_open(FILE *f, const char *type, const char *name, int ncomp)
{
  fprintf(f, "        <DataArray type=\"%s\" Name=\"%s\"", type, name);
  if (ncomp > 1) fprintf(f, " NumberOfComponents=\"%d\"", ncomp);
  fputs(" format=\"binary\">", f);
}

/* start one array's stream: its opening tag and the UInt64 byte count */
static void stream_open(sn_b64 *e, FILE *f, const char *type, const char *name, int ncomp, uint64_t bytes)
{
  memset(e, 0, offsetof(sn_b64, out));
  e->f = f;
  array_open(f, type, name, ncomp);
  sn_b64_put(e, &bytes, sizeof bytes);
}

static void stream_close(sn_b64 *e)
{
  sn_b64_end(e);
  fputs("</DataArray>\n", e->f);
}

/* rotation matrix (row-major) of the unit quaternion (w, x, y, z) */
static void quat_to_R(const double q[4], double R[9])
{
  double w = q[0], x = q[1], y = q[2], z = q[3];
  R[0] = 1 - 2 * (y * y + z * z); R[1] = 2 * (x * y - w * z);     R[2] = 2 * (x * z + w * y);
  R[3] = 2 * (x * y + w * z);     R[4] = 1 - 2 * (x * x + z * z); R[5] = 2 * (y * z - w * x);
  R[6] = 2 * (x * z - w * y);     R[7] = 2 * (y * z + w * x);     R[8] = 1 - 2 * (x * x + y * y);
}

/* the points of every body (what = 0) or their velocities v + w x r (what = 1) */
static void body_points(sn_b64 *e, const sn_scene *S, const sn_scene_shapes *G, int what)
{
  double buf[3 * 256];
  int nb = 0;
  for (int i = 0; i < G->nbody; i++) {
    sn_body_state st;
    double R[9];
    sn_scene_body_state(S, i, &st);
    quat_to_R(st.q, R);
    const sn_scene_surf *s = &G->s[G->surf[i]];
    double c = G->scale[i];
    for (int k = 0; k < s->nv; k++) {
      const double *p = s->v + 3 * (size_t)k;
      double r[3] = {c * (R[0] * p[0] + R[1] * p[1] + R[2] * p[2]), c * (R[3] * p[0] + R[4] * p[1] + R[5] * p[2]),
                     c * (R[6] * p[0] + R[7] * p[1] + R[8] * p[2])};
      double *o = buf + 3 * nb;
      if (what == 0) {
        o[0] = st.x[0] + r[0]; o[1] = st.x[1] + r[1]; o[2] = st.x[2] + r[2];
      } else {
        o[0] = st.v[0] + st.w[1] * r[2] - st.w[2] * r[1];
        o[1] = st.v[1] + st.w[2] * r[0] - st.w[0] * r[2];
        o[2] = st.v[2] + st.w[0] * r[1] - st.w[1] * r[0];
      }
      if (++nb == 256) {
        sn_b64_put(e, buf, sizeof buf);
        nb = 0;
      }
    }
  }
  sn_b64_put(e, buf, sizeof(double) * 3 * (size_t)nb);
}

/* the cells: connectivity (what 0), offsets (1), BodyId (2) as Int32 */
static void body_cells(sn_b64 *e, const sn_scene_shapes *G, int what)
{
  int32_t buf[3 * 256];
  int n = 0;
  long long base = 0, cell = 0;
  for (int i = 0; i < G->nbody; i++) {
    const sn_scene_surf *s = &G->s[G->surf[i]];
    for (int k = 0; k < s->nt; k++, cell++) {
      if (what == 0)
        for (int j = 0; j < 3; j++) buf[n++] = (int32_t)(base + s->t[3 * (size_t)k + j]);
      else buf[n++] = what == 1 ? (int32_t)(3 * (cell + 1)) : (int32_t)i;
      if (n > 3 * 255) {
        sn_b64_put(e, buf, sizeof(int32_t) * (size_t)n);
        n = 0;
      }
    }
    base += s->nv;
  }
  sn_b64_put(e, buf, sizeof(int32_t) * (size_t)n);
}

/* n cells of one VTK type (UInt8) */
static void cell_types(FILE *f, long long n, unsigned char type)
{
  sn_b64 e;
  unsigned char buf[1024];
  memset(buf, type, sizeof buf);
  stream_open(&e, f, "UInt8", "types", 1, (uint64_t)n);
  for (long long k = 0; k < n; k += (long long)sizeof buf)
    sn_b64_put(&e, buf, (size_t)(n - k < (long long)sizeof buf ? n - k : (long long)sizeof buf));
  stream_close(&e);
}

static void piece_open(FILE *f, long long np, long long nc)
{
  fprintf(f, "<?xml version=\"1.0\"?>\n"
             "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"%s\" header_type=\"UInt64\">\n"
             "  <UnstructuredGrid>\n"
             "    <Piece NumberOfPoints=\"%lld\" NumberOfCells=\"%lld\">\n",
          sn_host_byte_order(), np, nc);
}

static void piece_close(FILE *f)
{
  fputs("    </Piece>\n"
        "  </UnstructuredGrid>\n"
        "</VTKFile>\n",
        f);
}

int sn_scene_vtu_bodies(const char *path, const sn_scene *S, const sn_scene_shapes *G, int nosync, char *msg,
                        size_t msglen)
{
  if (sn_scene_nbodies(S) != G->nbody)
    return sn_outfile_fail(msg, msglen, SN_ERR_ARG, path, "the scene has %d bodies, %d when the output was opened",
                           sn_scene_nbodies(S), G->nbody);
  sn_outfile o;
  int rc = sn_outfile_create(&o, path, msg, msglen);
  if (rc) return rc;
  o.nosync = o.writeback = nosync != 0;
  FILE *f = o.f;
  sn_b64 e;
  uint64_t np = (uint64_t)G->npoints, nc = (uint64_t)G->ncells;
  piece_open(f, G->npoints, G->ncells);
  fputs("      <PointData Vectors=\"Velocity\">\n", f);
  stream_open(&e, f, "Float64", "Velocity", 3, np * 24u);
  body_points(&e, S, G, 1);
  stream_close(&e);
  fputs("      </PointData>\n      <CellData Scalars=\"BodyId\">\n", f);
  stream_open(&e, f, "Int32", "BodyId", 1, nc * 4u);
  body_cells(&e, G, 2);
  stream_close(&e);
  fputs("      </CellData>\n      <Points>\n", f);
  stream_open(&e, f, "Float64", "Points", 3, np * 24u);
  body_points(&e, S, G, 0);
  stream_close(&e);
  fputs("      </Points>\n      <Cells>\n", f);
  stream_open(&e, f, "Int32", "connectivity", 1, nc * 12u);
  body_cells(&e, G, 0);
  stream_close(&e);
  stream_open(&e, f, "Int32", "offsets", 1, nc * 4u);
  body_cells(&e, G, 1);
  stream_close(&e);
  cell_types(f, G->ncells, 5);   /* VTK_TRIANGLE */
  fputs("      </Cells>\n", f);
  piece_close(f);
  return sn_outfile_finish(&o, SN_OK, msg, msglen);
}

/* ---------------------------------------------------------------- contacts ---- */

/* one value (or three) per contact: what selects it */
enum { C_POINT, C_NORMAL, C_IMPULSE, C_IN, C_IT, C_GAP };

static void contact_f64(FILE *f, const sn_scene *S, int n, const char *name, int what)
{
  sn_b64 e;
  int nc = what <= C_IMPULSE ? 3 : 1;
  stream_open(&e, f, "Float64", name, nc, (uint64_t)n * (uint64_t)nc * 8u);
  for (int k = 0; k < n; k++) {
    sn_body_contact c;
    double v[3] = {NAN, NAN, NAN};
    if (!sn_scene_contact(S, k, &c)) {
      const double *r = c.impulse;
      switch (what) {
      case C_POINT: memcpy(v, c.point, sizeof v); break;
      case C_NORMAL: memcpy(v, c.normal, sizeof v); break;
      case C_IMPULSE:
        for (int j = 0; j < 3; j++) v[j] = r[0] * c.normal[j] + r[1] * c.t1[j] + r[2] * c.t2[j];
        break;
      case C_IN: v[0] = r[0]; break;
      case C_IT: v[0] = hypot(r[1], r[2]); break;
      default: v[0] = c.gap;
      }
    }
    sn_b64_put(&e, v, sizeof(double) * (size_t)nc);
  }
  stream_close(&e);
}

/* Int32 per contact: status (0), body a (1), body b (2); or the cells' connectivity (3),
 * offsets (4) */
static void contact_i32(FILE *f, const sn_scene *S, int n, const char *name, int what)
{
  sn_b64 e;
  stream_open(&e, f, "Int32", name, 1, (uint64_t)n * 4u);
  for (int k = 0; k < n; k++) {
    sn_body_contact c;
    int32_t v = -1;
    if (what == 3) v = k;
    else if (what == 4) v = k + 1;
    else if (!sn_scene_contact(S, k, &c)) v = what == 0 ? c.status : what == 1 ? c.a : c.b;
    sn_b64_put(&e, &v, sizeof v);
  }
  stream_close(&e);
}

int sn_scene_vtu_contacts(const char *path, const sn_scene *S, int nosync, char *msg, size_t msglen)
{
  int n = sn_scene_ncontacts(S);
  sn_outfile o;
  int rc = sn_outfile_create(&o, path, msg, msglen);
  if (rc) return rc;
  o.nosync = o.writeback = nosync != 0;
  FILE *f = o.f;
  piece_open(f, n, n);
  fputs("      <PointData Vectors=\"Normal\">\n", f);
  contact_f64(f, S, n, "Normal", C_NORMAL);
  contact_f64(f, S, n, "Impulse", C_IMPULSE);
  contact_f64(f, S, n, "ImpulseN", C_IN);
  contact_f64(f, S, n, "ImpulseT", C_IT);
  contact_f64(f, S, n, "Gap", C_GAP);
  contact_i32(f, S, n, "Status", 0);
  contact_i32(f, S, n, "BodyA", 1);
  contact_i32(f, S, n, "BodyB", 2);
  fputs("      </PointData>\n      <Points>\n", f);
  contact_f64(f, S, n, "Points", C_POINT);
  fputs("      </Points>\n      <Cells>\n", f);
  contact_i32(f, S, n, "connectivity", 3);
  contact_i32(f, S, n, "offsets", 4);
  cell_types(f, n, 1);   /* VTK_VERTEX */
  fputs("      </Cells>\n", f);
  piece_close(f);
  return sn_outfile_finish(&o, SN_OK, msg, msglen);
}
