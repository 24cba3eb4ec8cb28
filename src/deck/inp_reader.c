/* Abaqus / CalculiX input deck reader: sn_inp_read, sn_inp_parse (include/signorini/io.h).
 * The subset read is documented in docs/deck.md; everything outside it is an error with the
 * file and line. Lines are read one at a time from the file on top of the *INCLUDE stack
 * (inp_scan.c); every keyword is an entry of the table (inp_keywords.c) with a begin handler
 * (the keyword line), a data handler (one call per data line, fields split at commas) and an
 * end handler (when the next keyword or the end of the deck comes), in one file per family of
 * keywords. Names that decks commonly use before defining them (materials of sections,
 * interactions of contact pairs) are resolved at the end; every other name must be defined
 * before it is used. */
#define _XOPEN_SOURCE 700   /* newlocale / uselocale (numbers in the "C" locale), realpath */

#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck/inp_internal.h"
#include "io/deck_units.h"

static int end_keyword(inp_rd *p)
{
  const inp_kwdef *d = p->kw;
  int r;
  if (!d) return SN_OK;
  p->kw = NULL;
  if (d->end && (r = d->end(p))) return r;
  if (p->ndata < d->mindata) return inp_fail_at(p, p->kw_file, p->kw_line, "%s needs a data line", d->shown);
  return SN_OK;
}

static int keyword_line(inp_rd *p, const char *line)
{
  SBUF;
  char key[48];
  int r = inp_keyword_parse(p, line + 1, key, sizeof key);
  if (r) return r;
  const inp_kwdef *d = inp_keyword(key);
  if (!d) return inp_fail(p, "unknown keyword *%s", SHOW(key));
  if (d->where == W_UNSUPPORTED)
    return inp_fail(p, "%s is not supported yet (docs/deck.md lists what signorini reads)", d->shown);
  if (d->where == W_TRANSPARENT) return d->begin(p);   /* *INCLUDE: the keyword before it goes on */
  if ((r = end_keyword(p))) return r;
  switch (d->where) {
  case W_MODEL:
    if (p->in_step) return inp_fail(p, "%s is model data: not allowed inside a *STEP", d->shown);
    if (p->m->nsteps) return inp_fail(p, "%s is model data: not allowed after the first *STEP", d->shown);
    break;
  case W_STEP:
    if (!p->in_step) return inp_fail(p, "%s is only allowed inside a *STEP ... *END STEP", d->shown);
    break;
  case W_NOSTEP:
    if (p->in_step) return inp_fail(p, "*STEP inside the *STEP of line %d (missing *END STEP)", cur_step(p)->line);
    break;
  case W_BOUNDARY:
    if (!p->in_step && p->m->nsteps)
      return inp_fail(p, "*BOUNDARY between steps: put it inside a *STEP (or before the first one)");
    break;
  default: break;
  }
  for (int i = 0; i < p->npar; i++)
    if (!inp_in_list(d->params, p->par[i].name))
      return inp_fail(p, "unknown parameter '%s' for %s", SHOW(p->par[i].name), d->shown);
  /* a keyword that is no suboption ends the definition (*DAMPING is one of *MATERIAL's, so
   * that it sees where it stands: refused there) */
  if (!(d->sub & SUB_MATERIAL)) p->cur_mat = -1;
  if (!(d->sub & SUB_INTERACTION)) p->cur_int = p->cur_change = -1;
  p->kw = d;
  p->kw_file = p->file;
  p->kw_line = p->line;
  p->ndata = 0;
  return d->begin ? d->begin(p) : SN_OK;
}

