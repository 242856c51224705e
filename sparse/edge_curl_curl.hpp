#pragma once
// The problem class of the VPBi-CGSTAB paper: the curl-curl matrix of lowest-order edge (Nedelec)
// elements for a 3-D electromagnetic problem, on a structured mesh of nx x ny x nz hexahedral cells
// with spacings hx, hy, hz and perfectly conducting walls (the edges in the boundary surface are
// eliminated).
//
// How it is built. The unknowns are the tangential line integrals along the interior edges, each
// edge oriented along +x, +y or +z. On a cell, the basis function of an x-edge at local offsets
// (b, c) in y and z is e_x L_b(y) L_c(z) / hx, with L_0 = 1 - t/h and L_1 = t/h the 1-D hat
// functions (similarly for y- and z-edges), so its line integral along its own edge is 1 and 0
// along the others. Its curl is (0, L_b(y) L_c'(z), -L_b'(y) L_c(z)) / hx: every curl component is
// a product of one factor per coordinate, and the 12 x 12 cell matrix int curl N_m . curl N_n is
// a sum of products of the 1-D integrals of those factors. The matrix is 6 times these integrals
// (curl_curl_scale): their denominators are 6 times powers of the spacings, so on spacings that
// are powers of two every entry is exact in double, the gradients lie exactly in the null space
// and curl_curl_rhs is exactly consistent, in every format (the solution is 1/6 of the unscaled
// problem's). A row of the global matrix adds the cell matrices of the (up to four) cells around
// its edge. Unknowns are numbered level by level in z (x-, y-, then z-edges of each level), so
// consecutive rows form slabs: a row-block partition's halo is about one level of edges.
//
// Properties (tests/sparse/test_edge_curl_curl.cpp): symmetric; singular, with the gradients of the
// interior nodal hat functions (discrete_gradient) in its null space; positive semidefinite; 33
// nonzeros in a row of an interior edge (9 parallel and 24 crossing edges of its four cells), fewer
// next to the walls (the VPBi-CGSTAB paper's matrix: 27.5 M nonzeros in 1.7 M rows, 16 per row on
// average). With nx = ny = nz = n there are 3 n (n - 1)^2 unknowns: n = 83 gives 1,674,276 and
// n = 84 gives 1,736,028, around the paper's 1,709,028.
#include <cstdint>
#include <vector>

#include "sparse/csr_matrix.hpp"

namespace kamp::sparse {

constexpr double curl_curl_scale = 6;

struct structured_mesh {
  std::int64_t nx = 1, ny = 1, nz = 1;  // cells per direction
  double hx = 1, hy = 1, hz = 1;        // cell sizes
};

// Interior edges, the unknowns of edge_curl_curl (for meshes that check_mesh accepts).
std::int64_t edge_unknowns(const structured_mesh& mesh);
// The unknowns of the largest cube mesh whose matrix csr_host can index (32-bit columns): 895^3
// cells, 2,145,948,660 unknowns.
std::int64_t max_cube_unknowns();
// The cube of n^3 cells (unit spacing) with the fewest cells whose unknown count reaches `unknowns`.
// Throws kamp::invalid_argument naming "unknowns" above max_cube_unknowns().
structured_mesh cube_mesh_with_unknowns(std::int64_t unknowns);

// The stiffness matrix. Throws kamp::invalid_argument naming "mesh.nx" (.ny, .nz, .hx, ...) for
// fewer than 2 cells in a direction or a spacing that is not positive and finite, and "mesh" for
// more than 2^31 - 1 unknowns (csr_host's 32-bit columns) or a matrix larger than the process can
// allocate (core/memory_limit.hpp), before anything is allocated.
csr_host edge_curl_curl(const structured_mesh& mesh);

// A right-hand side in the matrix's range: b = C^T w for the discrete curl C (faces x edges,
// entries +-1) and w small random integers (seeded), so G^T b = 0 exactly and b is a discrete
// divergence-free source; every sum is exact in double.
std::vector<double> curl_curl_rhs(const structured_mesh& mesh, std::uint64_t seed);

// The discrete gradient: interior edges x interior nodes, +1 at an edge's head and -1 at its tail.
csr_host discrete_gradient(const structured_mesh& mesh);

}  // namespace kamp::sparse
