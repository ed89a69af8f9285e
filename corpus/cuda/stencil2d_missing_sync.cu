//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// expect: racy — tile: thread (tx=1,ty=0) writes tile[1][2] while thread (tx=0,ty=0) reads its east neighbour tile[ty+1][tx+2] = tile[1][2], with no barrier in between.
// 2-D halo stencil without the barrier after the tile fill.
#define BX 16
#define BY 16

__global__ void jacobi2dNoSync(const float *in, float *out, int nx, int ny)
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
    // BUG: missing __syncthreads()

    if (x < nx && y < ny)
        out[y * nx + x] = 0.2f * (tile[ty + 1][tx + 1] +
                                  tile[ty + 1][tx] + tile[ty + 1][tx + 2] +
                                  tile[ty][tx + 1] + tile[ty + 2][tx + 1]);
}
