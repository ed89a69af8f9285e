//pass
//--blockDim=64 --gridDim=1
// expect: drf — each thread fills its own four cells s[4t .. 4t+3] in an unrolled loop, then a barrier, then reads its neighbour's: the loop is modelled exactly, not dropped and not approximated.
__global__ void k(int *out)
{
    __shared__ int s[256];
#pragma unroll 4
    for (int i = 0; i < 4; i++)
        s[4 * threadIdx.x + i] = i;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 4; i++)
        out[4 * threadIdx.x + i] = s[(4 * threadIdx.x + 4 + i) % 256];
}
