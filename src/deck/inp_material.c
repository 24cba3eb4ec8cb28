/* Keywords of materials, sections and springs: *MATERIAL, *ELASTIC, *DENSITY, *SOLID SECTION,
 * *SPRING (docs/deck.md, "Keywords"). */
#include <stdio.h>
#include <string.h>

#include "deck/inp_internal.h"

int inp_material_begin(inp_rd *p)
{
  SBUF;
  sn_model *m = p->m;
  char name[MAXNAME + 1];
  int r = inp_par_name(p, "NAME", 1, name);
  if (r) return r;
  if (inp_name_find(p, NS_MAT, name) >= 0) return inp_fail(p, "material '%s' is defined twice", SHOW(name));
  GROW(m->materials, p->cap_mat, (size_t)m->nmaterials + 1);
  sn_material *t = &m->materials[m->nmaterials];
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "%s", name);
  p->cur_mat = m->nmaterials++;
  return inp_name_add(p, NS_MAT, p->cur_mat);
}

int inp_elastic_begin(inp_rd *p)
{
  SBUF;
  if (p->cur_mat < 0) return inp_fail(p, "*ELASTIC outside a *MATERIAL definition");
  inp_param *q = inp_par(p, "TYPE");
  if (q && (!q->val || (strcmp(q->val, "ISO") && strcmp(q->val, "ISOTROPIC"))))
    return inp_fail(p, "*ELASTIC, TYPE=%s is not supported (only TYPE=ISO)", q->val ? SHOW(q->val) : "");
  if (p->m->materials[p->cur_mat].has_elastic)
    return inp_fail(p, "material '%s' has a second *ELASTIC", p->m->materials[p->cur_mat].name);
  if (p->m->materials[p->cur_mat].has_hyper)
    return inp_fail(p, "material '%s' has both *ELASTIC and *HYPERELASTIC", p->m->materials[p->cur_mat].name);
  return SN_OK;
}

int inp_elastic_data(inp_rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  int r;
  if (p->ndata) return inp_fail(p, "temperature-dependent *ELASTIC data (several data lines) is not supported");
  if (p->nf < 2 || p->nf > 3)
    return inp_fail(p, "*ELASTIC data line: expected E, nu[, temperature], found %d field%s", p->nf, p->nf == 1 ? "" : "s");
  double E, nu, T;
  if ((r = inp_get_dbl(p, p->f[0], "Young's modulus", &E)) || (r = inp_get_dbl(p, p->f[1], "Poisson's ratio", &nu))) return r;
  if (p->nf == 3 && (r = inp_get_dbl(p, p->f[2], "temperature", &T))) return r;
  if (!(E > 0)) return inp_fail(p, "Young's modulus %g must be positive", E);
  if (!(nu > -1 && nu < 0.5)) return inp_fail(p, "Poisson's ratio %g must lie in (-1, 0.5)", nu);
  t->E = E;
  t->nu = nu;
  t->has_elastic = 1;
  return SN_OK;
}

int inp_density_begin(inp_rd *p)
{
  if (p->cur_mat < 0) return inp_fail(p, "*DENSITY outside a *MATERIAL definition");
  if (p->m->materials[p->cur_mat].has_density)
    return inp_fail(p, "material '%s' has a second *DENSITY", p->m->materials[p->cur_mat].name);
  return SN_OK;
}

int inp_density_data(inp_rd *p)
{
  sn_material *t = &p->m->materials[p->cur_mat];
  int r;
  double rho, T;
  if (p->ndata) return inp_fail(p, "temperature-dependent *DENSITY data (several data lines) is not supported");
  if (p->nf < 1 || p->nf > 2)
    return inp_fail(p, "*DENSITY data line: expected density[, temperature], found %d fields", p->nf);
  if ((r = inp_get_dbl(p, p->f[0], "density", &rho))) return r;
  if (p->nf == 2 && (r = inp_get_dbl(p, p->f[1], "temperature", &T))) return r;
  if (rho < 0) return inp_fail(p, "density %g is negative", rho);
  t->density = rho;
  t->has_density = 1;
  return SN_OK;
}

