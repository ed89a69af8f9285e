//pass
//--blockDim=[16,16] --gridDim=[8,8]
// expect: drf — tile's interior, left/right columns and top/bottom rows are written by disjoint threads before the barrier and only read after it; out[y*nx+x] is guarded by x < nx && y < ny.
// 5-point Jacobi step on an nx x ny grid with a one-cell halo in a shared
// tile; loads are clamped to the domain, the barrier is unconditional.
#define BX 16
#define BY 16

__global__ void jacobi2dShared(const float *in, float *out, int nx, int ny)
{
    __shared__ float tile[BY + 2][BX + 2];

    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BX + tx;
    int y = blockIdx.y * BY + ty;
    int cx = min(x, nx - 1);
    int cy = min(y, ny - 1);

    tile[ty + 1][tx + 1] = in[cy * nx + cx];
    if (tx == 0)      tile[ty + 1][0]      = in[cy * nx + max(cx - 1, 0)];
    if (tx == BX - 1) tile[ty + 1][BX + 1] = in[cy * nx + min(cx + 1, nx - 1)];
    if (ty == 0)      tile[0][tx + 1]      = in[max(cy - 1, 0) * nx + cx];
    if (ty == BY - 1) tile[BY + 1][tx + 1] = in[min(cy + 1, ny - 1) * nx + cx];
    __syncthreads();

    if (x < nx && y < ny)
        out[y * nx + x] = 0.2f * (tile[ty + 1][tx + 1] +
                                  tile[ty + 1][tx] + tile[ty + 1][tx + 2] +
                                  tile[ty][tx + 1] + tile[ty + 2][tx + 1]);
}
