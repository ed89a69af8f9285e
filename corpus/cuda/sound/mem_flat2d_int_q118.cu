//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — L: thread 0 writes q[118] (L[7][6]) while thread 1 writes L[7][6], with no barrier.
// Two threads patch entries of a 8x16 table, one through a flat pointer.
__global__ void patchTable(const int *in, int *out)
{
    __shared__ int L[8][16];
    int t = threadIdx.x;
    int *q = &L[0][0];
    q[t] = in[t];
    q[t + 64] = in[t + 64];
    __syncthreads();
    if (t == 0)
        q[118] = -1;
    if (t == 1)
        L[7][6] = -2; // BUG: 118 = 7 * 16 + 6, the same cell
    __syncthreads();
    out[t] = L[t / 16][t % 16] + L[4 + t / 16][t % 16];
}