int inp_section_begin(inp_rd *p) { return inp_section_add(p, INP_ST_NONE); }

int inp_section_add(inp_rd *p, int kind)
{
  static const char *const kw[3] = {"*SOLID SECTION", "*SHELL SECTION", "*BEAM SECTION"};
  static const char *const what[3] = {"a continuum element", "a shell (S8, S8R)", "a beam (B32, B32R)"};
  sn_model *m = p->m;
  char set[MAXNAME + 1], mat[MAXNAME + 1];
  int r, s;
  if ((r = inp_par_name(p, "ELSET", 1, set)) || (r = inp_par_name(p, "MATERIAL", 1, mat))) return r;
  if ((r = inp_need_set(p, SN_SET_ELEM, set, &s))) return r;
  size_t need = (size_t)m->nsections + 1, c1 = p->cap_sec, c2 = p->cap_sec;
  GROW(p->stsec, p->cap_stsec, need);
  memset(&p->stsec[m->nsections], 0, sizeof *p->stsec);
  p->stsec[m->nsections].kind = kind;
  GROW(m->sections, p->cap_sec, need);
  GROW(p->sec_mat, c1, need);
  GROW(p->sec_file, c2, need);
  int k = m->nsections;
  sn_section *sec = &m->sections[k];
  memset(sec, 0, sizeof *sec);
  sec->elset = s;
  sec->material = -1;
  sec->thickness = 1.0;
  sec->line = p->line;
  strcpy(p->sec_mat[k], mat);
  p->sec_file[k] = p->file;
  m->nsections++;
  const sn_set *S = &m->sets[s];
  int nre = 0, first = -1, prev = -1;
  for (int i = 0; i < S->n; i++) {
    int e = S->items[i];
    if (m->elem_type[e] == SN_EL_SPRINGA)
      return inp_fail(p, "element %d is a SPRINGA spring: springs take *SPRING, not %s", m->elem_id[e], kw[kind]);
    int ek = p->el_struct ? p->el_struct[e] : 0;
    if (ek != kind)
      return inp_fail(p, "element %d is %s: it takes %s, not %s", m->elem_id[e], what[ek], kw[ek], kw[kind]);
    if (m->elem_section[e] >= 0 && nre++ == 0) first = e, prev = m->elem_section[e];
    m->elem_section[e] = k;   /* a later section replaces an earlier one, as in CalculiX 2.20 */
  }
  p->cur_sec = k;
  if (nre)
    return inp_note(p, "%s replaces the section of %d element%s that had one (element %d: line %d), as CalculiX does",
                    kw[kind], nre, nre == 1 ? "" : "s", m->elem_id[first], m->sections[prev].line);
  return SN_OK;
}

int inp_section_data(inp_rd *p)
{
  int r;
  if (p->ndata) return inp_fail(p, "*SOLID SECTION takes one data line (thickness or area)");
  if (p->nf != 1) return inp_fail(p, "*SOLID SECTION data line: expected one value (thickness or area), found %d", p->nf);
  double t;
  if ((r = inp_get_dbl(p, p->f[0], "thickness or area", &t))) return r;
  if (!(t > 0)) return inp_fail(p, "thickness or area %g must be positive", t);
  p->m->sections[p->cur_sec].thickness = t;
  return SN_OK;
}

int inp_section_end(inp_rd *p)
{
  const sn_model *m = p->m;
  if (p->ndata) return SN_OK;
  const sn_set *S = &m->sets[m->sections[p->cur_sec].elset];
  for (int i = 0; i < S->n; i++) {
    sn_eltype t = m->elem_type[S->items[i]];
    if (t == SN_EL_T2D2 || t == SN_EL_T3D2)
      return inp_fail_at(p, p->kw_file, p->kw_line, "section of truss element %d needs the cross-section area on its data line",
                     m->elem_id[S->items[i]]);
  }
  return SN_OK;
}

