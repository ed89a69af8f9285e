//pass
//--blockDim=64 --gridDim=1
// expect: drf — L: q[118] is L[7][6], written by thread 0 only; thread 1 writes L[7][7]; barriers separate the fill, the patch and the reads.
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
        L[7][7] = -2; // 7 * 16 + 7 = 119, the next cell
    __syncthreads();
    out[t] = L[t / 16][t % 16] + L[4 + t / 16][t % 16];
}
