//pass
//--blockDim=[16,16] --gridDim=[8,8]
// expect: drf — u is only read and each interior thread writes its own unew[y*nx+x] (x < nx-1 makes the index one cell per thread).
// Jacobi relaxation with separate input and output grids.
__global__ void jacobiStep(const float *u, float *unew, int nx, int ny)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    if (x > 0 && x < nx - 1 && y > 0 && y < ny - 1) {
        unew[y * nx + x] = 0.25f * (u[y * nx + x - 1] + u[y * nx + x + 1] +
                                    u[(y - 1) * nx + x] + u[(y + 1) * nx + x]);
    }
}
