/* The integration points of 2D elements in CalculiX' *EL PRINT layout (ip_layers.h).
 *
 * Rows: layer L (0-based) of n, then the element's own points in their order, so that row
 * L * nip + p (1-based number L * nip + p + 1) holds point p. Layer abscissae: the Gauss points
 * through the thickness, -1/sqrt 3, +1/sqrt 3 (two layers) or -sqrt(3/5), 0, +sqrt(3/5) (three).
 *
 * Axisymmetric elements: the expanded element spans -1 .. +1 degree, the layer at abscissa
 * zeta lies at the angle phi = zeta degrees, where the radial, axial and hoop directions are
 * e_r = (cos phi, 0, sin phi), e_y, e_t = (-sin phi, 0, cos phi). The tensor T of the 2D point
 * (xx = rr, yy, zz = hoop, xy = ry) becomes R T R^T with R = [e_r e_y e_t] (columns):
 *   xx = c^2 rr + s^2 tt,  zz = s^2 rr + c^2 tt,  xz = s c (rr - tt),  xy = c ry,  yz = s ry.
 * Exact for the 20-node bricks (quadratic through the thickness); ccx's linear 8-node brick
 * (CAX4) carries about half of the out-of-plane shears xz and yz (measured: docs/deck.md). */
#include "analysis/ip_layers.h"

#include <math.h>
#include <string.h>

int sn_ip_layers(sn_eltype t, int nip)
{
  const sn_eldesc *d = sn_element_desc(t);
  if (!d || d->sdim != 2) return 1;
  if (d->kind != SN_KIND_PLANE_STRAIN && d->kind != SN_KIND_PLANE_STRESS && d->kind != SN_KIND_AXISYM) return 1;
  if (nip == 1 || nip == 4) return 2;   /* C3D6 (triangle centroid), C3D8 / C3D20R */
  if (nip == 3 || nip == 9) return 3;   /* C3D15, C3D20 */
  return 1;
}

double sn_ip_layer_zeta(int nl, int layer)
{
  if (nl == 2) return (layer == 0 ? -1.0 : 1.0) / sqrt(3.0);
  if (nl == 3) return (layer - 1) * sqrt(0.6);
  return 0.0;
}

void sn_ip_layer_value(sn_eltype t, int nip, int layer, const double *v, int nc, double *out)
{
  const sn_eldesc *d = sn_element_desc(t);
  int n = sn_ip_layers(t, nip);
  memcpy(out, v, sizeof(double) * (size_t)nc);
  if (!d || d->kind != SN_KIND_AXISYM || nc != 6 || n < 2) return;
  double zeta = sn_ip_layer_zeta(n, layer);
  double phi = zeta * 0.017453292519943295769 /* pi / 180 */, c = cos(phi), s = sin(phi);
  double rr = v[0], tt = v[2], ry = v[3];
  out[0] = c * c * rr + s * s * tt;
  out[2] = s * s * rr + c * c * tt;
  out[3] = c * ry;
  out[4] = s * c * (rr - tt) + 0.0;   /* + 0.0: no "-0" in the middle layer */
  out[5] = s * ry + 0.0;
}
