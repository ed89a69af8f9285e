//pass
//--blockDim=64 --gridDim=1
// expect: drf — L: p[t] covers bytes 0..63, one per thread, and thread 0 alone writes L[1][0][0][0] (byte 64); the reads follow the barrier.
// Byte flags of a 2x4x4x4 occupancy grid, set through a flat char pointer.
__global__ void markCells(const int *hit, char *out)
{
    __shared__ char L[2][4][4][4];
    int t = threadIdx.x;
    char *p = &L[0][0][0][0];
    p[t] = hit[t] != 0;
    if (t == 0)
        L[1][0][0][0] = 1; // the first byte past the threads' 64
    __syncthreads();
    out[t] = L[0][t / 16][(t / 4) % 4][t % 4];
}