static int data_line(inp_rd *p, char *line)
{
  const inp_kwdef *d = p->kw;
  if (!d) return inp_fail(p, "data line before the first keyword");
  if (!d->data) return inp_fail(p, "%s takes no data lines", d->shown);
  if (d->raw) p->raw = line;
  else {
    /* fields at commas; a trailing comma ends the line without an empty field */
    int n = 0;
    char *s = line;
    for (;;) {
      char *c = strchr(s, ',');
      if (c) *c = '\0';
      if (n == MAXFIELDS) return inp_fail(p, "too many fields on the line");
      p->f[n++] = inp_trim(s);
      if (!c) break;
      s = c + 1;
    }
    p->trailing = 0;
    if (n > 1 && !p->f[n - 1][0]) {
      n--;
      p->trailing = 1;
    }
    p->nf = n;
  }
  int r = d->data(p);
  p->ndata++;
  return r;
}

/* ------------------------------------------------------------------------------------------ */
/* the end of the deck: deferred names, sections of every element, model-data boundaries */

static int finish(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  int r;
  if ((r = end_keyword(p))) return r;
  if (p->in_step) return inp_fail_at(p, p->step_file[m->nsteps - 1], cur_step(p)->line, "*STEP without *END STEP");
  if ((r = inp_freeze(p))) return r;
  if ((r = inp_expand_structural(p))) return r;       /* shells and beams into bricks */
  for (int k = 0; k < m->nsections; k++) {
    sn_section *s = &m->sections[k];
    s->material = inp_name_find(p, NS_MAT, p->sec_mat[k]);
    if (s->material < 0) return inp_fail_at(p, p->sec_file[k], s->line, "material '%s' is not defined", SHOW(p->sec_mat[k]));
    if (!m->materials[s->material].has_elastic && !m->materials[s->material].has_hyper)
      return inp_fail_at(p, p->sec_file[k], s->line, "material '%s' has no *ELASTIC", SHOW(p->sec_mat[k]));
  }
  if ((r = inp_initial_temp_finish(p))) return r;
  if ((r = inp_gap_finish(p))) return r;
  for (int k = 0; k < m->npairs; k++) {
    sn_contact_pair *cp = &m->pairs[k];
    cp->interaction = inp_name_find(p, NS_INTER, p->pair_int[k]);
    if (cp->interaction < 0)
      return inp_fail_at(p, p->pair_file[k], cp->line, "surface interaction '%s' is not defined", SHOW(p->pair_int[k]));
  }
  for (int e = 0; e < m->nelems; e++) {
    const char *tn = sn_element_desc(m->elem_type[e])->name;
    if (m->elem_type[e] == SN_EL_GAPUNI) continue;   /* a *GAP's (inp_gap_finish); a section has no effect */
    if (m->elem_type[e] == SN_EL_SPRINGA) {
      if (m->elem_spring[e] < 0)
        return inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s) has no *SPRING", m->elem_id[e], tn);
    } else if (m->elem_section[e] < 0)
      return inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s) has no section (no *SOLID SECTION covers it)",
                     m->elem_id[e], tn);
    else {
      const sn_material *mat = &m->materials[m->sections[m->elem_section[e]].material];
      sn_elkind kind = sn_element_desc(m->elem_type[e])->kind;
      if (mat->has_plastic && (kind == SN_KIND_TRUSS || kind == SN_KIND_PLANE_STRESS))
        return inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s): a *PLASTIC material (material '%s') "
                           "on %s is not supported (solids, plane strain and axisymmetric elements only)",
                           m->elem_id[e], tn, mat->name, kind == SN_KIND_TRUSS ? "a truss" : "a plane-stress element");
      if (mat->has_hyper && (kind == SN_KIND_TRUSS || kind == SN_KIND_PLANE_STRESS))
        return inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s): a *HYPERELASTIC material (material '%s') "
                           "on %s is not supported (solids, plane strain and axisymmetric elements only)",
                           m->elem_id[e], tn, mat->name, kind == SN_KIND_TRUSS ? "a truss" : "a plane-stress element");
      /* geometry: an inverted or flat element is refused here, where its deck line is known */
      double X[3 * 20], vol;
      int a0 = m->elem_ptr[e], nn = m->elem_ptr[e + 1] - a0;
      for (int a = 0; a < nn && a < 20; a++) memcpy(X + 3 * a, m->x + 3 * m->elem_conn[a0 + a], 3 * sizeof(double));
      int sv = sn_element_volume(m->elem_type[e], X, NULL, &vol);
      if (sv == SN_ERR_FORMAT)
        return inp_fail_at(p, p->def_file[e], p->def_line[e], "element %d (%s) has zero or negative volume (flat, or inverted: check the node order)",
                       m->elem_id[e], tn);
    }
  }
  if ((r = inp_check_steps(p)) || (r = inp_check_heat(p)) || (r = inp_constraints_finish(p))) return r;
  /* model-data boundaries first in every step up to the first with *BOUNDARY, OP=NEW (which
   * removes them for good) */
  if (p->npre)
    for (int k = 0; k < m->nsteps; k++) {
      sn_step *st = &m->steps[k];
      if (st->bc_new) break;
      if ((size_t)st->nbc + (size_t)p->npre > MAXLIST)
        return inp_fail_at(p, p->step_file[k], st->line, "too many boundary conditions in the step (more than %d)", MAXLIST);
      if ((r = inp_rec_room(p, (size_t)p->npre, p->step_file[k], st->line))) return r;
      RESIZE(st->bc, (size_t)st->nbc + (size_t)p->npre);
      memmove(st->bc + p->npre, st->bc, (size_t)st->nbc * sizeof *st->bc);
      memcpy(st->bc, p->pre, (size_t)p->npre * sizeof *st->bc);
      st->nbc += p->npre;
    }
  if (sn_model_build_index(m)) return inp_nomem(p);
  return SN_OK;
}

