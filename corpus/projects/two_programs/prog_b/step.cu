/* program b's own step, with a tile of 32: the same name and signature as
 * the other program's, another kernel */
__global__ void step(float *x, int n)
{
    __shared__ float t[32];
    t[threadIdx.x % 32] = x[blockIdx.x * 32 + threadIdx.x % 32];
    __syncthreads();
    x[blockIdx.x * 32 + threadIdx.x % 32] = t[31 - threadIdx.x % 32];
}