int inp_spring_begin(inp_rd *p)
{
  sn_model *m = p->m;
  char set[MAXNAME + 1];
  int r, s, nl;
  if ((r = inp_par_name(p, "ELSET", 1, set)) || (r = inp_par_flag(p, "NONLINEAR", &nl))) return r;
  if ((r = inp_need_set(p, SN_SET_ELEM, set, &s))) return r;
  GROW(m->springs, p->cap_spr, (size_t)m->nsprings + 1);
  int k = m->nsprings;
  sn_spring *sp = &m->springs[k];
  memset(sp, 0, sizeof *sp);
  sp->elset = s;
  sp->line = p->line;
  sp->ntab = nl ? -1 : 0;                  /* -1 while the table is read */
  m->nsprings++;
  const sn_set *S = &m->sets[s];
  for (int i = 0; i < S->n; i++) {
    int e = S->items[i];
    if (m->elem_type[e] != SN_EL_SPRINGA)
      return inp_fail(p, "element %d (%s) in ELSET=%s is not a SPRINGA element", m->elem_id[e],
                  sn_element_desc(m->elem_type[e])->name, S->name);
    if (m->elem_spring[e] >= 0)
      return inp_fail(p, "element %d already has a *SPRING (line %d)", m->elem_id[e], m->springs[m->elem_spring[e]].line);
    m->elem_spring[e] = k;
  }
  p->cur_spr = k;
  p->cap_item = 0;
  return SN_OK;
}

int inp_spring_data(inp_rd *p)
{
  sn_spring *sp = &p->m->springs[p->cur_spr];
  int r;
  if (sp->ntab == 0) {
    if (p->ndata) return inp_fail(p, "linear *SPRING takes one data line (the spring constant)");
    if (p->nf != 1) return inp_fail(p, "*SPRING data line: expected the spring constant, found %d fields", p->nf);
    if ((r = inp_get_dbl(p, p->f[0], "spring constant", &sp->k))) return r;
    if (!(sp->k > 0)) return inp_fail(p, "spring constant %g must be positive", sp->k);
    return SN_OK;
  }
  if (p->nf != 2)
    return inp_fail(p, "*SPRING, NONLINEAR data line: expected force, elongation, found %d field%s%s", p->nf,
                p->nf == 1 ? "" : "s", p->nf == 3 ? " (temperature-dependent tables are not supported)" : "");
  double F, d;
  if ((r = inp_get_dbl(p, p->f[0], "spring force", &F)) || (r = inp_get_dbl(p, p->f[1], "elongation", &d))) return r;
  int n = p->ndata;
  if (n >= MAXLIST) return inp_fail(p, "too many points in the spring table");
  if (n && !(d > sp->elong[n - 1])) return inp_fail(p, "spring table: elongation %g does not increase (previous %g)", d, sp->elong[n - 1]);
  size_t c2 = p->cap_item;
  GROW(sp->force, p->cap_item, (size_t)n + 1);
  GROW(sp->elong, c2, (size_t)n + 1);
  sp->force[n] = F;
  sp->elong[n] = d;
  return SN_OK;
}

int inp_spring_end(inp_rd *p)
{
  sn_spring *sp = &p->m->springs[p->cur_spr];
  if (sp->ntab == 0) {
    if (!p->ndata) return inp_fail_at(p, p->kw_file, p->kw_line, "*SPRING needs a data line with the spring constant");
    return SN_OK;
  }
  sp->ntab = p->ndata;
  if (p->ndata < 2) return inp_fail_at(p, p->kw_file, p->kw_line, "*SPRING, NONLINEAR needs at least two force, elongation lines");
  return SN_OK;
}