static int run(inp_rd *p)
{
  for (;;) {
    int r = inp_next_line(p);
    if (r < 0) return r;
    if (r == 0) {
      if (p->depth == 0) break;
      inp_pop_source(&p->src[p->depth--]);
      continue;
    }
    char *l = p->buf;
    while (is_blank(*l)) l++;
    /* an included file is quoted in no message (keyword lines and ** UNITS included) until
     * one of its lines has been accepted as deck text */
    inp_source *top = &p->src[p->depth];
    p->noecho = p->depth > 0 && !top->good;
    if (l[0] == '*' && l[1] == '*') {                      /* comment, or the units line */
      char e[160];
      if (sn_deck_units(l + 2, p->m, e, sizeof e) < 0)
        return p->noecho ? inp_fail(p, "invalid ** UNITS line (content of a non-deck file not shown)") : inp_fail(p, "%s", e);
      continue;
    }
    for (const char *c = l; *c; c++)
      if ((unsigned char)*c < 0x20 && *c != '\t') return inp_fail(p, "control character (byte 0x%02x) in the line", (unsigned)(unsigned char)*c);
    l = inp_trim(l);
    if (!*l) continue;                                     /* blank line */
    r = *l == '*' ? keyword_line(p, l) : data_line(p, l);
    if (r) return r;
    top = &p->src[p->depth];                               /* an *INCLUDE pushed a new one */
    if (top->file == p->file) top->good++;
    p->noecho = 0;
  }
  return finish(p);
}

static void rd_free(inp_rd *p)
{
  for (int i = 0; i <= p->depth && i <= MAXDEPTH; i++) inp_pop_source(&p->src[i]);
  free(p->root);
  for (int i = 0; i < p->nfname; i++) free(p->fname[i]);
  free(p->fname);
  free(p->nmap);
  free(p->emap);
  free(p->names);
  free(p->mark);
  free(p->def_file);
  free(p->def_line);
  free(p->sec_mat);
  free(p->sec_file);
  free(p->pair_int);
  free(p->pair_file);
  free(p->pre);
  free(p->pre_all);
  free(p->pre_file);
  free(p->step_file);
  free(p->eqn_file);
  free(p->el_struct);
  free(p->stsec);
  free(p->rotbc);
  free(p->tr_file);
  free(p->tie_file);
  free(p->t0_node);
  free(p->t0_val);
  free(p);
}

