/* program a's own step, with a tile of 64: the same name and signature as
 * the other program's, another kernel */
__global__ void step(float *x, int n)
{
    __shared__ float t[64];
    t[threadIdx.x % 64] = x[blockIdx.x * 64 + threadIdx.x % 64];
    __syncthreads();
    x[blockIdx.x * 64 + threadIdx.x % 64] = t[63 - threadIdx.x % 64];
}
