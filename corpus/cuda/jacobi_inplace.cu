//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// expect: racy — u: thread (x,y) writes u[y*nx+x] while thread (x+1,y) reads its west neighbour u[y*nx+x] in the same launch.
// Jacobi relaxation written in place ("Gauss-Seidel by accident"): the
// neighbours being read are being overwritten concurrently.
__global__ void jacobiInPlace(float *u, int nx, int ny)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    if (x > 0 && x < nx - 1 && y > 0 && y < ny - 1) {
        u[y * nx + x] = 0.25f * (u[y * nx + x - 1] + u[y * nx + x + 1] +
                                 u[(y - 1) * nx + x] + u[(y + 1) * nx + x]);
    }
}