/* the parse of buf (owned if own), or of the file fp when buf is NULL, named name */
static int parse(char *buf, size_t len, int own, FILE *fp, const char *name, const char *basedir,
                 const sn_inp_options *o, sn_model **out, char *msg, size_t msglen)
{
  inp_rd *p = calloc(1, sizeof *p);
  sn_model *m = calloc(1, sizeof *m);
  if (!p || !m) {
    free(p);
    free(m);
    if (own) free(buf);
    if (fp) fclose(fp);
    if (msg && msglen) snprintf(msg, msglen, "%s: out of memory", name);
    return SN_ERR_NOMEM;
  }
  p->m = m;
  p->msg = msg;
  p->msglen = msglen;
  p->basedir = basedir;
  p->root = basedir ? realpath(basedir, NULL) : NULL;
  p->anywhere = o->allow_include_anywhere;
  p->maxbytes = o->max_file_bytes ? o->max_file_bytes : SN_INP_MAX_FILE_BYTES;
  p->cur_mat = p->cur_int = p->cur_change = -1;
  m->ndf = 2;
  int r = inp_push_source(p, buf, len, own, fp, name);
  if (!r) {
    locale_t cloc = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    locale_t old = cloc ? uselocale(cloc) : (locale_t)0;
    r = run(p);
    if (cloc) {
      uselocale(old);
      freelocale(cloc);
    }
  } else if (msg && msglen) {
    snprintf(msg, msglen, "%s: out of memory", name);
  }
  rd_free(p);
  if (r) {
    sn_model_free(m);
    return r;
  }
  *out = m;
  if (msg && msglen) msg[0] = '\0';
  return SN_OK;
}

void sn_inp_options_default(sn_inp_options *o)
{
  if (!o) return;
  memset(o, 0, sizeof *o);
  o->max_file_bytes = SN_INP_MAX_FILE_BYTES;
}

int sn_inp_parse(const char *text, size_t len, const char *name, const char *basedir, sn_model **out, char *msg,
                 size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (out) *out = NULL;
  if (!out || (!text && len)) {
    if (msg && msglen) snprintf(msg, msglen, "sn_inp_parse: invalid argument");
    return SN_ERR_ARG;
  }
  sn_inp_options o;
  sn_inp_options_default(&o);
  return parse((char *)(uintptr_t)text, len, 0, NULL, name ? name : "<memory>", basedir, &o, out, msg, msglen);
}

int sn_inp_read(const char *path, sn_model **out, char *msg, size_t msglen)
{
  return sn_inp_read_opts(path, NULL, out, msg, msglen);
}

int sn_inp_read_opts(const char *path, const sn_inp_options *opt, sn_model **out, char *msg, size_t msglen)
{
  if (msg && msglen) msg[0] = '\0';
  if (out) *out = NULL;
  if (!path || !out) {
    if (msg && msglen) snprintf(msg, msglen, "sn_inp_read: invalid argument");
    return SN_ERR_ARG;
  }
  sn_inp_options o;
  sn_inp_options_default(&o);
  if (opt) o = *opt;
  if (!o.max_file_bytes) o.max_file_bytes = SN_INP_MAX_FILE_BYTES;
  FILE *fp;
  int err;
  if (sn_io_open_bounded(path, o.max_file_bytes, &fp, NULL, &err)) {
    sn_io_cannot_read(msg, msglen, path, err, o.max_file_bytes);
    return SN_ERR_IO;
  }
  /* the directory of path resolves *INCLUDE */
  size_t n = strlen(path);
  while (n && path[n - 1] != '/') n--;
  char *dir = malloc(n + 2);
  if (!dir) {
    fclose(fp);
    if (msg && msglen) snprintf(msg, msglen, "%s: out of memory", path);
    return SN_ERR_NOMEM;
  }
  if (n) {
    memcpy(dir, path, n);
    dir[n > 1 ? n - 1 : 1] = '\0';           /* "/x.inp" -> "/" */
  } else
    strcpy(dir, ".");
  int r = parse(NULL, 0, 0, fp, path, dir, &o, out, msg, msglen);
  free(dir);
  return r;
}
